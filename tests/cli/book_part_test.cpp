// book_part_test.cpp: the program loads its book renderer only to draw (plugins/,
// sudokit/plugin.hpp). Checked on the built binary with the dynamic loader's own trace
// (LD_DEBUG=files lists every object it maps): a record command maps neither cairo, pango,
// the book part nor MPI; a book maps the book part; and when the part cannot be found the
// book commands say which file and why, while every other command runs as before.
#include <stdlib.h>

#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli_support.hpp"

namespace {

using sudokit::testing::run_sudokit;
using sudokit::testing::TempFile;

constexpr const char* kPuzzle =
    "530070000600195000098000060800060003400803001700020006060000280000419005000080079";
constexpr const char* kSolution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// Sets an environment variable for the life of the object (the program inherits `environ`).
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::string& value) : name_(name) { ::setenv(name, value.c_str(), 1); }
  ~ScopedEnv() { ::unsetenv(name_); }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
};

TEST(CliBookPart, RecordCommandsMapNeitherTheBookRendererNorMpi) {
  for (const std::string command : {"solve", "verify", "grade"}) {
    sudokit::testing::CliResult r;
    {
      ScopedEnv trace("LD_DEBUG", "files");
      r = run_sudokit({command}, std::string(kPuzzle) + "\n");
    }
    ASSERT_EQ(r.exit_code, 0) << command << "\n" << r.err.substr(0, 2000);
    // The trace works (the program's own dependencies are in it)...
    EXPECT_NE(r.err.find("libtbb"), std::string::npos) << command << ": no loader trace?\n" << r.err.substr(0, 2000);
    // ...and names none of the parts loaded only on demand, nor what they pull in.
    for (const char* library : {"libcairo", "libpango", "libfontconfig", "libglib", "libsudokit-book", "libmpi",
                                "libsudokit-mpi", "libopen-pal"})
      EXPECT_EQ(r.err.find(library), std::string::npos) << command << " mapped " << library;
  }
}

TEST(CliBookPart, DrawingABookLoadsTheBookPart) {
  TempFile puzzles(std::string(kPuzzle) + "\n", ".txt");
  TempFile pdf("", ".pdf");
  sudokit::testing::CliResult r;
  {
    ScopedEnv trace("LD_DEBUG", "files");
    r = run_sudokit({"book", puzzles.path(), "-o", pdf.path()});
  }
  ASSERT_EQ(r.exit_code, 0) << r.err.substr(0, 4000);
  EXPECT_NE(r.err.find("libsudokit-book.so"), std::string::npos);
  EXPECT_NE(r.err.find("libcairo"), std::string::npos);
  EXPECT_EQ(pdf.read().rfind("%PDF-", 0), 0u);
}

TEST(CliBookPart, WithoutItsPartABookSaysWhyAndTheRestStillWorks) {
  const std::filesystem::path empty = std::filesystem::temp_directory_path() / "sudokit-no-parts-here";
  std::filesystem::create_directories(empty);
  ScopedEnv nowhere("SUDOKIT_PLUGIN_DIR", empty.string());
  TempFile puzzles(std::string(kPuzzle) + "\n", ".txt");
  TempFile pdf("", ".pdf");

  auto solved = run_sudokit({"solve"}, std::string(kPuzzle) + "\n");
  EXPECT_EQ(solved.exit_code, 0) << solved.err;
  EXPECT_EQ(solved.out, std::string(kSolution) + "\n");

  auto book = run_sudokit({"book", puzzles.path(), "-o", pdf.path()});
  EXPECT_NE(book.exit_code, 0);
  EXPECT_NE(book.err.find("book renderer"), std::string::npos) << book.err;
  EXPECT_NE(book.err.find((empty / "libsudokit-book.so").string()), std::string::npos) << book.err;
  EXPECT_TRUE(pdf.read().empty());

  // generate --book refuses before generating anything (its options are checked first).
  TempFile generated_pdf("", ".pdf");
  auto generate = run_sudokit({"generate", "--count", "2", "--book", generated_pdf.path()});
  EXPECT_NE(generate.exit_code, 0);
  EXPECT_NE(generate.err.find("libsudokit-book.so"), std::string::npos) << generate.err;
  EXPECT_TRUE(generate.out.empty()) << generate.out;

  auto cover = run_sudokit({"cover", "--pages", "100", "-o", pdf.path()});
  EXPECT_NE(cover.exit_code, 0);
  EXPECT_NE(cover.err.find("libsudokit-book.so"), std::string::npos) << cover.err;
  std::filesystem::remove_all(empty);
}

}  // namespace
