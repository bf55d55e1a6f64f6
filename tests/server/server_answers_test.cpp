// The server's answers are the program's: for the same records and options, the body of
// POST /v1/CMD?options is byte for byte the standard output of `sudokit CMD --format jsonl
// --options` (differential, over records from the shared collections, unreadable and
// clashing records, jsonl and csv input with carried fields, and binary noise), and
// POST /v1/generate is `sudokit generate --format jsonl`. Also: the answer's framing
// (ndjson, chunked, several chunks for a large body), the per-record time budget and its
// cap (status unknown), the records-per-request limit, the token, /healthz, /metrics, /, and
// GET /v1/render (the same SVG card `sudokit book --one-per-file` writes).
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "../cli/cli_support.hpp"
#include "server_support.hpp"

namespace sudokit::testing {
namespace {

std::string mixed_records() {
  std::vector<std::string> lines = data_lines("puzzles/top1465.txt", 30);
  for (const auto& l : data_lines("puzzles/17_clue.txt", 10)) lines.push_back(l);
  for (const auto& l : data_lines("puzzles/serg_multi.txt", 5)) lines.push_back(l);
  lines.push_back("hello world");
  lines.push_back("11...............................................................................");
  lines.push_back("123");
  return join_lines(lines);
}

struct Case {
  std::string command;
  std::string query;               // after '?'
  std::vector<std::string> flags;  // the same options for the program
};

class ServerAnswers : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { server_ = new TestServer(); }
  static void TearDownTestSuite() {
    delete server_;
    server_ = nullptr;
  }
  static TestServer* server_;

