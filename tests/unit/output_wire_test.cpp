// Outcomes as bytes (sudokit/output_wire.hpp): under mpirun a record's outcome is made on
// one rank and written by rank 0, so it must come back from its trip as bytes so whole that
// the writers cannot tell: for real outcomes of every command (unique, multiple, clashing,
// unreadable, no-solution and 4x4 records; with minimality, paths and counts), in every
// layout, the record written from the outcome after the trip is the record written before.
// A field left out of output_wire.hpp that a writer shows fails here.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "sudokit/output.hpp"
#include "sudokit/output_wire.hpp"
#include "sudokit/reader.hpp"

namespace sudokit {
namespace {

template <class T>
T round_trip(const T& value) {
  std::string bytes;
  wire_append(bytes, value);
  T back;
  WireReader reader(bytes);
  reader(back);
  EXPECT_TRUE(reader.done()) << "bytes left over";
  // And the trip is stable: the copy encodes to the same bytes.
  std::string again;
  wire_append(again, back);
  EXPECT_EQ(again, bytes);
  return back;
}

std::vector<Record> records() {
  const std::vector<std::string> lines = {
      // unique (a hard one: a grade path with chains)
      "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
      // unique, easy
      "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
      // multiple solutions
      "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
      // clashing givens
      "11...............................................................................",
      // no solution (givens do not clash)
      "12345678.........9...............................................................",
      // unreadable
      "this is not a puzzle",
      // 4x4
      "1..2....3..4....",
  };
  std::vector<Record> out;
  for (const auto& line : lines) out.push_back(parse_record(line));
  out[0].fields = {{"id", "\"a,b\""}};
  return out;
}

const std::vector<Format> kFormats = {Format::line, Format::grid, Format::jsonl, Format::csv};

TEST(OutputWire, RecordsSurviveTheTrip) {
  for (const Record& record : records()) {
    const Record back = round_trip(record);
    EXPECT_EQ(back.grid, record.grid);
    EXPECT_EQ(back.error, record.error);
    EXPECT_EQ(back.fields, record.fields);
  }
}

TEST(OutputWire, SolveOutcomesWriteTheSameAfterTheTrip) {
  Solver solver;
  for (const Record& record : records()) {
    SolveOutcome outcome;
    if (record.grid) {
      const SolveResult result = solver.solve(*record.grid, 2, 1);
      outcome.count = result.count;
      outcome.stats = result.stats;
      if (!result.solutions.empty()) outcome.solution = result.solutions.front();
      outcome.status = solve_status(result.count, 2);
    } else {
      outcome.status = "invalid";
      outcome.error = record.error;
    }
    const SolveOutcome back = round_trip(outcome);
    for (Format format : kFormats) {
      std::string before, after;
      write_solve(before, {format}, record, outcome);
      write_solve(after, {format}, record, back);
      EXPECT_EQ(after, before) << record.text;
    }
  }
}

TEST(OutputWire, VerifyOutcomesWriteTheSameAfterTheTrip) {
  Verifier verifier;
  for (const Record& record : records()) {
    VerifyOutcome outcome;
    if (record.grid) outcome.verification = verifier.verify(*record.grid, true);
    const VerifyOutcome back = round_trip(outcome);
    EXPECT_EQ(verify_status(record, back), verify_status(record, outcome));
    EXPECT_EQ(back.verification.minimality_checked, outcome.verification.minimality_checked);
    EXPECT_EQ(back.verification.redundant, outcome.verification.redundant);
    for (Format format : {Format::line, Format::jsonl, Format::csv}) {
      std::string before, after;
      write_verify(before, {format}, record, outcome);
      write_verify(after, {format}, record, back);
      EXPECT_EQ(after, before) << record.text;
    }
  }
}

TEST(OutputWire, GradeOutcomesWithTheirPathsWriteTheSameAfterTheTrip) {
  Grader grader;
  GradeOptions options;
  options.record_path = true;
  for (const Record& record : records()) {
    GradeOutcome outcome;
    outcome.explain = true;
    if (record.grid) {
      outcome.grade = grader.grade(*record.grid, options);
      outcome.status = grade_status(outcome.grade);
      outcome.error = outcome.grade.error;
    } else {
      outcome.status = "invalid";
      outcome.error = record.error;
    }
    const GradeOutcome back = round_trip(outcome);
    EXPECT_EQ(back.grade.path.size(), outcome.grade.path.size());
    for (Format format : {Format::line, Format::jsonl, Format::csv}) {
      std::string before, after;
      write_grade(before, {format}, record, outcome);
      write_grade(after, {format}, record, back);
      EXPECT_EQ(after, before) << record.text;
    }
  }
}

TEST(OutputWire, ScoreOutcomesWriteTheSameAfterTheTrip) {
  Scorer scorer;
  ScoreOptions options;
  options.budget.nodes = 20000;  // a sparse record may be left unknown: that is an outcome too
  for (const Record& record : records()) {
    ScoreOutcome outcome;
    if (record.grid) {
      outcome.result = scorer.score(*record.grid, Weights::target(record.grid->shape.n), options);
      outcome.status = outcome.result.proven ? (outcome.result.solution ? "optimal" : "none") : "unknown";
      outcome.solutions = 1;
    } else {
      outcome.status = "invalid";
      outcome.error = record.error;
      outcome.solutions_at_least = 3;
    }
    const ScoreOutcome back = round_trip(outcome);
    EXPECT_EQ(back.result.upper_bound, outcome.result.upper_bound);
    for (Format format : kFormats) {
      std::string before, after;
      write_score(before, {format}, record, outcome);
      write_score(after, {format}, record, back);
      EXPECT_EQ(after, before) << record.text;
    }
  }
}

}  // namespace
}  // namespace sudokit
