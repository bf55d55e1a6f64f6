// `sudokit generate` as a black box: every emitted puzzle checked from outside (the program
// itself, `sudokit solve`, is not trusted: uniqueness is re-checked here with a small
// independent counter), byte-identical output across --threads, shards that merge into the
// full run, --puzzle-seed regenerating one record, the layouts, and clear exit-2 refusals.
// Difficulty targets are re-graded by running `sudokit grade` on the output; books are read
// back with poppler's pdfinfo and pdftotext.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>

#include <nlohmann/json.hpp>

#include "cli_support.hpp"

namespace sudokit::testing {
namespace {

// Counts solutions of a one-line puzzle (standard symbols) up to `limit` by plain
// backtracking: slow but obviously right, and shares no code with sudokit.
int count_solutions(std::string grid, int n, int box_rows, int box_cols, int limit) {
  const std::string symbols = std::string("123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ").substr(0, static_cast<std::size_t>(n));
  auto allowed = [&](int cell, char s) {
    const int r = cell / n, c = cell % n;
    for (int k = 0; k < n; ++k) {
      if (grid[static_cast<std::size_t>(r * n + k)] == s || grid[static_cast<std::size_t>(k * n + c)] == s) return false;
    }
    const int top = r / box_rows * box_rows, left = c / box_cols * box_cols;
    for (int i = 0; i < box_rows; ++i)
      for (int j = 0; j < box_cols; ++j)
        if (grid[static_cast<std::size_t>((top + i) * n + left + j)] == s) return false;
    return true;
  };
  int found = 0;
  std::function<void()> search = [&] {
    // The empty cell with fewest options keeps the plain search fast enough for 9x9.
    int best = -1;
    std::size_t best_count = 99;
    for (int cell = 0; cell < n * n; ++cell) {
      if (grid[static_cast<std::size_t>(cell)] != '.') continue;
      std::size_t options = 0;
      for (char s : symbols) options += allowed(cell, s);
      if (options < best_count) best = cell, best_count = options;
    }
    if (best < 0) {
      ++found;
      return;
    }
    for (char s : symbols) {
      if (found >= limit) return;
      if (!allowed(best, s)) continue;
      grid[static_cast<std::size_t>(best)] = s;
      search();
      grid[static_cast<std::size_t>(best)] = '.';
    }
  };
  search();
  return found;
}

// True when every single clue is needed: removing any one gives a second solution.
bool single_clue_minimal(const std::string& puzzle) {
  for (std::size_t cell = 0; cell < puzzle.size(); ++cell) {
    if (puzzle[cell] == '.') continue;
    std::string fewer = puzzle;
    fewer[cell] = '.';
    if (count_solutions(fewer, 9, 3, 3, 2) == 1) return false;
  }
  return true;
}

// ordered_json keeps the program's key order, so dump() gives back the original bytes.
std::vector<nlohmann::ordered_json> records(const std::string& out) {
  std::vector<nlohmann::ordered_json> list;
  for (const auto& line : split_lines(out)) list.push_back(nlohmann::ordered_json::parse(line));
  return list;
}

// How the stderr diagnostic names a failed index.
std::string fmt_index(std::size_t index) { return "sudokit generate: puzzle " + std::to_string(index) + ": "; }

// What `sudokit grade` prints for a record's grade: "LEVEL SCORE HARDEST\n".
std::string fmt_line(const nlohmann::ordered_json& j) {
  char rating[16];
  std::snprintf(rating, sizeof rating, "%.1f", j["rating"].get<double>());
  return j["level"].get<std::string>() + " " + rating + " " + std::to_string(j["score"].get<int>()) + " " +
         j["hardest"].get<std::string>() + "\n";
}

TEST(GenerateCli, JsonlRecordsAreUniqueAndSelfConsistent) {
  const auto r = run_sudokit({"generate", "--count", "20", "--seed", "5", "--format", "jsonl", "--symmetry", "rot180", "--minimal"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto list = records(r.out);
  ASSERT_EQ(list.size(), 20u);
  for (std::size_t i = 0; i < list.size(); ++i) {
    const auto& j = list[i];
    EXPECT_EQ(j["index"].get<std::uint64_t>(), i);
    const std::string puzzle = j["puzzle"], solution = j["solution"];
    EXPECT_EQ(solution_problem(puzzle, solution), "");
    EXPECT_EQ(count_solutions(puzzle, 9, 3, 3, 2), 1) << puzzle;
    EXPECT_EQ(j["clues"].get<int>(), static_cast<int>(81 - std::count(puzzle.begin(), puzzle.end(), '.')));
    EXPECT_EQ(j["symmetry"], "rot180");
    // With a symmetry, --minimal means no orbit can go; the field tells the single-clue truth.
    EXPECT_EQ(j["minimal"], single_clue_minimal(puzzle)) << puzzle;
    std::string fewer = puzzle;
    for (int cell = 0; cell < 81; ++cell) {
      if (puzzle[static_cast<std::size_t>(cell)] == '.' || cell > 80 - cell) continue;
      fewer[static_cast<std::size_t>(cell)] = fewer[static_cast<std::size_t>(80 - cell)] = '.';
      EXPECT_EQ(count_solutions(fewer, 9, 3, 3, 2), 2) << "orbit of " << cell << " removable from " << puzzle;
      fewer = puzzle;
    }
    for (int cell = 0; cell < 81; ++cell)
      EXPECT_EQ(puzzle[static_cast<std::size_t>(cell)] == '.', puzzle[static_cast<std::size_t>(80 - cell)] == '.') << puzzle;
  }
  EXPECT_EQ(r.err.find("seed:"), std::string::npos) << "a given seed is not echoed";
}

TEST(GenerateCli, SameBytesForAnyThreadCountAndShardsMerge) {
  const std::vector<std::string> base{"generate", "--count", "41", "--seed", "123", "--format", "jsonl", "--minimal"};
  auto with = [&](std::vector<std::string> extra) {
    auto args = base;
    args.insert(args.end(), extra.begin(), extra.end());
    auto r = run_sudokit(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r.out;
  };
  const std::string one = with({"--threads", "1"});
  EXPECT_EQ(with({"--threads", "2"}), one);
  EXPECT_EQ(with({"--threads", "3"}), one);
  const auto even = records(with({"--shard", "0/2"})), odd = records(with({"--shard", "1/2"}));
  EXPECT_EQ(even.size(), 21u);
  EXPECT_EQ(odd.size(), 20u);
  std::map<std::uint64_t, std::string> merged;
  for (const auto& list : {even, odd})
    for (const auto& j : list) merged[j["index"].get<std::uint64_t>()] = j.dump() + "\n";
  std::string joined;
  for (const auto& [index, line] : merged) joined += line;
  EXPECT_EQ(joined, one);
  // Records' seeds remake them alone.
  const auto all = records(one);
  for (std::size_t i : {0u, 17u, 40u}) {
    auto r = run_sudokit({"generate", "--puzzle-seed", std::to_string(all[i]["seed"].get<std::uint64_t>()), "--minimal",
                          "--format", "jsonl"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(nlohmann::json::parse(r.out)["puzzle"], all[i]["puzzle"]);
  }
}

// Pinned bytes of a small run: a change means the random streams changed for every user.
TEST(GenerateCli, PinnedLineOutput) {
  const auto r = run_sudokit({"generate", "--count", "3", "--seed", "1", "--minimal"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "276......1..........5....67...1732....2...........6914..93...4234.8.5.9.5...9....\n"
            ".394....22.59...41..........2.89.51.7.......3...3.7.9.....86....4.7..3....7...8..\n"
            "4.791.....5......8.....5...89....53....7.36.9...1..............91856....56.4.1...\n");
}

// The default is the full pass: without a symmetry it is exactly --minimal (the same bytes as
// above); --removal quick keeps the old generous puzzles. Pinned when the default changed.
TEST(GenerateCli, PinnedDefaultAndQuickRemoval) {
  const auto full = run_sudokit({"generate", "--count", "3", "--seed", "1"});
  ASSERT_EQ(full.exit_code, 0) << full.err;
  EXPECT_EQ(full.out, run_sudokit({"generate", "--count", "3", "--seed", "1", "--minimal"}).out);
  const auto rot180 = run_sudokit({"generate", "--seed", "1", "--symmetry", "rot180", "--format", "csv"});
  EXPECT_EQ(rot180.out,
            "record,puzzle,status,index,seed,clues,symmetry,minimal,error\n"
            "1,.7....8....37.8...48...2.6.9...7.2..6.......3..8.5...4.6.3...42...8.56....1....7.,unique,0,"
            "627405149472732430,26,rot180,false,\n");
  const auto quick = run_sudokit({"generate", "--seed", "1", "--symmetry", "rot180", "--removal", "quick"});
  EXPECT_EQ(quick.out, "276...839..3768...48.9.2.679...7.28.6.......3.38.5...486.3.7.42...8256..521...378\n");
}

// Pinned graded output: a change means the candidate streams or the grader changed.
TEST(GenerateCli, PinnedDifficultyOutput) {
  const auto r = run_sudokit({"generate", "--count", "3", "--seed", "1", "--difficulty", "hard", "--format", "csv"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "record,puzzle,status,index,seed,clues,symmetry,minimal,level,rating,score,hardest,error\n"
            "1,7..1.6.....1.9.....4..3..9.4.39...6.2..4..3...6....5..8........6.2..7.1..7...8..2,unique,0,"
            "10060228845264591718,25,none,true,hard,4.7,1008,unique-rectangle-3,\n"
            "2,.96.......3..6.5.81..4....75......13.2..3......32.9.....5...47.61..........1..68.,unique,1,"
            "2128537417664720983,25,none,true,hard,4.0,1230,skyscraper,\n"
            "3,......5...1...5.2...27.9....91...2.6......73.34.8...9.2..5.......543...76........,unique,2,"
            "9880394122942321099,24,none,true,hard,4.2,1010,xy-wing,\n");
  EXPECT_NE(r.err.find("difficulty hard: 3 puzzles from 14 candidates (21.4% accepted)"), std::string::npos) << r.err;
}

// Every emitted puzzle, graded again by `sudokit grade` (default options), has the level asked.
TEST(GenerateCli, DifficultyLevelsHoldWhenRegraded) {
  for (const std::string level : {"easy", "medium", "hard", "expert", "extreme"}) {
    const auto r = run_sudokit({"generate", "--count", "8", "--seed", "4", "--difficulty", level, "--symmetry", "rot180"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto puzzles = split_lines(r.out);
    ASSERT_EQ(puzzles.size(), 8u);
    for (const auto& p : puzzles) EXPECT_EQ(count_solutions(p, 9, 3, 3, 2), 1) << p;
    const auto graded = run_sudokit({"grade", "--threads", "1"}, r.out);
    ASSERT_EQ(graded.exit_code, 0) << graded.err;
    for (const auto& line : split_lines(graded.out)) EXPECT_EQ(line.substr(0, line.find(' ')), level) << line;
    EXPECT_NE(r.err.find("difficulty " + level + ": 8 puzzles from "), std::string::npos) << r.err;
  }
  // A score range alone, in jsonl.
  const auto r = run_sudokit({"generate", "--count", "5", "--seed", "2", "--score", "500-900", "--format", "jsonl"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const auto& j : records(r.out)) {
    EXPECT_GE(j["score"].get<int>(), 500);
    EXPECT_LE(j["score"].get<int>(), 900);
    const auto graded = run_sudokit({"grade"}, j["puzzle"].get<std::string>() + "\n");
    EXPECT_EQ(graded.out, fmt_line(j));
  }
}

// 12x12 minimal puzzles are nearly all expert or extreme: a hard one comes from a candidate
// that got clues back. Its record says it is not minimal, the summary counts it, and
// `sudokit grade` finds the level asked.
TEST(GenerateCli, LargeGridsReachLowerLevelsWithCluesGivenBack) {
  const auto r = run_sudokit({"generate", "--size", "12", "--count", "3", "--seed", "5", "--difficulty", "hard", "--format", "jsonl"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto made = records(r.out);
  ASSERT_EQ(made.size(), 3u);
  std::string puzzles;
  int not_minimal = 0;
  for (const auto& j : made) {
    EXPECT_EQ(j["level"], "hard") << j.dump();
    EXPECT_EQ(count_solutions(j["puzzle"].get<std::string>(), 12, 3, 4, 2), 1) << j.dump();
    not_minimal += j["minimal"].get<bool>() ? 0 : 1;
    puzzles += j["puzzle"].get<std::string>() + "\n";
  }
  EXPECT_GT(not_minimal, 0);
  EXPECT_NE(r.err.find(std::to_string(not_minimal) + " with clues given back"), std::string::npos) << r.err;
  const auto graded = run_sudokit({"grade", "--size", "12", "--format", "jsonl"}, puzzles);
  ASSERT_EQ(graded.exit_code, 0) << graded.err;
  for (const auto& j : records(graded.out)) EXPECT_EQ(j["level"], "hard") << j.dump();
  // --minimal keeps candidates as made: each one minimal, none given back.
  const auto kept = run_sudokit({"generate", "--size", "12", "--count", "1", "--seed", "5", "--difficulty", "expert",
                                 "--minimal", "--format", "jsonl"});
  ASSERT_EQ(kept.exit_code, 0) << kept.err;
  for (const auto& j : records(kept.out)) EXPECT_TRUE(j["minimal"].get<bool>()) << j.dump();
  EXPECT_EQ(kept.err.find("given back"), std::string::npos) << kept.err;
}

TEST(GenerateCli, DifficultyIsTheSameForAnyThreadCountAndShards) {
  const std::vector<std::string> base{"generate", "--count", "15", "--seed", "77", "--difficulty", "expert", "--format", "jsonl"};
  auto with = [&](std::vector<std::string> extra) {
    auto args = base;
    args.insert(args.end(), extra.begin(), extra.end());
    auto r = run_sudokit(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r.out;
  };
  const std::string one = with({"--threads", "1"});
  EXPECT_EQ(with({"--threads", "2"}), one);
  EXPECT_EQ(with({"--threads", "4"}), one);
  std::map<std::uint64_t, std::string> merged;
  for (const char* shard : {"0/3", "1/3", "2/3"})
    for (const auto& j : records(with({"--shard", shard}))) merged[j["index"].get<std::uint64_t>()] = j.dump() + "\n";
  std::string joined;
  for (const auto& [index, line] : merged) joined += line;
  EXPECT_EQ(joined, one);
  // The reported seed remakes the kept candidate alone.
  const auto first = records(one).front();
  const auto alone = run_sudokit({"generate", "--puzzle-seed", std::to_string(first["seed"].get<std::uint64_t>()),
                                  "--difficulty", "expert", "--format", "jsonl"});
  ASSERT_EQ(alone.exit_code, 0) << alone.err;
  EXPECT_EQ(nlohmann::json::parse(alone.out)["puzzle"], first["puzzle"]);
}

TEST(GenerateCli, UnmetDifficultyGivesUpAfterTheBound) {
  const auto r = run_sudokit({"generate", "--count", "2", "--seed", "1", "--score", "1-3", "--attempts", "5"});
  EXPECT_EQ(r.exit_code, 1);
  // Each index that missed is an error record in place (issue 11: failure isolation).
  const auto lines = split_lines(r.out);
  ASSERT_EQ(lines.size(), 2u) << r.out;
  EXPECT_EQ(lines[0].rfind("error: puzzle 0: ", 0), 0u) << lines[0];
  EXPECT_EQ(lines[1].rfind("error: puzzle 1: ", 0), 0u) << lines[1];
  EXPECT_NE(r.err.find("in 5 candidates"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("0 puzzles from 10 candidates"), std::string::npos) << r.err;
}

TEST(GenerateCli, BookOfTheGeneratedPuzzles) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("sudokit_gen_book_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string pdf = (dir / "medium.pdf").string();
  const auto r = run_sudokit({"generate", "--count", "6", "--seed", "3", "--difficulty", "medium", "--book", pdf,
                              "--per-page", "2", "--title", "Six Medium Ones", "--page-size", "letter"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto puzzles = split_lines(r.out);
  ASSERT_EQ(puzzles.size(), 6u);
  ASSERT_TRUE(fs::exists(pdf)) << r.err;
  const auto info = run_program("/usr/bin/pdfinfo", {pdf});
  ASSERT_EQ(info.exit_code, 0) << info.err;
  // Title page and its blank back, 6 puzzles 2 to a page, a blank page so that the answers
  // start on a right-hand page, one page of answers, a blank page to make the count even.
  EXPECT_NE(info.out.find("Pages:           8"), std::string::npos) << info.out;
  const auto text = run_program("/usr/bin/pdftotext", {"-raw", pdf, "-"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  std::string compact;
  for (char c : text.out)
    if (c != ' ' && c != '\n') compact += c;
  std::string givens;
  for (char c : puzzles.front())
    if (c != '.') givens += c;
  EXPECT_NE(compact.find(givens), std::string::npos) << "givens " << givens << " not in\n" << text.out;
  EXPECT_NE(text.out.find("1 \u00b7 Medium"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("Six Medium Ones"), std::string::npos);
  fs::remove_all(dir);
}

TEST(GenerateCli, BadBookRequestsFailBeforeGenerating) {
  namespace fs = std::filesystem;
  const std::string missing_dir = "/nonexistent_sudokit_dir/book.pdf";
  const std::string ok_path = (fs::temp_directory_path() / ("sudokit_gen_bad_" + std::to_string(::getpid()) + ".pdf")).string();
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"--book", missing_dir},
           {"--book", ok_path, "--per-page", "7"},
           {"--book", ok_path, "--page-size", "a7"},
           // Illegible: 25x25 four to an A4 page (refused once every puzzle had been made).
           {"--book", ok_path, "--size", "25", "--page-size", "a4", "--per-page", "4"},
       }) {
    std::vector<std::string> full{"generate", "--count", "100000", "--seed", "1"};
    full.insert(full.end(), args.begin(), args.end());
    const auto r = run_sudokit(full);
    EXPECT_EQ(r.exit_code, 2) << args[2 % args.size()] << "\n" << r.err;
    EXPECT_TRUE(r.out.empty()) << "nothing generated";
    EXPECT_FALSE(fs::exists(ok_path));
  }
}

// The book's own options without --book were dropped without a word.
TEST(GenerateCli, BookOptionsWithoutABookAreRefused) {
  for (const auto& option : std::vector<std::vector<std::string>>{
           {"--per-page", "3"}, {"--title", "Mine"}, {"--page-size", "a5"}}) {
    std::vector<std::string> args{"generate", "--count", "1", "--seed", "1"};
    args.insert(args.end(), option.begin(), option.end());
    const auto r = run_sudokit(args);
    EXPECT_EQ(r.exit_code, 2) << option[0];
    EXPECT_NE(r.err.find(option[0] + " is an option of the book"), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty());
  }
}

// A box other than the size's default travels with the records: generate's jsonl has a `box`
// field, every command's jsonl answer writes it back, and each reads back without --box
// (before, a 6x6 of 3x2 boxes read back as 2x3: clashes and wrong verdicts).
TEST(GenerateCli, OwnBoxesReadBackWithoutTheOption) {
  const auto made = run_sudokit({"generate", "--box", "3x2", "--count", "4", "--seed", "3", "--format", "jsonl"});
  ASSERT_EQ(made.exit_code, 0) << made.err;
  expect_schema_valid("generate", made.out);
  for (const auto& line : split_lines(made.out)) EXPECT_EQ(nlohmann::json::parse(line)["box"], "3x2") << line;
  for (const std::string command : {"solve", "verify", "grade", "score"}) {
    const auto answered = run_sudokit({command, "--format", "jsonl"}, made.out);
    EXPECT_EQ(answered.exit_code, 0) << command << ": " << answered.err;
    expect_schema_valid(command, answered.out);
    const auto again = run_sudokit({"verify"}, answered.out);
    EXPECT_EQ(again.out, "unique\nunique\nunique\nunique\n") << command << ": " << again.err;
    // Their csv answers carry each record's box in the `box` column, which every record
    // command's csv has (records of one run may bring boxes of their own), and read back
    // with it: twice, so the csv read from csv keeps it too.
    const auto as_csv = run_sudokit({command, "--format", "csv"}, made.out);
    EXPECT_EQ(as_csv.exit_code, 0) << command << ": " << as_csv.err;
    const auto rows = split_lines(as_csv.out);
    ASSERT_EQ(rows.size(), 5u) << as_csv.out;
    EXPECT_EQ(parse_csv_row(rows[0]).at(5), "box");
    for (std::size_t i = 1; i < rows.size(); ++i) EXPECT_EQ(parse_csv_row(rows[i]).at(5), "3x2") << rows[i];
    const auto csv_again = run_sudokit({"verify", "--format", "csv"}, as_csv.out);
    const auto verified = run_sudokit({"verify"}, csv_again.out);
    EXPECT_EQ(verified.out, "unique\nunique\nunique\nunique\n") << command << ": " << verified.err;
  }
  // From plain lines read with --box (nothing to carry), the answers still name the box.
  const auto lines = run_sudokit({"generate", "--box", "3x2", "--count", "4", "--seed", "3"});
  for (const std::string command : {"solve", "verify", "grade", "score"}) {
    const auto answered = run_sudokit({command, "--box", "3x2", "--format", "jsonl"}, lines.out);
    EXPECT_EQ(answered.exit_code, 0) << command << ": " << answered.err;
    const auto again = run_sudokit({"verify"}, answered.out);
    EXPECT_EQ(again.out, "unique\nunique\nunique\nunique\n") << command << ": " << again.err;
  }
}

TEST(GenerateCli, SizesAndClueTargets) {
  struct Case {
    std::vector<std::string> args;
    int n, box_rows, box_cols;
  };
  for (const Case& c : {Case{{"--size", "4"}, 4, 2, 2}, Case{{"--box", "2x3"}, 6, 2, 3}, Case{{"--box", "3x2"}, 6, 3, 2},
                        Case{{"--size", "9", "--clues", "30"}, 9, 3, 3},
                        Case{{"--size", "9", "--clues", "35-40", "--symmetry", "mirror"}, 9, 3, 3}}) {
    std::vector<std::string> args{"generate", "--count", "5", "--seed", "9", "--format", "csv", "--with-solution"};
    args.insert(args.end(), c.args.begin(), c.args.end());
    const auto r = run_sudokit(args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto lines = split_lines(r.out);
    ASSERT_EQ(lines.size(), 6u);
    // A box other than the size's default (6x6 is 2x3 by default) gets a `box` column.
    const bool own_box = c.n == 6 && c.box_rows == 3;
    EXPECT_EQ(lines[0], own_box ? "record,puzzle,status,box,index,seed,clues,symmetry,minimal,solution,error"
                                : "record,puzzle,status,index,seed,clues,symmetry,minimal,solution,error");
    GridSpec spec;
    spec.n = c.n, spec.box_rows = c.box_rows, spec.box_cols = c.box_cols;
    // Read back without --box, every puzzle is unique: the boxes come with the records.
    const auto verified = run_sudokit({"verify"}, r.out);
    EXPECT_EQ(verified.out, "unique\nunique\nunique\nunique\nunique\n") << verified.err;
    for (std::size_t i = 1; i < lines.size(); ++i) {
      const auto fields = parse_csv_row(lines[i]);
      ASSERT_EQ(fields.size(), own_box ? 11u : 10u);
      // The box column, when there, is the fourth (after status, as in jsonl).
      const std::size_t at = own_box ? 1 : 0;
      if (own_box) {
        EXPECT_EQ(fields[3], "3x2");
      }
      EXPECT_EQ(solution_problem(fields[1], fields[8 + at], spec), "");
      EXPECT_EQ(count_solutions(fields[1], c.n, c.box_rows, c.box_cols, 2), 1) << fields[1];
      const int clues = std::stoi(fields[5 + at]);
      if (c.args.size() > 2 && c.args[3] == "30") {
        EXPECT_EQ(clues, 30);
      }
      if (c.args.size() > 4) {
        EXPECT_GE(clues, 35);
        EXPECT_LE(clues, 40);
      }
    }
  }
}

TEST(GenerateCli, LineAndGridLayouts) {
  auto r = run_sudokit({"generate", "--count", "2", "--seed", "3", "--with-solution"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const auto& line : split_lines(r.out)) {
    ASSERT_EQ(line.size(), 163u);
    EXPECT_EQ(solution_problem(line.substr(0, 81), line.substr(82)), "");
  }
  r = run_sudokit({"generate", "--count", "2", "--seed", "3", "--format", "grid"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(lines_containing(r.out, "# puzzle").size(), 2u);
  EXPECT_EQ(lines_containing(r.out, "------+-------+------").size(), 4u);
}

// Above 35x35 cells are integers, so `--with-solution` writes the puzzle's N² integers and the
// solution's on one line: 2·N² integers, read back as the puzzle with its solution to check
// (it read as one invalid record: "2601 cells expected, found 2592").
TEST(GenerateCli, IntegerGridsWithTheirSolutionReadBackOneForOne) {
  const auto r = run_sudokit({"generate", "--size", "36", "--count", "2", "--seed", "3", "--with-solution", "-j", "1"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto lines = split_lines(r.out);
  ASSERT_EQ(lines.size(), 2u);
  const auto verified = run_sudokit({"verify"}, r.out);
  EXPECT_EQ(verified.exit_code, 0) << verified.err;
  EXPECT_EQ(verified.out, "unique\nunique\n");
  // The solution is checked: a wrong last digit makes that record invalid, and only that one.
  std::string broken = lines[0];
  const auto last = broken.find_last_of(' ');
  broken = broken.substr(0, last + 1) + (broken.substr(last + 1) == "1" ? "2" : "1");
  const auto checked = run_sudokit({"verify"}, broken + "\n" + lines[1] + "\n");
  const auto answers = split_lines(checked.out);
  ASSERT_EQ(answers.size(), 2u) << checked.out;
  EXPECT_NE(answers[0].find("the solution given does not solve the puzzle"), std::string::npos) << answers[0];
  EXPECT_EQ(answers[1], "unique");
}

TEST(GenerateCli, RandomSeedIsPrintedAndRepeatsTheRun) {
  const auto r = run_sudokit({"generate", "--count", "3"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto seed_lines = lines_containing(r.err, "seed: ");
  ASSERT_EQ(seed_lines.size(), 1u) << r.err;
  const std::string seed = seed_lines[0].substr(seed_lines[0].find("seed: ") + 6);
  const auto again = run_sudokit({"generate", "--count", "3", "--seed", seed});
  EXPECT_EQ(again.out, r.out);
}

TEST(GenerateCli, DistinctDropsEquivalentPuzzles) {
  // 4x4 minimal puzzles fall into few classes: most candidates are duplicates.
  auto r = run_sudokit({"generate", "--size", "4", "--minimal", "--distinct", "--count", "5", "--seed", "1"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(split_lines(r.out).size(), 5u);
  // More than exist: the run gives up after a long stretch of duplicates, and says so.
  r = run_sudokit({"generate", "--size", "4", "--minimal", "--distinct", "--count", "100000", "--seed", "1"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("distinct"), std::string::npos) << r.err;
  const auto lines = split_lines(r.out);
  EXPECT_LT(lines.size(), 100000u);
  EXPECT_GT(lines.size(), 5u);
}

TEST(GenerateCli, ImpossibleRequestsExitTwo) {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"--clues", "10"},
           {"--clues", "16"},
           {"--box", "2x2", "--size", "9"},
           {"--count", "-3"},
           {"--count=-3"},
           {"--clues=-5"},
           {"--clues", "30-20"},
           {"--clues", "90"},
           {"--symmetry", "spiral"},
           {"--symmetry", "rot90", "--clues", "30"},
           {"--shard", "2/2"},
           {"--shard", "x"},
           {"--format", "xml"},
           {"--threads", "-1"},
           {"--seed", "-1"},
           {"--size", "0"},
           {"--difficulty", "insane"},
           {"--score", "500"},
           {"--score", "900-300"},
           {"--removal", "fast"},
           {"--test-budget", "-4"},
           {"--test-budget=-1"},
           {"--engine", "warp"},
           {"--engine", "fast", "--size", "16"},
       }) {
    std::vector<std::string> full{"generate"};
    full.insert(full.end(), args.begin(), args.end());
    const auto r = run_sudokit(full);
    EXPECT_EQ(r.exit_code, 2) << args[0] << " " << (args.size() > 1 ? args[1] : "") << "\n" << r.err;
    EXPECT_NE(r.err.find("sudokit generate:"), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty());
  }
  const auto r = run_sudokit({"generate", "--clues", "12"});
  EXPECT_NE(r.err.find("fewer than 17"), std::string::npos) << r.err;
}

// The removal tests' engine changes the speed, never the bytes.
TEST(GenerateCli, EveryEngineWritesTheSameBytes) {
  for (const auto& mode : std::vector<std::vector<std::string>>{
           {"--minimal", "--count", "25"}, {"--symmetry", "rot180", "--count", "25"}, {"--difficulty", "hard", "--count", "4"}}) {
    std::vector<std::string> base{"generate", "--seed", "9", "--format", "jsonl"};
    base.insert(base.end(), mode.begin(), mode.end());
    std::string first;
    for (const char* engine : {"auto", "dlx", "fast"}) {
      auto args = base;
      args.insert(args.end(), {"--engine", engine});
      const auto r = run_sudokit(args);
      ASSERT_EQ(r.exit_code, 0) << engine << ": " << r.err;
      ASSERT_FALSE(r.out.empty());
      if (first.empty()) first = r.out;
      EXPECT_EQ(r.out, first) << engine << " " << mode[0];
    }
  }
  const auto r = run_sudokit({"generate", "--engine", "fast", "--size", "16"});
  EXPECT_NE(r.err.find("fast engine"), std::string::npos) << r.err;
  const auto six = run_sudokit({"generate", "--size", "6", "--count", "20", "--seed", "4", "--engine", "dlx"});
  EXPECT_EQ(six.out, run_sudokit({"generate", "--size", "6", "--count", "20", "--seed", "4"}).out);
  EXPECT_NE(run_sudokit({"generate", "--help"}).out.find("--engine"), std::string::npos);
}

// --clues MIN-MAX draws each puzzle's stop count in the range from its seed (it used to stop at
// MAX every time): a run spreads over the range, and the same seed repeats the counts.
TEST(GenerateCli, ClueRangeSpreadsOverTheRange) {
  const std::vector<std::string> args{"generate", "--count", "50", "--seed", "8", "--clues", "24-30", "--format", "csv"};
  const auto r = run_sudokit(args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto lines = split_lines(r.out);
  ASSERT_EQ(lines.size(), 51u);
  std::map<int, int> counts;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const auto fields = parse_csv_row(lines[i]);
    const int clues = std::stoi(fields[5]);
    EXPECT_GE(clues, 24) << lines[i];
    EXPECT_LE(clues, 30) << lines[i];
    EXPECT_EQ(clues, static_cast<int>(81 - std::count(fields[1].begin(), fields[1].end(), '.')));
    ++counts[clues];
  }
  EXPECT_GE(counts.size(), 4u) << "clue counts of 50 puzzles: " << counts.size() << " distinct";
  auto again = args;
  again.insert(again.end(), {"--threads", "1"});
  EXPECT_EQ(run_sudokit(again).out, r.out);
  // Each record's seed remakes it alone, with its drawn count.
  const auto fields = parse_csv_row(lines[7]);
  const auto alone = run_sudokit({"generate", "--puzzle-seed", fields[4], "--clues", "24-30"});
  EXPECT_EQ(alone.out, fields[1] + "\n");
}

// --alphabet names the symbols of every layout; `solve --alphabet` reads them back.
TEST(GenerateCli, AlphabetOutputReadsBackWithSolve) {
  const std::string symbols = "ABCDEFGHI";
  GridSpec spec;
  spec.symbols = symbols;
  spec.zero_is_empty = false;
  const auto r = run_sudokit({"generate", "--count", "6", "--seed", "2", "--alphabet", symbols, "--with-solution"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::string puzzles, solutions;
  for (const auto& line : split_lines(r.out)) {
    ASSERT_EQ(line.size(), 163u) << line;
    EXPECT_EQ(line.find_first_not_of(symbols + ". "), std::string::npos) << line;
    EXPECT_EQ(solution_problem(line.substr(0, 81), line.substr(82), spec), "") << line;
    puzzles += line.substr(0, 81) + "\n";
    solutions += line.substr(82) + "\n";
  }
  const auto solved = run_sudokit({"solve", "--alphabet", symbols}, puzzles);
  ASSERT_EQ(solved.exit_code, 0) << solved.err;
  EXPECT_EQ(solved.out, solutions);
  // The grid layout too (blocks of the alphabet's symbols), and the same puzzles as standard
  // symbols relabelled.
  const auto grid = run_sudokit({"generate", "--count", "6", "--seed", "2", "--alphabet", symbols, "--format", "grid"});
  ASSERT_EQ(grid.exit_code, 0) << grid.err;
  EXPECT_EQ(run_sudokit({"solve", "--alphabet", symbols}, grid.out).out, solutions);
  const auto standard = run_sudokit({"generate", "--count", "6", "--seed", "2", "--format", "jsonl"});
  const auto lettered = run_sudokit({"generate", "--count", "6", "--seed", "2", "--format", "jsonl", "--alphabet", symbols});
  const auto plain = records(standard.out), named = records(lettered.out);
  ASSERT_EQ(plain.size(), named.size());
  for (std::size_t i = 0; i < plain.size(); ++i) {
    std::string relabelled = plain[i]["puzzle"];
    for (char& c : relabelled)
      if (c != '.') c = symbols[static_cast<std::size_t>(c - '1')];
    EXPECT_EQ(named[i]["puzzle"], relabelled);
  }
  // 16x16 with a 0-based alphabet, in csv.
  const std::string hex = "0123456789ABCDEF";
  const auto big = run_sudokit({"generate", "--size", "16", "--seed", "1", "--alphabet", hex, "--format", "csv", "--with-solution"});
  ASSERT_EQ(big.exit_code, 0) << big.err;
  const auto row = parse_csv_row(split_lines(big.out).at(1));
  GridSpec hex_spec;
  hex_spec.n = 16, hex_spec.box_rows = 4, hex_spec.box_cols = 4, hex_spec.symbols = hex, hex_spec.zero_is_empty = false;
  EXPECT_EQ(solution_problem(row[1], row[8], hex_spec), "");
  EXPECT_EQ(run_sudokit({"solve", "--alphabet", hex}, row[1] + "\n").out, row[8] + "\n");
  // Too few symbols for the size is a usage error.
  const auto short_alphabet = run_sudokit({"generate", "--alphabet", "ABCDEFGH"});
  EXPECT_EQ(short_alphabet.exit_code, 2);
  EXPECT_NE(short_alphabet.err.find("needs 9"), std::string::npos) << short_alphabet.err;
  EXPECT_TRUE(short_alphabet.out.empty());
}

// An index that fails (here: 23 clues in one fill, which most fills miss) is an error record
// in its place, in every layout; the run goes on to the other indices and exits 1.
TEST(GenerateCli, FailingIndexIsWrittenInPlace) {
  const std::vector<std::string> base{"generate", "--count", "12", "--seed", "1", "--clues", "23", "--attempts", "1"};
  auto with = [&](std::vector<std::string> extra) {
    auto args = base;
    args.insert(args.end(), extra.begin(), extra.end());
    return run_sudokit(args);
  };
  const auto jsonl = with({"--format", "jsonl"});
  EXPECT_EQ(jsonl.exit_code, 1);
  const auto list = records(jsonl.out);
  ASSERT_EQ(list.size(), 12u);
  std::vector<bool> failed;
  for (std::size_t i = 0; i < list.size(); ++i) {
    EXPECT_EQ(list[i]["index"].get<std::uint64_t>(), i);
    failed.push_back(list[i]["status"] == "error");
    if (failed.back()) {
      EXPECT_EQ(list[i]["status"], "error");
      EXPECT_NE(list[i]["error"].get<std::string>().find("23 clues in 1 attempts"), std::string::npos);
      EXPECT_NE(jsonl.err.find(fmt_index(i)), std::string::npos) << jsonl.err;
    } else {
      EXPECT_EQ(list[i]["clues"].get<int>(), 23);
      EXPECT_EQ(count_solutions(list[i]["puzzle"], 9, 3, 3, 2), 1);
    }
  }
  const auto failures = static_cast<std::size_t>(std::count(failed.begin(), failed.end(), true));
  ASSERT_GT(failures, 0u);
  ASSERT_LT(failures, 12u) << "the test needs both outcomes";
  // line: one line per index, in order; grid: one record (block or error line) per index.
  const auto line = with({});
  EXPECT_EQ(line.exit_code, 1);
  const auto lines = split_lines(line.out);
  ASSERT_EQ(lines.size(), 12u);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (failed[i]) EXPECT_EQ(lines[i].rfind("error: puzzle " + std::to_string(i) + ": ", 0), 0u) << lines[i];
    else EXPECT_EQ(lines[i], list[i]["puzzle"].get<std::string>());
  }
  const auto grid = with({"--format", "grid"});
  EXPECT_EQ(lines_containing(grid.out, "error: puzzle ").size(), failures);
  EXPECT_EQ(lines_containing(grid.out, "# puzzle ").size(), 12u - failures);
  const auto csv = with({"--format", "csv"});
  const auto rows = split_lines(csv.out);
  ASSERT_EQ(rows.size(), 13u);
  for (std::size_t i = 0; i < 12; ++i) {
    const auto fields = parse_csv_row(rows[i + 1]);
    ASSERT_EQ(fields.size(), 9u) << rows[i + 1];
    EXPECT_EQ(fields[0], std::to_string(i + 1));
    EXPECT_EQ(fields[3], std::to_string(i));
    EXPECT_EQ(fields[2], failed[i] ? "error" : "unique") << rows[i + 1];
    EXPECT_EQ(fields[1].empty(), failed[i]) << rows[i + 1];
  }
}

TEST(GenerateCli, StreamsIntoAClosedPipe) {
  // `generate --count 10000000 | head -2` must end at once, not generate ten million.
  const auto r = run_program("/bin/sh", {"-c", std::string(SUDOKIT_BINARY) + " generate --seed 1 --count 10000000 | head -2"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(split_lines(r.out).size(), 2u);
}

}  // namespace
}  // namespace sudokit::testing