  void expect_same(const Case& c, const std::string& input) {
    HttpConnection http(server_->port());
    const HttpReply reply = http.post("/v1/" + c.command + (c.query.empty() ? "" : "?" + c.query), input);
    ASSERT_EQ(reply.status, 200u) << reply.error << reply.body;
    EXPECT_EQ(reply.header("content-type"), "application/x-ndjson");
    EXPECT_EQ(reply.header("transfer-encoding"), "chunked");
    std::vector<std::string> args{c.command, "--format", "jsonl"};
    args.insert(args.end(), c.flags.begin(), c.flags.end());
    const CliResult cli = run_sudokit(args, input);
    ASSERT_LE(cli.exit_code, 1) << cli.err;
    EXPECT_FALSE(cli.out.empty());
    EXPECT_EQ(reply.body, cli.out) << c.command << "?" << c.query;
  }
};
TestServer* ServerAnswers::server_ = nullptr;

TEST_F(ServerAnswers, RecordCommandsEqualTheProgramsJsonl) {
  const std::string input = mixed_records();
  const std::vector<Case> cases = {
      {"solve", "", {}},
      {"solve", "limit=1", {"--limit", "1"}},
      {"solve", "engine=dlx&limit=5", {"--engine", "dlx", "--limit", "5"}},
      {"verify", "", {}},
      {"verify", "minimal", {"--minimal"}},
      {"grade", "", {}},
      {"grade", "explain=true&uniqueness=assume", {"--explain", "--uniqueness", "assume"}},
      {"grade", "explain=true&easiest-path=true", {"--explain", "--easiest-path"}},
      {"score", "count=1", {"--count"}},
      {"score", "method=enumerate&nodes=100000", {"--method", "enumerate", "--nodes", "100000"}},
  };
  for (const Case& c : cases) expect_same(c, input);
}

TEST_F(ServerAnswers, JsonlAndCsvInputCarryTheirFieldsLikeTheProgram) {
  const auto puzzles = data_lines("puzzles/top1465.txt", 4);
  std::string jsonl;
  for (std::size_t i = 0; i < puzzles.size(); ++i)
    jsonl += nlohmann::json{{"id", "p" + std::to_string(i)}, {"puzzle", puzzles[i]}, {"n", i}}.dump() + "\n";
  jsonl += "{\"puzzle\": 7}\n{not json\n";
  expect_same({"solve", "", {}}, jsonl);
  expect_same({"grade", "", {}}, jsonl);
  std::string csv = "id,puzzle,note\n";
  for (std::size_t i = 0; i < puzzles.size(); ++i) csv += "q" + std::to_string(i) + "," + puzzles[i] + ",\"a, b\"\n";
  expect_same({"verify", "input-format=csv", {"--input-format", "csv"}}, csv);
  expect_same({"score", "", {}}, csv);
}

TEST_F(ServerAnswers, BlocksOtherSizesAndOptionsOfTheReader) {
  // A 4x4 block, a 6x6 block and a 16-symbol line read as a row of a 16x16 with size=16.
  const std::string blocks = "1 . . 4\n. . 1 .\n. 1 . .\n4 . . 1\n\n"
                             "1 2 3 . . .\n. . . 1 2 3\n2 3 1 . . .\n. . . 2 3 1\n3 1 2 . . .\n. . . 3 1 .\n";
  expect_same({"solve", "", {}}, blocks);
  expect_same({"solve", "box=2x3&engine=dlx", {"--box", "2x3", "--engine", "dlx"}}, blocks);
  expect_same({"verify", "alphabet=ABCDEFGHI", {"--alphabet", "ABCDEFGHI"}},
              "D.....H.E.C..........G......B.....F.....H.D......A.......F.C.G.E..B.....A.D......\n");
}

TEST_F(ServerAnswers, BinaryNoiseIsAnsweredRecordByRecordLikeTheProgram) {
  std::mt19937 random(19);
  std::string noise;
  for (int i = 0; i < 4000; ++i) noise += static_cast<char>(random() % 256);
  expect_same({"solve", "", {}}, noise);
  expect_same({"verify", "", {}}, noise);
}

TEST_F(ServerAnswers, SourceNamesTheInputLikeAFileName) {
  const std::string input = join_lines(data_lines("puzzles/top1465.txt", 3));
  TempFile file(input);
  HttpConnection http(server_->port());
  const HttpReply reply = http.post("/v1/solve?source=" + file.path(), input);
  ASSERT_EQ(reply.status, 200u);
  EXPECT_EQ(reply.body, run_sudokit({"solve", "--format", "jsonl", file.path()}).out);
}

TEST_F(ServerAnswers, GenerateEqualsTheProgram) {
  HttpConnection http(server_->port());
  const HttpReply reply =
      http.post("/v1/generate", R"({"seed": 42, "count": 6, "symmetry": "rot180", "grade": true, "with_solution": true})");
  ASSERT_EQ(reply.status, 200u) << reply.body;
  EXPECT_EQ(reply.header("content-type"), "application/x-ndjson");
  const CliResult cli = run_sudokit({"generate", "--seed", "42", "--count", "6", "--symmetry", "rot180", "--grade",
                                     "--with-solution", "--format", "jsonl"});
  ASSERT_EQ(cli.exit_code, 0) << cli.err;
  EXPECT_EQ(reply.body, cli.out);
  EXPECT_EQ(split_lines(reply.body).size(), 6u);

  const HttpReply six = http.post("/v1/generate", R"({"seed": "7", "count": 3, "size": 6, "clues": "12-16"})");
  ASSERT_EQ(six.status, 200u) << six.body;
  EXPECT_EQ(six.body, run_sudokit({"generate", "--seed", "7", "--count", "3", "--size", "6", "--clues", "12-16",
                                   "--format", "jsonl"})
                          .out);
  const HttpReply single = http.post("/v1/generate", R"({"puzzle_seed": 12345})");
  ASSERT_EQ(single.status, 200u) << single.body;
  EXPECT_EQ(single.body, run_sudokit({"generate", "--puzzle-seed", "12345", "--format", "jsonl"}).out);
}

// The answer is streamed: a large body's answer comes in several chunks (one per batch).
// Variants (docs/RECORDS.md): the same records under --variant x and jigsaw (the region map
// after the puzzle), answered as the program answers them, malformed regions included.
TEST_F(ServerAnswers, VariantsEqualTheProgram) {
  const std::string x = "5..3......945..........1...6.........2..7..........8.2.8....2...5....9.3....39..6";
  const std::string jigsaw = "1....6.8.......................9.4........3.273.9............6....3...5...4.2....";
  const std::string regions = "111222222111323322411333555416355555446337775466666778499967778499967888449998888";
  const std::string x_input = x + "\n" + data_lines("puzzles/top1465.txt", 2).at(1) + "\nhello\n";
  const std::string jigsaw_input = jigsaw + " " + regions + "\n" + jigsaw + "\n" + jigsaw + " 1112\n";
  expect_same({"solve", "variant=x", {"--variant", "x"}}, x_input);
  expect_same({"verify", "variant=x&minimal", {"--variant", "x", "--minimal"}}, x_input);
  expect_same({"solve", "variant=jigsaw", {"--variant", "jigsaw"}}, jigsaw_input);
  expect_same({"verify", "variant=jigsaw", {"--variant", "jigsaw"}}, jigsaw_input);
  HttpConnection http(server_->port());
  EXPECT_EQ(http.post("/v1/solve?variant=x&engine=fast", x_input).status, 400u);
  EXPECT_EQ(http.post("/v1/solve?variant=zigzag", x_input).status, 400u);
}

TEST_F(ServerAnswers, ALargeAnswerComesInSeveralChunks) {
  std::string input;
  const auto puzzles = data_lines("puzzles/top1465.txt", 500);
  for (const auto& p : puzzles) input += p + "\n";
  const std::string request = "POST /v1/verify HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: " +
                              std::to_string(input.size()) + "\r\n\r\n" + input;
  const RawExchange raw = raw_exchange(server_->port(), request, std::chrono::seconds(60));
  ASSERT_EQ(status_of(raw.received), 200u);
  const auto head_end = raw.received.find("\r\n\r\n");
  ASSERT_NE(head_end, std::string::npos);
  std::size_t at = head_end + 4, chunks = 0;
  std::string body;
  for (;;) {
    const auto line_end = raw.received.find("\r\n", at);
    ASSERT_NE(line_end, std::string::npos);
    const std::size_t size = std::stoul(raw.received.substr(at, line_end - at), nullptr, 16);
    if (size == 0) break;
    body += raw.received.substr(line_end + 2, size);
    at = line_end + 2 + size + 2;
    ++chunks;
  }
  EXPECT_GE(chunks, 500u / 64u);
  EXPECT_EQ(split_lines(body).size(), 500u);
}

TEST(ServerLimits, APerRecordTimeoutAnswersUnknownAndTheServerCapsIt) {
  ServerOptions options;
  options.record_timeout = std::chrono::milliseconds(300);
  TestServer server(options);
  HttpConnection http(server.port());
  const std::string empty(81, '.');
  // The optimum of an empty grid takes hours to prove: the budget ends it.
  const auto start = std::chrono::steady_clock::now();
  const HttpReply capped = http.post("/v1/score?timeout=100", empty + "\n");  // asks for more than the cap
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_EQ(capped.status, 200u) << capped.error;
  const auto record = nlohmann::json::parse(capped.body);
  EXPECT_EQ(record["status"], "unknown");
  EXPECT_GT(record["score"].get<int>(), 0);
  EXPECT_LT(seconds, 5.0);
  const HttpReply asked = http.post("/v1/score?timeout=0.05", empty + "\n" + empty + "\n");
  ASSERT_EQ(asked.status, 200u);
  for (const auto& line : split_lines(asked.body)) EXPECT_EQ(nlohmann::json::parse(line)["status"], "unknown");
}

TEST(ServerLimits, AGradeHonoursThePerRecordTimeoutAndNodes) {
  ServerOptions options;
  options.record_timeout = std::chrono::milliseconds(1);  // a hard grade takes a hundred times that
  TestServer server(options);
  HttpConnection http(server.port());
  const std::string hard = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
  const std::string easy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
  const HttpReply capped = http.post("/v1/grade?timeout=100", hard + "\n");  // more than the cap
  ASSERT_EQ(capped.status, 200u) << capped.error;
  const auto record = nlohmann::json::parse(capped.body);
  EXPECT_EQ(record["status"], "unknown");
  EXPECT_NE(record["error"].get<std::string>().find("budget spent"), std::string::npos);
  // The node budget is the program's: the same bytes as `sudokit grade --nodes 4000 --format jsonl`.
  TestServer roomy;
  HttpConnection http2(roomy.port());
  const HttpReply nodes = http2.post("/v1/grade?nodes=4000", easy + "\n" + hard + "\n" + easy + "\n");
  ASSERT_EQ(nodes.status, 200u);
  const auto lines = split_lines(nodes.body);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(nlohmann::json::parse(lines[0])["status"], "graded");
  EXPECT_EQ(nlohmann::json::parse(lines[1])["status"], "unknown");
  EXPECT_EQ(nlohmann::json::parse(lines[2])["status"], "graded");
}

TEST(ServerLimits, RecordsPastTheLimitAreAnsweredErrorInPlace) {
  ServerOptions options;
  options.max_records = 3;
  TestServer server(options);
  HttpConnection http(server.port());
  const std::string input = join_lines(data_lines("puzzles/top1465.txt", 5));
  const HttpReply reply = http.post("/v1/solve", input);
  ASSERT_EQ(reply.status, 200u);
  const auto lines = split_lines(reply.body);
  ASSERT_EQ(lines.size(), 5u);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const auto record = nlohmann::json::parse(lines[i]);
    EXPECT_EQ(record["record"], i + 1);
    EXPECT_EQ(record["status"], i < 3 ? "unique" : "error") << lines[i];
    if (i >= 3) {
      EXPECT_NE(record["error"].get<std::string>().find("limit of 3 records"), std::string::npos);
    }
  }
  EXPECT_EQ(http.post("/v1/generate", R"({"count": 4})").status, 400u);
}

