// Grading generated variants at scale (slow): puzzles 1..200 of generate_variant for 9x9 x,
// hyper and jigsaw are graded under their rules and every step of every path is checked
// against the solution (no elimination removes the solution's digit, every placement is the
// solution's, the path ends at the solution). The unit test
// (tests/unit/generator_variant_grade_test.cpp) does the same on a few puzzles of each size.
#include <string>

#include <gtest/gtest.h>

#include "sudokit/grader.hpp"
#include "sudokit/variant.hpp"
#include "sudokit/variant_generator.hpp"
#include "test_support.hpp"
#include "variant_grade_check.hpp"

namespace sudokit {
namespace {

void grade_all(Variant v) {
  const Shape shape = *default_shape(9);
  Grader grader;
  const std::uint64_t count = 200 / testing::kSanitizerStride;
  for (std::uint64_t seed = 1; seed <= count; ++seed) {
    const VariantPuzzle p = generate_variant(v, shape, seed);
    const Grade g = grader.grade(p.puzzle, p.rules);
    testing::expect_sound_path(g, p.puzzle, p.solution, p.rules,
                               std::string(variant_name(v)) + " seed " + std::to_string(seed) + " " + to_line(p.puzzle));
    if (::testing::Test::HasFatalFailure()) return;
  }
}

TEST(VariantGradeSweep, X) { grade_all(Variant::x); }
TEST(VariantGradeSweep, Hyper) { grade_all(Variant::hyper); }
TEST(VariantGradeSweep, Jigsaw) { grade_all(Variant::jigsaw); }

}  // namespace
}  // namespace sudokit
