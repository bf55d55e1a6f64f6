// main_test.cpp: the program-level contract of `sudokit` (cli/main.cpp): help, version,
// unknown commands and the exit codes of cli/common.hpp (0 ok, 1 some record failed,
// 2 usage or I/O), checked on the built binary.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli_support.hpp"

namespace {

using sudokit::testing::run_sudokit;

TEST(CliMain, HelpListsCommandsAndExitsZero) {
  for (const std::string flag : {"--help", "-h", "help"}) {
    auto r = run_sudokit({flag});
    EXPECT_EQ(r.exit_code, 0) << flag << "\n" << r.err;
    EXPECT_NE(r.out.find("usage: sudokit COMMAND"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("solve"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("verify"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("exit codes"), std::string::npos) << r.out;
  }
}

TEST(CliMain, VersionPrintsNameAndVersion) {
  for (const std::string flag : {"--version", "-V"}) {
    auto r = run_sudokit({flag});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    ASSERT_EQ(r.out.rfind("sudokit ", 0), 0u) << r.out;
    // "sudokit X.Y.Z\n": a dotted version and nothing more.
    const std::string version = r.out.substr(8);
    ASSERT_FALSE(version.empty());
    EXPECT_EQ(version.back(), '\n');
    EXPECT_NE(version.find('.'), std::string::npos) << version;
    EXPECT_EQ(version.find(' '), std::string::npos) << version;
  }
}

TEST(CliMain, NoArgumentsIsUsageErrorWithUsageOnStderr) {
  auto r = run_sudokit({});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_NE(r.err.find("usage"), std::string::npos) << r.err;
}

TEST(CliMain, UnknownCommandExitsTwoAndNamesIt) {
  auto r = run_sudokit({"frobnicate", "x"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_NE(r.err.find("frobnicate"), std::string::npos) << r.err;
}

// Every command listed by --help answers its own --help with exit 0 and a usage text.
TEST(CliMain, EachSubcommandHelpExitsZero) {
  auto listing = run_sudokit({"--help"});
  ASSERT_EQ(listing.exit_code, 0);
  std::vector<std::string> names;
  bool in_commands = false;
  for (const std::string& line : sudokit::testing::split_lines(listing.out)) {
    if (line == "commands:") {
      in_commands = true;
      continue;
    }
    if (in_commands) {
      if (line.size() < 3 || line.rfind("  ", 0) != 0) break;
      names.push_back(line.substr(2, line.find(' ', 2) - 2));
    }
  }
  ASSERT_GE(names.size(), 2u) << listing.out;
  for (const std::string& name : names) {
    auto r = run_sudokit({name, "--help"});
    EXPECT_EQ(r.exit_code, 0) << name << ": " << r.err;
    EXPECT_NE(r.out.find("usage: sudokit " + name), std::string::npos) << name << ": " << r.out;
    EXPECT_NE(r.out.find("--help"), std::string::npos) << name;
  }
}

TEST(CliMain, UnknownOptionIsUsageError) {
  for (const std::string command : {"solve", "verify"}) {
    auto r = run_sudokit({command, "--no-such-option"}, "");
    EXPECT_EQ(r.exit_code, 2) << command;
    EXPECT_NE(r.err.find("sudokit " + command + ":"), std::string::npos) << r.err;
  }
}

TEST(CliMain, BadOptionValuesAreUsageErrors) {
  const std::vector<std::vector<std::string>> cases = {
      {"solve", "--format", "xml"},   {"solve", "--engine", "magic"}, {"solve", "--limit", "0"},
      {"solve", "--threads", "-1"},   {"solve", "--size", "99"},      {"solve", "--box", "2y3"},
      {"solve", "--alphabet", "1123"}, {"verify", "--format", "xml"},  {"verify", "--engine", "magic"},
      {"solve", "--size", "9", "--box", "2x3"},
  };
  for (const auto& args : cases) {
    auto r = run_sudokit(args, "");
    std::string joined;
    for (const auto& a : args) joined += a + " ";
    EXPECT_EQ(r.exit_code, 2) << joined << "\n" << r.err;
    EXPECT_FALSE(r.err.empty()) << joined;
    EXPECT_TRUE(r.out.empty()) << joined << "\n" << r.out;
  }
  // A command names the layouts it has: verify and grade have no grid layout.
  for (const std::string command : {"verify", "grade"}) {
    const auto r = run_sudokit({command, "--format", "xml"}, "");
    EXPECT_NE(r.err.find("(use line, jsonl or csv)"), std::string::npos) << r.err;
  }
  EXPECT_NE(run_sudokit({"solve", "--format", "xml"}, "").err.find("(use line, grid, jsonl or csv)"), std::string::npos);
}

}  // namespace
