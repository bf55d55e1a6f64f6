// records_test.cpp: the record contract, end to end through the built program.
//
// One record in, one record out, in place, at once, in every format any command writes:
//  - framing (README "Framing"): every line belongs to one record, a bad line never
//    swallows the next, N lines of N integers are one N×N record up to 64×64;
//  - every command's output, in every layout, reads back as the same number of records
//    (and the same puzzles where the layout carries them);
//  - jsonl input carries its other fields through; supplied solutions are checked;
//  - jsonl output validates against docs/records.schema.json (Debian's python3-jsonschema);
//  - an answer leaves as soon as its record is done (a pipe kept open gets it);
//  - `grade` of a non-unique puzzle is a failed record; `help CMD`; `book -o -`.
#include <poll.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <set>
#include <tuple>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli_support.hpp"

namespace {

using namespace sudokit::testing;
using nlohmann::json;

const std::string kPuzzle = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
const std::string kOther = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
const std::string kMulti = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962.......";
const std::string kClash = "11...............1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";

std::vector<json> parse_jsonl(const std::string& text) {
  std::vector<json> out;
  for (const std::string& line : split_lines(text)) out.push_back(json::parse(line));
  return out;
}

TEST(RecordFraming, TheIssueExampleGivesOneAnswerPerLineInPlace) {
  const std::vector<std::string> lines = {kPuzzle,        "hello world",      "123", kPuzzle, "13x13 grid",
                                          kPuzzle.substr(1), kPuzzle + "5", kPuzzle, "1,2,3", kPuzzle};
  const auto r = run_sudokit({"solve", "--format", "jsonl"}, join_lines(lines));
  EXPECT_EQ(r.exit_code, 1);
  const auto records = parse_jsonl(r.out);
  ASSERT_EQ(records.size(), lines.size()) << r.out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    SCOPED_TRACE(lines[i]);
    EXPECT_EQ(records[i]["line"], i + 1);
    EXPECT_EQ(records[i]["status"], lines[i] == kPuzzle ? "unique" : "invalid");
  }
}

// N lines of N integers are one N×N record for every N up to 64, however many lines there
// are and whatever N² would read as on one line (64 = 8², 36 = 6², 16 = 4²).
TEST(RecordFraming, IntegerBlocksAreOneRecordUpTo64) {
  for (const auto& [n, box_rows, box_cols] : std::vector<std::tuple<int, int, int>>{{16, 4, 4}, {25, 5, 5}, {36, 6, 6}, {64, 8, 8}}) {
    SCOPED_TRACE(n);
    // A known solution with its diagonal blanked (one solution), as n lines of n integers.
    std::string text;
    for (int r = 0; r < n; ++r) {
      for (int c = 0; c < n; ++c) {
        const int digit = (box_cols * (r % box_rows) + r / box_rows + c) % n + 1;
        text += (c ? " " : "") + std::to_string(r == c ? 0 : digit);
      }
      text += "\n";
    }
    const auto r = run_sudokit({"verify", "--format", "jsonl"}, text + text);
    EXPECT_EQ(r.exit_code, 0) << r.err.substr(0, 500);
    const auto records = parse_jsonl(r.out);
    ASSERT_EQ(records.size(), 2u) << r.out.substr(0, 500) << r.err.substr(0, 500);
    EXPECT_EQ(records[0]["status"], "unique");
    EXPECT_EQ(records[1]["line"], n + 1);
    if (n <= 35) EXPECT_EQ(records[0]["solution"].get<std::string>().size(), static_cast<std::size_t>(n * n));
  }
}

TEST(RecordFraming, LineEndingsTabsBomAndBinary) {
  std::string tabbed;
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) tabbed += (c ? "\t" : "") + std::string(1, kPuzzle[static_cast<std::size_t>(r * 9 + c)] == '.' ? '0' : kPuzzle[static_cast<std::size_t>(r * 9 + c)]);
    tabbed += "\r\n";
  }
  std::string binary = kPuzzle;
  binary[5] = '\0';
  const std::string input = "\xEF\xBB\xBF" + kPuzzle + "\r\n" + tabbed + "\r\n" + binary + "\n" +
                            std::string("\x01\x02\xff\xfe", 4) + "\n" + kOther + "\n";
  const auto r = run_sudokit({"solve", "--format", "jsonl"}, input);
  const auto records = parse_jsonl(r.out);
  ASSERT_EQ(records.size(), 5u) << r.out;
  EXPECT_EQ(records[0]["status"], "unique");
  EXPECT_EQ(records[1]["status"], "unique");
  EXPECT_EQ(records[1]["line"], 2);
  EXPECT_EQ(records[2]["status"], "invalid");
  EXPECT_NE(records[2]["error"].get<std::string>().find("NUL"), std::string::npos);
  EXPECT_EQ(records[3]["status"], "invalid");
  EXPECT_EQ(records[4]["status"], "unique");
  EXPECT_EQ(records[4]["line"], 14);
}