TEST(ServerAccess, ABearerTokenGuardsTheApiOnly) {
  ServerOptions options;
  options.token = "s3cret";
  TestServer server(options);
  HttpConnection http(server.port());
  const std::string puzzle = data_lines("puzzles/top1465.txt", 1).at(0) + "\n";
  const HttpReply none = http.post("/v1/solve", puzzle);
  EXPECT_EQ(none.status, 401u);
  EXPECT_EQ(none.header("www-authenticate"), "Bearer");
  EXPECT_TRUE(nlohmann::json::parse(none.body).contains("error"));
  EXPECT_EQ(http.post("/v1/solve", puzzle, {{"Authorization", "Bearer wrong"}}).status, 401u);
  EXPECT_EQ(http.post("/v1/solve", puzzle, {{"Authorization", "Bearer s3cret"}}).status, 200u);
  EXPECT_EQ(http.get("/healthz").status, 200u);
}

TEST_F(ServerAnswers, HealthMetricsPageAndWrongRoutes) {
  HttpConnection http(server_->port());
  const HttpReply health = http.get("/healthz");
  EXPECT_EQ(health.status, 200u);
  EXPECT_EQ(health.body, "ok\n");
  ASSERT_EQ(http.post("/v1/solve", data_lines("puzzles/top1465.txt", 2).at(1) + "\n").status, 200u);
  const HttpReply metrics = http.get("/metrics");
  ASSERT_EQ(metrics.status, 200u);
  for (const char* needle :
       {"sudokit_http_requests_total{endpoint=\"solve\",code=\"200\"}", "sudokit_records_total{endpoint=\"solve\"}",
        "sudokit_http_request_duration_seconds_bucket{le=\"+Inf\"}", "sudokit_http_requests_in_flight 1",
        "sudokit_http_errors_total", "sudokit_http_request_duration_seconds_count"})
    EXPECT_NE(metrics.body.find(needle), std::string::npos) << needle;
  const HttpReply page = http.get("/");
  EXPECT_EQ(page.status, 200u);
  EXPECT_NE(page.header("content-type").find("text/html"), std::string::npos);
  EXPECT_NE(page.body.find("<textarea"), std::string::npos);
  EXPECT_NE(page.body.find("/v1/solve"), std::string::npos);
  EXPECT_EQ(http.get("/nothing").status, 404u);
  EXPECT_EQ(http.get("/v1/solve").status, 405u);
  EXPECT_EQ(http.post("/healthz", "").status, 405u);
  const HttpReply unknown = http.post("/v1/solve?colour=blue", "x\n");
  EXPECT_EQ(unknown.status, 400u);
  EXPECT_NE(nlohmann::json::parse(unknown.body)["error"].get<std::string>().find("colour"), std::string::npos);
  EXPECT_EQ(http.post("/v1/score?weights=/etc/passwd", "x\n").status, 400u);
  EXPECT_EQ(http.post("/v1/solve?format=csv", "x\n").status, 400u);
  EXPECT_EQ(http.post("/v1/solve?limit=0", "x\n").status, 400u);
  EXPECT_EQ(http.post("/v1/grade?timeout=x", "x\n").status, 400u);
  EXPECT_EQ(http.post("/v1/score?budget=", "x\n").status, 400u);  // empty: not "no budget"
}

}  // namespace
}  // namespace sudokit::testing

