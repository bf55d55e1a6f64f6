// The variant model (sudokit/variant.hpp): names, houses, validation reasons for region maps
// and cages, the independent solution checker and clashes under the variant's houses.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sudokit/grid.hpp"
#include "sudokit/variant.hpp"

namespace sudokit {
namespace {

Shape shape_of(int n) { return default_shape(n).value(); }

Grid grid_of(int n, const std::string& line) {
  Grid g(shape_of(n));
  for (std::size_t i = 0; i < line.size(); ++i) g.cells[i] = static_cast<std::uint8_t>(line[i] == '.' ? 0 : line[i] - '0');
  return g;
}

// A 4×4 grid that obeys rows, columns, boxes and both diagonals:
//   1 2 3 4 / 3 4 1 2 / 4 3 2 1 / 2 1 4 3  — diagonals 1 4 2 3 and 4 1 3 2.
const std::string kX4 = "1234341243212143";
// A classic 4×4 grid that breaks x: 1 2 3 4 / 3 4 1 2 / 2 1 4 3 / 4 3 2 1, main diagonal 1 4 4 1.
const std::string kClassicNotX4 = "1234341221434321";

std::string reason_jigsaw(int n, const std::string& regions) {
  std::string why;
  EXPECT_FALSE(make_jigsaw_rules(shape_of(n), regions, &why)) << regions;
  return why;
}

std::string reason_killer(int n, std::vector<Cage> cages) {
  std::string why;
  EXPECT_FALSE(make_killer_rules(shape_of(n), std::move(cages), &why));
  return why;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(Variant, NamesRoundTrip) {
  for (Variant v : {Variant::classic, Variant::x, Variant::hyper, Variant::jigsaw, Variant::killer})
    EXPECT_EQ(parse_variant(variant_name(v)), v);
  EXPECT_FALSE(parse_variant("sudoku"));
  EXPECT_FALSE(parse_variant("X"));
}

TEST(Variant, HouseCountsPerVariant) {
  EXPECT_EQ(make_rules(Variant::classic, shape_of(9))->houses.size(), 27u);
  EXPECT_EQ(make_rules(Variant::x, shape_of(9))->houses.size(), 29u);
  EXPECT_EQ(make_rules(Variant::x, shape_of(6))->houses.size(), 20u);
  EXPECT_EQ(make_rules(Variant::hyper, shape_of(9))->houses.size(), 31u);
  EXPECT_EQ(make_rules(Variant::hyper, shape_of(4))->houses.size(), 13u);
  EXPECT_EQ(make_rules(Variant::hyper, shape_of(16))->houses.size(), 48u + 9u);
  const auto x = make_rules(Variant::x, shape_of(9));
  EXPECT_EQ(x->houses[27].cells, (std::vector<int>{0, 10, 20, 30, 40, 50, 60, 70, 80}));
  EXPECT_EQ(x->houses[28].cells, (std::vector<int>{8, 16, 24, 32, 40, 48, 56, 64, 72}));
}

TEST(Variant, HyperNeedsSquareBoxesAndJigsawKillerNeedData) {
  std::string why;
  EXPECT_FALSE(make_rules(Variant::hyper, shape_of(6), &why));
  EXPECT_TRUE(contains(why, "square boxes")) << why;
  EXPECT_FALSE(make_rules(Variant::jigsaw, shape_of(9), &why));
  EXPECT_TRUE(contains(why, "region map")) << why;
  EXPECT_FALSE(make_rules(Variant::killer, shape_of(9), &why));
  EXPECT_TRUE(contains(why, "cages")) << why;
}

TEST(Variant, JigsawRegionsAreReadAndWrittenBack) {
  // 4×4: an L, its mirror, and two more.   a a a b / a b b b / c c d d / c c d d
  std::string why;
  const auto rules = make_jigsaw_rules(shape_of(4), "aaababbbccddccdd", &why);
  ASSERT_TRUE(rules) << why;
  EXPECT_EQ(rules->region_of, (std::vector<int>{0, 0, 0, 1, 0, 1, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3}));
  EXPECT_EQ(regions_string(*rules), "1112122233443344");
  EXPECT_TRUE(make_jigsaw_rules(shape_of(4), regions_string(*rules)));
  EXPECT_EQ(rules->houses.size(), 12u);
  EXPECT_EQ(rules->houses[8].kind, HouseKind::region);
  EXPECT_EQ(rules->houses[8].cells, (std::vector<int>{0, 1, 2, 4}));
}

TEST(Variant, MalformedRegionsEachGiveTheirReason) {
  EXPECT_TRUE(contains(reason_jigsaw(4, "aaabbbcccddd"), "12 symbols, a 4x4 grid needs 16"));
  EXPECT_TRUE(contains(reason_jigsaw(4, "aaaabbbbccccdddd" "e"), "17 symbols"));
  EXPECT_TRUE(contains(reason_jigsaw(4, "aaaabbbbccccccdd"), "region 'c' has 6 cells, not 4"));
  EXPECT_TRUE(contains(reason_jigsaw(4, "aaaabbbbccccddde"), "5 regions, a 4x4 grid needs 4"));
  EXPECT_TRUE(contains(reason_jigsaw(4, "aaaaaaaabbbbbbbb"), "2 regions"));
  // Region 'a' split in two pieces: r1c1-r1c2 and r2c3-r2c4.
  EXPECT_TRUE(contains(reason_jigsaw(4, "aabbbbaaccccdddd"), "region 'a' is not connected")) << reason_jigsaw(4, "aabbbbaaccccdddd");
  EXPECT_TRUE(contains(reason_jigsaw(4, "aaaa bbbccccdddd"), "not a printable symbol"));
  // Touching corners is not a connection: a = r1c1 + r2c2..r2c4.
  EXPECT_TRUE(contains(reason_jigsaw(4, "abbbbaaaccddccdd"), "region 'a' is not connected"));
}

TEST(Variant, KillerCagesAreValidated) {
  std::string why;
  // A full 4×4 cage cover: sums add up to 40.
  std::vector<Cage> good = {{3, {0, 1}}, {7, {2, 3}}, {7, {4, 5}}, {3, {6, 7}}, {5, {8, 12}}, {5, {9, 13}}, {5, {10, 14}}, {5, {11, 15}}};
  const auto rules = make_killer_rules(shape_of(4), good, &why);
  ASSERT_TRUE(rules) << why;
  EXPECT_EQ(rules->cage_of[13], 5);
  EXPECT_EQ(rules->houses.size(), 12u);
  // Partial cages are allowed.
  EXPECT_TRUE(make_killer_rules(shape_of(9), {{17, {0, 1}}}, &why)) << why;

  EXPECT_TRUE(contains(reason_killer(9, {}), "none given"));
  EXPECT_TRUE(contains(reason_killer(9, {{3, {}}}), "cage 1 (sum 3) has no cells"));
  EXPECT_TRUE(contains(reason_killer(9, {{3, {0, 81}}}), "names cell 81, outside 0..80"));
  EXPECT_TRUE(contains(reason_killer(9, {{3, {-1, 0}}}), "names cell -1"));
  EXPECT_TRUE(contains(reason_killer(9, {{3, {0, 0}}}), "names r1c1 twice"));
  EXPECT_TRUE(contains(reason_killer(9, {{3, {0, 1}}, {9, {1, 2}}}), "cage 2 (sum 9) overlaps cage 1: both hold r1c2"));
  EXPECT_TRUE(contains(reason_killer(9, {{2, {0, 1}}}), "2 distinct digits of 1..9 add up to 3..17"));
  EXPECT_TRUE(contains(reason_killer(9, {{18, {0, 1}}}), "add up to 3..17"));
  EXPECT_TRUE(contains(reason_killer(4, {{10, {0, 1, 2, 3, 4}}}), "has 5 cells, more than 4 distinct digits"));
  EXPECT_TRUE(make_killer_rules(shape_of(9), {{45, {0, 1, 2, 3, 4, 5, 6, 7, 8}}}));
  good[0].sum = 4;
  good[1].sum = 6;
  EXPECT_TRUE(make_killer_rules(shape_of(4), good));  // still 40 in all
  good[1].sum = 7;
  EXPECT_TRUE(contains(reason_killer(4, good), "their sums add up to 41, not 40"));
}

TEST(Variant, SolutionCheckerAppliesEveryRule) {
  const Grid x4 = grid_of(4, kX4), not_x = grid_of(4, kClassicNotX4);
  const Grid empty(shape_of(4));
  const Rules classic = *make_rules(Variant::classic, shape_of(4));
  const Rules x = *make_rules(Variant::x, shape_of(4));
  std::string why;
  EXPECT_TRUE(is_solution_of(classic, empty, x4, &why)) << why;
  EXPECT_TRUE(is_solution_of(x, empty, x4, &why)) << why;
  EXPECT_TRUE(is_solution_of(classic, empty, not_x, &why)) << why;
  EXPECT_TRUE(is_solution_of(empty, not_x));  // the classic checker agrees
  EXPECT_FALSE(is_solution_of(x, empty, not_x, &why));
  EXPECT_EQ(why, "diagonal 1 holds 4 twice");
  // Hyper 4×4: the window is r2c2 r2c3 r3c2 r3c3; x4 holds 4 1 3 2 there, not_x 4 1 1 4.
  const Rules hyper = *make_rules(Variant::hyper, shape_of(4));
  EXPECT_TRUE(is_solution_of(hyper, empty, x4, &why)) << why;
  EXPECT_FALSE(is_solution_of(hyper, empty, not_x, &why));
  EXPECT_EQ(why, "window 1 holds 1 twice");
  // Givens must agree; incomplete grids fail.
  Grid given = empty;
  given.cells[0] = 2;
  EXPECT_FALSE(is_solution_of(x, given, x4, &why));
  EXPECT_TRUE(contains(why, "r1c1 is given as 2 but holds 1")) << why;
  Grid hole = x4;
  hole.cells[5] = 0;
  EXPECT_FALSE(is_solution_of(x, empty, hole, &why));
  // Jigsaw: regions a a b b / a a b b / c c d d / c c d d are the boxes, so x4 fits; a map
  // with the L-shapes of JigsawRegionsAreReadAndWrittenBack does not.
  EXPECT_TRUE(is_solution_of(*make_jigsaw_rules(shape_of(4), "aabbaabbccddccdd"), empty, x4, &why)) << why;
  EXPECT_FALSE(is_solution_of(*make_jigsaw_rules(shape_of(4), "aaababbbccddccdd"), empty, x4, &why));
  EXPECT_TRUE(contains(why, "region")) << why;
  // Killer: x4 rows pairwise: 1+2=3, 3+4=7, 3+4=7, 1+2=3; columns of rows 3-4: 4+2, 3+1, 2+4, 1+3.
  std::vector<Cage> cages = {{3, {0, 1}}, {7, {2, 3}}, {7, {4, 5}}, {3, {6, 7}}, {6, {8, 12}}, {4, {9, 13}}, {6, {10, 14}}, {4, {11, 15}}};
  const Rules killer = *make_killer_rules(shape_of(4), cages);
  EXPECT_TRUE(is_solution_of(killer, empty, x4, &why)) << why;
  cages[4].sum = 5;
  cages[5].sum = 5;
  const Rules off = *make_killer_rules(shape_of(4), cages);
  EXPECT_FALSE(is_solution_of(off, empty, x4, &why));
  EXPECT_EQ(why, "cage 5 adds up to 6, not 5");
  // A cage with a repeated digit: r1c1 (1) and r4c2 (1) are not neighbours, but cages may be any cells.
  const Rules repeat = *make_killer_rules(shape_of(4), {{3, {0, 13}}});
  EXPECT_FALSE(is_solution_of(repeat, empty, x4, &why));
  EXPECT_EQ(why, "cage 1 holds 1 twice");
}

TEST(Variant, ClashesUnderTheVariantsHouses) {
  // 1 at r1c1 and r4c4: no classic clash, a diagonal clash under x.
  Grid g(shape_of(4));
  g.cells[0] = 1;
  g.cells[15] = 1;
  EXPECT_TRUE(find_clashes(g).empty());
  EXPECT_TRUE(find_clashes(*make_rules(Variant::classic, shape_of(4)), g).empty());
  const Rules x = *make_rules(Variant::x, shape_of(4));
  const auto clashes = find_clashes(x, g);
  ASSERT_EQ(clashes.size(), 1u);
  EXPECT_EQ(clashes[0].house, 'd');
  EXPECT_EQ(describe_clashes(x, clashes), "r1c1 and r4c4 both hold 1 (diagonal 1)");
  // Same row: reported once, as the row.
  Grid row(shape_of(4));
  row.cells[0] = row.cells[3] = 2;
  const auto r = find_clashes(x, row);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].house, 'r');
  // Out-of-range digit.
  Grid big(shape_of(4));
  big.cells[2] = 7;
  EXPECT_EQ(describe_clashes(x, find_clashes(x, big)), "r1c3 holds 7, larger than 4");
  // Jigsaw region clash.
  const Rules jig = *make_jigsaw_rules(shape_of(4), "aaabab" "bbccddccdd");
  Grid jr(shape_of(4));
  jr.cells[2] = jr.cells[4] = 3;  // r1c3 and r2c1, region a only
  const auto jc = find_clashes(jig, jr);
  ASSERT_EQ(jc.size(), 1u);
  EXPECT_EQ(describe_clashes(jig, jc), "r1c3 and r2c1 both hold 3 (region 1)");
  // Killer: a repeated digit in a cage, and givens beyond the sum.
  const Rules killer = *make_killer_rules(shape_of(4), {{3, {0, 6}}, {7, {10, 15}}});
  Grid k(shape_of(4));
  k.cells[0] = k.cells[6] = 1;  // r1c1 and r2c3 share no house, only the cage (whose sum they miss)
  EXPECT_EQ(describe_clashes(killer, find_clashes(killer, k)),
            "r1c1 and r2c3 both hold 1 (cage 1, sum 3); the givens of cage 1 add up to 2, its sum is 3");
  Grid over(shape_of(4));
  over.cells[10] = 4;
  over.cells[15] = 4;
  over.cells[0] = 4;  // cage 1: sum 3 but holds 4 already
  const auto oc = find_clashes(killer, over);
  ASSERT_EQ(oc.size(), 3u);  // cage 1 over its sum; r3c3/r4c4 (named by the box, not again by the cage); cage 2's sum
  EXPECT_TRUE(contains(describe_clashes(killer, oc), "the givens of cage 1 add up to 4, its sum is 3"));
  EXPECT_TRUE(contains(describe_clashes(killer, oc), "r3c3 and r4c4 both hold 4 (box 4)"));
  EXPECT_TRUE(contains(describe_clashes(killer, oc), "the givens of cage 2 add up to 8, its sum is 7"));
}

}  // namespace
}  // namespace sudokit