TEST(RecordFraming, AHundredMegabyteLineIsOneBoundedError) {
  TempFile file(kPuzzle + "\n" + std::string(100u << 20, '7') + "\n" + kOther + "\n");
  const auto r = run_sudokit({"solve", "--format", "jsonl", file.path()});
  const auto records = parse_jsonl(r.out);
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(records[1]["status"], "invalid");
  EXPECT_NE(records[1]["error"].get<std::string>().find("longer than"), std::string::npos);
  EXPECT_EQ(records[2]["status"], "unique");
}

// --- every writer's output reads back ------------------------------------------------------

struct Written {
  std::string command;
  std::vector<std::string> args;
  std::string format;
};

/// Puzzles that exercise every status: unique, multiple, none, unreadable.
std::string mixed_input() { return join_lines({kPuzzle, kMulti, kClash, "not a puzzle", kOther}); }

TEST(RecordRoundTrip, EveryFormatEveryCommandWritesReadsBackOneForOne) {
  const std::vector<Written> writers = {
      {"solve", {}, "line"},  {"solve", {}, "grid"},  {"solve", {}, "jsonl"},  {"solve", {}, "csv"},
      {"verify", {}, "line"}, {"verify", {}, "jsonl"}, {"verify", {}, "csv"},  {"score", {}, "line"},
      {"score", {}, "grid"},  {"score", {}, "jsonl"},  {"score", {}, "csv"},   {"grade", {}, "line"},
      {"grade", {}, "jsonl"}, {"grade", {}, "csv"},
  };
  for (const Written& w : writers) {
    SCOPED_TRACE(w.command + " --format " + w.format);
    std::vector<std::string> args = {w.command, "--format", w.format};
    const auto written = run_sudokit(args, mixed_input());
    ASSERT_LE(written.exit_code, 1) << written.err;
    const auto back = run_sudokit({"solve", "--format", "jsonl"}, written.out);
    const auto records = parse_jsonl(back.out);
    EXPECT_EQ(records.size(), 5u) << written.out;
    if (w.format == "jsonl" || w.format == "csv") {
      // Structured layouts carry the puzzle: the readable ones come back as they were.
      ASSERT_EQ(records.size(), 5u);
      EXPECT_EQ(records[0]["puzzle"], kPuzzle);
      EXPECT_EQ(records[1]["puzzle"], kMulti);
      EXPECT_EQ(records[4]["puzzle"], kOther);
      EXPECT_EQ(records[3]["status"], "invalid");
    }
  }
}

TEST(RecordRoundTrip, GenerateOutputReadsBackInEveryFormat) {
  for (const std::string format : {"line", "grid", "jsonl", "csv"}) {
    for (const bool with_solution : {false, true}) {
      SCOPED_TRACE(format + (with_solution ? " --with-solution" : ""));
      std::vector<std::string> args = {"generate", "--count", "4", "--seed", "11", "--format", format};
      if (with_solution) args.push_back("--with-solution");
      const auto generated = run_sudokit(args);
      ASSERT_EQ(generated.exit_code, 0) << generated.err;
      const auto back = run_sudokit({"verify", "--format", "jsonl"}, generated.out);
      EXPECT_EQ(back.exit_code, 0) << back.out << back.err;
      const auto records = parse_jsonl(back.out);
      ASSERT_EQ(records.size(), 4u) << generated.out;
      for (const json& record : records) EXPECT_EQ(record["status"], "unique");
    }
  }
}

// A jsonl or csv puzzle field is one record, so N² cells there are a puzzle for N below 4
// too (in text a line of 4 or 9 cells is a block's row: those sizes need --size there).
TEST(RecordRoundTrip, TinySizesReadBackFromJsonlAndCsv) {
  for (const std::string size : {"1", "2", "3"})
    for (const std::string format : {"jsonl", "csv"}) {
      SCOPED_TRACE(size + " " + format);
      const auto generated = run_sudokit({"generate", "--size", size, "--count", "5", "--seed", "3", "--format", format});
      ASSERT_EQ(generated.exit_code, 0) << generated.err;
      const auto back = run_sudokit({"verify", "--format", "jsonl"}, generated.out);
      EXPECT_EQ(back.exit_code, 0) << back.out << back.err;
      const auto records = parse_jsonl(back.out);
      ASSERT_EQ(records.size(), 5u) << generated.out;
      for (const json& record : records) {
        EXPECT_EQ(record["status"], "unique") << record.dump();
        EXPECT_EQ(record["puzzle"].get<std::string>().size(), static_cast<std::size_t>(std::stoi(size) * std::stoi(size)));
      }
    }
}