namespace sudokit::testing {
namespace {

std::string file_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

// The page's printable view: GET /v1/render draws the card `sudokit book --one-per-file`
// writes for the puzzle and, with answer=true, for its solution; byte for byte the same SVG.
TEST_F(ServerAnswers, RenderIsTheBooksCardOfThePuzzle) {
  HttpConnection http(server_->port());
  const std::string puzzle = data_lines("puzzles/top1465.txt", 3).at(2);
  const HttpReply card = http.get("/v1/render?puzzle=" + puzzle);
  if (card.status == 404u) GTEST_SKIP() << "built without the book renderer";
  ASSERT_EQ(card.status, 200u) << card.body;
  EXPECT_EQ(card.header("content-type"), "image/svg+xml");
  const HttpReply answer = http.get("/v1/render?answer=true&puzzle=" + puzzle);
  ASSERT_EQ(answer.status, 200u) << answer.body;
  EXPECT_NE(card.body, answer.body);

  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("sudokit_render_" + std::to_string(std::random_device{}()));
  std::filesystem::create_directories(dir);
  TempFile input(puzzle + "\n");
  const CliResult cli = run_sudokit({"book", input.path(), "--one-per-file", "-o", (dir / "card.svg").string()});
  ASSERT_EQ(cli.exit_code, 0) << cli.err;
  EXPECT_EQ(card.body, file_bytes(dir / "card-001.svg"));
  EXPECT_EQ(answer.body, file_bytes(dir / "card-001-answer.svg"));
  std::filesystem::remove_all(dir);

  // What cannot be drawn is a 400 with its reason; only GET.
  const HttpReply two = http.get("/v1/render?answer=1&puzzle=" + data_lines("puzzles/serg_multi.txt", 1).at(0));
  EXPECT_EQ(two.status, 400u);
  EXPECT_NE(two.body.find("more than one solution"), std::string::npos) << two.body;
  EXPECT_EQ(http.get("/v1/render?puzzle=hello").status, 400u);
  EXPECT_EQ(http.get("/v1/render").status, 400u);
  EXPECT_EQ(http.get("/v1/render?colour=blue&puzzle=" + puzzle).status, 400u);
  EXPECT_EQ(http.post("/v1/render?puzzle=" + puzzle, "").status, 405u);
}

}  // namespace
}  // namespace sudokit::testing
