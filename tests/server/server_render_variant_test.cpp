// GET /v1/render with variant=: the card of a variant puzzle is the one `sudokit book --variant V
// --one-per-file` writes, byte for byte, puzzle and answer (the answer solved under the
// variant's rules): X from a plain line, jigsaw from "PUZZLE REGIONS", killer from a jsonl
// record with its cages (percent-encoded in the query). An unknown variant is a 400, and so
// is a puzzle that is not unique under its variant's rules.
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <random>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "../cli/cli_support.hpp"
#include "server_support.hpp"

namespace sudokit::testing {
namespace {

const std::string kXPuzzle = "1.3.5.........3...4......2....2...4..........5..69.8...6...............2.95.6.3..";
const std::string kJigsaw = "1.3.5...................2.33.4...9....2.......9.....7.........4.4.731..82..6..... "
                            "111222333111222333112252333414455666444555666444556696777858899777888999777888999";
const std::string kKillerSolution = "468931527751624839392578461134756298289413675675289314846192753513867942927345186";
const std::string kKillerCageMap = "AABCCDEEFGABHDDIFFGJJHKLIMMNNOOKLPPQRSSTTUUVQRWXXYYZVabWcddeZfabgchiejfkbgghiijkk";

std::string killer_record() {
  std::map<char, std::size_t> index;
  nlohmann::json cages = nlohmann::json::array();
  for (int cell = 0; cell < 81; ++cell) {
    const auto [it, fresh] = index.try_emplace(kKillerCageMap[static_cast<std::size_t>(cell)], cages.size());
    if (fresh) cages.push_back({{"sum", 0}, {"cells", nlohmann::json::array()}});
    cages[it->second]["cells"].push_back(cell);
    cages[it->second]["sum"] = cages[it->second]["sum"].get<int>() + (kKillerSolution[static_cast<std::size_t>(cell)] - '0');
  }
  return nlohmann::json{{"puzzle", std::string(81, '.')}, {"cages", cages}}.dump();
}

std::string percent_encoded(const std::string& text) {
  static const char* kHex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text) {
    if (std::isalnum(c) || c == '.' || c == '-' || c == '_') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

std::string file_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(ServerRenderVariant, CardsAreTheVariantBooksCards) {
  TestServer server;
  HttpConnection http(server.port());
  if (http.get("/v1/render?puzzle=" + kXPuzzle).status == 404u) GTEST_SKIP() << "built without the book renderer";
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("sudokit_render_variant_" + std::to_string(std::random_device{}()));
  std::filesystem::create_directories(dir);
  struct Case {
    std::string variant, record;
  };
  for (const Case& c : {Case{"x", kXPuzzle}, Case{"jigsaw", kJigsaw}, Case{"killer", killer_record()}}) {
    SCOPED_TRACE(c.variant);
    const std::string query = "/v1/render?variant=" + c.variant + "&puzzle=" + percent_encoded(c.record);
    const HttpReply card = http.get(query);
    ASSERT_EQ(card.status, 200u) << card.body;
    EXPECT_EQ(card.header("content-type"), "image/svg+xml");
    const HttpReply answer = http.get(query + "&answer=true");
    ASSERT_EQ(answer.status, 200u) << answer.body;

    TempFile input(c.record + "\n", c.variant == "killer" ? ".jsonl" : ".txt");
    const std::string out = (dir / (c.variant + ".svg")).string();
    const CliResult cli = run_sudokit({"book", "--variant", c.variant, input.path(), "--one-per-file", "-o", out});
    ASSERT_EQ(cli.exit_code, 0) << cli.err;
    EXPECT_EQ(card.body, file_bytes(dir / (c.variant + "-001.svg")));
    EXPECT_EQ(answer.body, file_bytes(dir / (c.variant + "-001-answer.svg")));
  }
  std::filesystem::remove_all(dir);

  // The X card is not the classic card of the same digits; the X answer needs the X rules
  // (as classic, the puzzle has several solutions).
  EXPECT_NE(http.get("/v1/render?variant=x&puzzle=" + kXPuzzle).body, http.get("/v1/render?puzzle=" + kXPuzzle).body);
  const HttpReply classic_answer = http.get("/v1/render?answer=true&puzzle=" + kXPuzzle);
  EXPECT_EQ(classic_answer.status, 400u);
  EXPECT_NE(classic_answer.body.find("more than one solution"), std::string::npos) << classic_answer.body;
  const HttpReply unknown = http.get("/v1/render?variant=sudoku&puzzle=" + kXPuzzle);
  EXPECT_EQ(unknown.status, 400u);
  EXPECT_NE(unknown.body.find("variant=sudoku"), std::string::npos) << unknown.body;
}

}  // namespace
}  // namespace sudokit::testing