TEST(RecordRoundTrip, SixteenBySixteenGridOutputReadsBack) {
  const auto generated = run_sudokit({"generate", "--size", "16", "--count", "2", "--seed", "5", "--format", "grid"});
  ASSERT_EQ(generated.exit_code, 0) << generated.err;
  const auto solved = run_sudokit({"solve", "--format", "grid"}, generated.out);
  ASSERT_EQ(solved.exit_code, 0) << solved.err;
  const auto back = parse_jsonl(run_sudokit({"verify", "--format", "jsonl", "--size", "16"}, solved.out).out);
  ASSERT_EQ(back.size(), 2u);
  for (const json& record : back) EXPECT_EQ(record["status"], "unique");
}

// --- structured input ----------------------------------------------------------------------

TEST(RecordInput, JsonlFieldsAreCarriedAfterTheCommandsOwn) {
  const auto generated = run_sudokit({"generate", "--count", "3", "--seed", "4", "--format", "jsonl", "--grade"});
  ASSERT_EQ(generated.exit_code, 0);
  const auto generated_records = parse_jsonl(generated.out);
  const auto r = run_sudokit({"solve", "--format", "jsonl"}, generated.out);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::vector<nlohmann::ordered_json> records;  // ordered: the key order is under test
  for (const std::string& line : split_lines(r.out)) records.push_back(nlohmann::ordered_json::parse(line));
  ASSERT_EQ(records.size(), 3u);
  for (std::size_t i = 0; i < records.size(); ++i) {
    const nlohmann::ordered_json& record = records[i];
    std::vector<std::string> keys;
    for (auto it = record.begin(); it != record.end(); ++it) keys.push_back(it.key());
    ASSERT_GE(keys.size(), 5u);
    EXPECT_EQ(std::vector<std::string>(keys.begin(), keys.begin() + 5),
              (std::vector<std::string>{"record", "source", "line", "puzzle", "status"}));
    EXPECT_EQ(record["status"], "unique");
    EXPECT_EQ(record["index"], generated_records[i]["index"]);
    EXPECT_EQ(record["seed"], generated_records[i]["seed"]);
    EXPECT_EQ(record["level"], generated_records[i]["level"]);
    EXPECT_EQ(record["solution"], generated_records[i]["solution"]);
  }
  // An id of the caller's comes back with the answer, whatever its type.
  const auto tagged = run_sudokit({"verify", "--format", "jsonl"},
                                  "{\"id\": \"a-7\", \"puzzle\": \"" + kPuzzle + "\", \"tags\": [1, 2]}\n");
  const auto tagged_records = parse_jsonl(tagged.out);
  ASSERT_EQ(tagged_records.size(), 1u);
  EXPECT_EQ(tagged_records[0]["id"], "a-7");
  EXPECT_EQ(tagged_records[0]["tags"], json::array({1, 2}));
  // Carried fields keep the input's order, after the command's own.
  const auto ordered = nlohmann::ordered_json::parse(split_lines(run_sudokit({"verify", "--format", "jsonl"},
      "{\"zeta\": 1, \"puzzle\": \"" + kPuzzle + "\", \"alpha\": 2}\n").out).at(0));
  std::vector<std::string> keys;
  for (auto it = ordered.begin(); it != ordered.end(); ++it) keys.push_back(it.key());
  ASSERT_GE(keys.size(), 2u);
  EXPECT_EQ(keys[keys.size() - 2], "zeta");
  EXPECT_EQ(keys.back(), "alpha");
}

