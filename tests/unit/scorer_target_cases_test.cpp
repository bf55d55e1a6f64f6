// scorer_target_cases_test.cpp: every case of ../shared/data/target, both methods.
//
// NN.in is the contest's input (81 integers, 0 = empty) and NN.out its answer; cases.tsv lists
// the same puzzles as 81-character lines with the answer, the number of solutions and the
// number of givens. Both files are read, so the two forms cannot drift apart unnoticed.
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sudokit/scorer.hpp"
#include "test_support.hpp"

namespace sudokit {
namespace {

struct TargetCase {
  std::string id;
  std::string puzzle81;
  std::int64_t expected = 0;
  std::uint64_t solutions = 0;
  int givens = 0;
};

std::vector<TargetCase> load_cases() {
  std::vector<TargetCase> cases;
  std::ifstream in(testing::shared_data("target/cases.tsv"));
  EXPECT_TRUE(in.good()) << "cannot read target/cases.tsv";
  std::string header;
  std::getline(in, header);
  TargetCase c;
  while (in >> c.id >> c.puzzle81 >> c.expected >> c.solutions >> c.givens) cases.push_back(c);
  return cases;
}

Grid read_contest_input(const std::string& id) {
  std::ifstream in(testing::shared_data("target/" + id + ".in"));
  EXPECT_TRUE(in.good()) << "cannot read target/" << id << ".in";
  Grid g;
  for (auto& cell : g.cells) {
    int value = -1;
    in >> value;
    EXPECT_TRUE(value >= 0 && value <= 9) << id << ".in";
    cell = static_cast<std::uint8_t>(value < 0 ? 0 : value);
  }
  return g;
}

std::int64_t read_expected(const std::string& id) {
  std::ifstream in(testing::shared_data("target/" + id + ".out"));
  EXPECT_TRUE(in.good()) << "cannot read target/" << id << ".out";
  std::int64_t value = 0;
  in >> value;
  return value;
}

TEST(ScorerTargetCases, EveryCaseHasItsAnswer) {
  const auto cases = load_cases();
  ASSERT_GE(cases.size(), 8u);
  Scorer scorer;
  const Weights weights = Weights::target(9);
  bool saw_unsolvable = false;
  bool saw_clash = false;
  for (const auto& c : cases) {
    SCOPED_TRACE("case " + c.id);
    const Grid from_in = read_contest_input(c.id);
    const Grid from_tsv = testing::grid_from_line(c.puzzle81);
    EXPECT_EQ(from_in, from_tsv);
    EXPECT_EQ(from_tsv.givens(), c.givens);
    EXPECT_EQ(read_expected(c.id), c.expected);

    const ScoreResult result = scorer.score(from_in, weights);
    EXPECT_TRUE(result.proven);
    EXPECT_EQ(result.score, c.expected);
    EXPECT_EQ(result.solution.has_value(), c.solutions > 0);
    if (result.solution) {
      std::string why;
      EXPECT_TRUE(is_solution_of(from_in, *result.solution, &why)) << why;
      EXPECT_EQ(weighted_sum(*result.solution, weights), c.expected);
    }
    saw_unsolvable |= c.solutions == 0 && find_clashes(from_in).empty();
    saw_clash |= !find_clashes(from_in).empty();
  }
  EXPECT_TRUE(saw_unsolvable) << "the data should include a clash-free puzzle without solution";
  EXPECT_TRUE(saw_clash) << "the data should include clashing givens";
}

TEST(ScorerTargetCases, EnumerationAgreesAndCountsTheSolutions) {
  Scorer scorer;
  const Weights weights = Weights::target(9);
  ScoreOptions enumerate;
  enumerate.method = ScoreMethod::enumerate;
  for (const auto& c : load_cases()) {
    SCOPED_TRACE("case " + c.id);
    const ScoreResult result = scorer.score(testing::grid_from_line(c.puzzle81), weights, enumerate);
    EXPECT_TRUE(result.proven);
    EXPECT_EQ(result.score, c.expected);
    EXPECT_EQ(result.nodes, c.solutions);  // enumerate visits each solution once
  }
}

}  // namespace
}  // namespace sudokit