// An input field named as one of the command's own is never carried, even where the command
// leaves its own out: an input's `minimal: true`, `level` or `score` appended to an unknown or
// invalid answer read as the command's verdict (and broke records.schema.json).
TEST(RecordInput, FieldsNamedAsTheCommandsOwnAreNotCarried) {
  // Values no command writes ("carried"), so that any one seen came from the input.
  std::string own = "\"id\": 7";
  for (const char* field : {"minimal", "level", "score", "proven", "solutions", "nodes", "error", "rating", "steps"})
    own += fmt::format(", \"{}\": \"carried\"", field);
  const std::string input = "{\"puzzle\": \"" + kPuzzle + "\", \"box\": \"3x3\", " + own +
                            "}\n{\"puzzle\": \"abc\", \"box\": \"banana\", " + own + "}\n";
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"solve", "--nodes", "1"}, {"verify", "--minimal", "--nodes", "1"}, {"score", "--nodes", "1"}, {"grade", "--nodes", "1"}}) {
    SCOPED_TRACE(args.front());
    std::vector<std::string> full = args;
    full.insert(full.end(), {"--format", "jsonl"});
    const auto records = parse_jsonl(run_sudokit(full, input).out);
    ASSERT_EQ(records.size(), 2u);
    EXPECT_EQ(records[0]["status"], "unknown");
    EXPECT_EQ(records[1]["status"], "invalid");
    for (const json& record : records) {
      EXPECT_EQ(record["id"], 7);  // a field of the caller's still comes back
      EXPECT_FALSE(record.contains("box")) << record.dump();  // 3x3 is the default; banana no box
      for (const char* field : {"minimal", "level", "score", "proven", "solutions", "nodes", "error", "rating", "steps"}) {
        const bool commands_own =
            std::string_view(field) == "error" || (args.front() != "grade" && std::string_view(field) == "nodes") ||
            (args.front() == "solve" && std::string_view(field) == "solutions") ||
            (args.front() == "verify" && (std::string_view(field) == "minimal" || std::string_view(field) == "solutions")) ||
            (args.front() == "score" && (std::string_view(field) == "score" || std::string_view(field) == "proven" ||
                                         std::string_view(field) == "solutions")) ||
            (args.front() == "grade" && (std::string_view(field) == "level" || std::string_view(field) == "score" ||
                                         std::string_view(field) == "rating" || std::string_view(field) == "steps"));
        if (commands_own)
          EXPECT_NE(record.value(field, json()), "carried") << field << " in " << record.dump();
        else
          EXPECT_EQ(record.value(field, json()), "carried") << field << " in " << record.dump();  // not the command's: carried
      }
    }
  }
}

TEST(RecordInput, SuppliedSolutionsAreChecked) {
  const auto solved = parse_jsonl(run_sudokit({"solve", "--format", "jsonl"}, kPuzzle + "\n").out);
  const std::string solution = solved.at(0)["solution"];
  std::string wrong = solution;
  std::swap(wrong[1], wrong[2]);
  const std::string input = "{\"puzzle\": \"" + kPuzzle + "\", \"solution\": \"" + solution + "\"}\n" +
                            "{\"puzzle\": \"" + kPuzzle + "\", \"solution\": \"" + wrong + "\"}\n" + kPuzzle +
                            "\n";
  // The third line is text inside a jsonl input: a record of its own, invalid.
  const auto records = parse_jsonl(run_sudokit({"verify", "--format", "jsonl"}, input).out);
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(records[0]["status"], "unique");
  EXPECT_EQ(records[1]["status"], "invalid");
  EXPECT_NE(records[1]["error"].get<std::string>().find("does not solve the puzzle"), std::string::npos);
  EXPECT_EQ(records[2]["status"], "invalid");
  EXPECT_NE(records[2]["error"].get<std::string>().find("not a JSON record"), std::string::npos);
  // "PUZZLE SOLUTION" lines, as generate --with-solution writes them.
  const auto lines = parse_jsonl(
      run_sudokit({"solve", "--format", "jsonl"}, kPuzzle + " " + solution + "\n" + kPuzzle + " " + wrong + "\n").out);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0]["status"], "unique");
  EXPECT_EQ(lines[1]["status"], "invalid");
}

TEST(RecordInput, CsvWithAPuzzleColumnIsOneRecordPerRow) {
  const std::string csv = "id,puzzle,note\n7,\"" + kPuzzle + "\",first\n8,,empty\n9," + kOther + ",\"a, b\"\n";
  const auto r = run_sudokit({"verify", "--format", "jsonl"}, csv);
  const auto records = parse_jsonl(r.out);
  ASSERT_EQ(records.size(), 3u) << r.out;
  EXPECT_EQ(records[0]["status"], "unique");
  EXPECT_EQ(records[0]["id"], 7);
  EXPECT_EQ(records[0]["note"], "first");
  EXPECT_EQ(records[0]["line"], 2);
  EXPECT_EQ(records[1]["status"], "invalid");
  EXPECT_EQ(records[2]["note"], "a, b");
  // --input-format text reads the same bytes as text: the header is not a puzzle.
  const auto as_text = parse_jsonl(run_sudokit({"verify", "--format", "jsonl", "--input-format", "text"}, csv).out);
  EXPECT_EQ(as_text.size(), 4u);
}

// --- schema ---------------------------------------------------------------------------------

TEST(RecordSchema, EveryCommandsJsonlValidates) {
  const std::string input = mixed_input() + "\n" + "{\"id\": 3, \"puzzle\": null}\n";
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"solve"}, {"solve", "--limit", "1"}, {"verify"}, {"verify", "--minimal"}, {"score"}, {"score", "--count"},
           {"grade"}, {"grade", "--explain"}}) {
    std::vector<std::string> full = args;
    full.insert(full.end(), {"--format", "jsonl"});
    const auto r = run_sudokit(full, input);
    expect_schema_valid(args[0], r.out);
  }
  expect_schema_valid("generate", run_sudokit({"generate", "--count", "3", "--seed", "2", "--format", "jsonl", "--grade"}).out);
}

// --- streaming --------------------------------------------------------------------------------

/// Reads one line from `fd`, waiting at most `seconds`; "" on timeout or end.
std::string read_line_within(int fd, int seconds) {
  std::string line;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  while (std::chrono::steady_clock::now() < deadline) {
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, 100) <= 0) continue;
    char c = 0;
    if (::read(fd, &c, 1) != 1) return line;
    if (c == '\n') return line;
    line += c;
  }
  return "";
}

// Correctness, not speed: the answer must arrive while the input is still open (before
// end of input), which with 64-record batches it did not. The latency is a benchmark's.
TEST(RecordStreaming, AnAnswerLeavesWhileTheInputStaysOpen) {
  int to_child[2], from_child[2];
  ASSERT_EQ(::pipe(to_child), 0);
  ASSERT_EQ(::pipe(from_child), 0);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, to_child[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, from_child[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose(&actions, to_child[1]);
  posix_spawn_file_actions_addclose(&actions, from_child[0]);
  std::vector<std::string> words = {SUDOKIT_BINARY, "solve", "--threads", "2"};
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  ASSERT_EQ(::posix_spawn(&pid, SUDOKIT_BINARY, &actions, nullptr, argv.data(), environ), 0);
  posix_spawn_file_actions_destroy(&actions);
  ::close(to_child[0]);
  ::close(from_child[1]);

  const std::string expected = split_lines(run_sudokit({"solve"}, kPuzzle + "\n").out).at(0);
  for (int round = 0; round < 3; ++round) {
    const std::string line = (round == 1 ? kClash : kPuzzle) + "\n";
    ASSERT_EQ(::write(to_child[1], line.data(), line.size()), static_cast<ssize_t>(line.size()));
    const std::string answer = read_line_within(from_child[0], 30);
    EXPECT_EQ(answer.rfind(round == 1 ? "invalid: givens clash" : expected, 0), 0u) << "round " << round << ": " << answer;
  }
  // A burst of exactly one batch (64 records), then a wait: all 64 answers come.
  std::string burst;
  for (int i = 0; i < 64; ++i) burst += kPuzzle + "\n";
  ASSERT_EQ(::write(to_child[1], burst.data(), burst.size()), static_cast<ssize_t>(burst.size()));
  for (int i = 0; i < 64; ++i) ASSERT_EQ(read_line_within(from_child[0], 30), expected) << "burst answer " << i;
  ::close(to_child[1]);
  EXPECT_EQ(read_line_within(from_child[0], 30), "");  // nothing more, then the end
  ::close(from_child[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  EXPECT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 1);  // one record was invalid
}

// --- budgets: a runaway record is answered `unknown` and the run goes on ------------------------

TEST(RecordBudgets, AFewNodesMakeHardRecordsUnknownInEveryCommand) {
  const std::string hard = data_lines("puzzles/hardest_1106.txt", 1).at(0);
  const std::string input = join_lines({hard, kPuzzle, "not a puzzle", hard});
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"solve", "--nodes", "3"}, {"verify", "--nodes", "3"}, {"score", "--nodes", "3"}, {"score", "--budget", "3"}}) {
    SCOPED_TRACE(args[0] + " " + args[1]);
    std::vector<std::string> full = args;
    full.insert(full.end(), {"--format", "jsonl", "--threads", "2"});
    const auto r = run_sudokit(full, input);
    EXPECT_EQ(r.exit_code, 1) << r.err;
    const auto records = parse_jsonl(r.out);
    ASSERT_EQ(records.size(), 4u) << r.out;
    EXPECT_EQ(records[0]["status"], "unknown");
    EXPECT_EQ(records[2]["status"], "invalid");
    EXPECT_EQ(records[3]["status"], "unknown");
    expect_schema_valid(args[0], r.out);
    if (args[0] == "score") {
      EXPECT_EQ(records[0]["proven"], false);
      EXPECT_GE(records[0]["upper_bound"].get<long>(), records[0]["score"].get<long>());
    }
  }
  // Without a budget the same records are answered.
  const auto solved = parse_jsonl(run_sudokit({"solve", "--format", "jsonl"}, input).out);
  ASSERT_EQ(solved.size(), 4u);
  EXPECT_EQ(solved[0]["status"], "unique");
  // The summary counts them, and the line layout says so in place.
  const auto line = run_sudokit({"verify", "--nodes", "3"}, input);
  const auto answers = split_lines(line.out);
  ASSERT_EQ(answers.size(), 4u);
  const auto unknown = std::count_if(answers.begin(), answers.end(), [](const std::string& a) { return a.rfind("unknown: ", 0) == 0; });
  EXPECT_GE(unknown, 2);
  EXPECT_EQ(answers.at(0).rfind("unknown: ", 0), 0u);
  EXPECT_NE(line.err.find(std::to_string(unknown) + " unknown"), std::string::npos) << line.err;
}

TEST(RecordBudgets, BadBudgetsAreUsageErrors) {
  EXPECT_EQ(run_sudokit({"solve", "--timeout", "-1"}, kPuzzle + "\n").exit_code, 2);
  EXPECT_EQ(run_sudokit({"verify", "--nodes", "x"}, kPuzzle + "\n").exit_code, 2);
  // Boost read "-1" into the unsigned count as its largest value: no budget at all, silently.
  const auto negative = run_sudokit({"grade", "--nodes", "-1"}, kPuzzle + "\n");
  EXPECT_EQ(negative.exit_code, 2);
  EXPECT_NE(negative.err.find("--nodes -1 must be a whole number"), std::string::npos) << negative.err;
  EXPECT_EQ(run_sudokit({"score", "--nodes", "18446744073709551616"}, kPuzzle + "\n").exit_code, 2);
  EXPECT_EQ(run_sudokit({"solve", "--nodes", "100000000"}, kPuzzle + "\n").exit_code, 0);
}

// --- small ones a user trips on -----------------------------------------------------------------

TEST(RecordCommands, GradeFailsPuzzlesWithoutOneSolution) {
  const auto r = run_sudokit({"grade", "--format", "jsonl"}, join_lines({kPuzzle, kMulti, kClash}));
  EXPECT_EQ(r.exit_code, 1);
  const auto records = parse_jsonl(r.out);
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(records[0]["status"], "graded");
  EXPECT_EQ(records[1]["status"], "multiple");
  EXPECT_EQ(records[2]["status"], "invalid");  // clashing givens
  const auto line = run_sudokit({"grade"}, kMulti + "\n");
  EXPECT_EQ(line.out.rfind("multiple: ", 0), 0u) << line.out;
}

TEST(RecordCommands, AtLeastOnlyWhenMoreMayExist) {
  const auto two = run_sudokit({"solve"}, kMulti + "\n");
  EXPECT_EQ(two.out.rfind("multiple: at least 2 solutions; one is ", 0), 0u) << two.out;
  const auto counted = run_sudokit({"solve", "--limit", "1000000"}, kMulti + "\n");
  EXPECT_EQ(counted.out.find("at least"), std::string::npos) << counted.out;
  EXPECT_EQ(counted.out.rfind("multiple: ", 0), 0u) << counted.out;
}

TEST(RecordCommands, HelpCommandIsCommandHelp) {
  const auto a = run_sudokit({"help", "solve"});
  const auto b = run_sudokit({"solve", "--help"});
  EXPECT_EQ(a.exit_code, 0);
  EXPECT_EQ(a.out, b.out);
  EXPECT_NE(a.out.find("--limit"), std::string::npos);
}

TEST(RecordCommands, BookToStandardOutput) {
  const auto r = run_sudokit({"book", "-o", "-"}, kPuzzle + "\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("%PDF-", 0), 0u);
  EXPECT_EQ(run_sudokit({"book", "-o", "-", "--format", "svg"}, kPuzzle + "\n").exit_code, 2);
}

}  // namespace
