// Clue-pattern symmetries: orbit structure (known counts by Burnside's lemma), every orbit
// closed under its maps, and names that round-trip.
#include <gtest/gtest.h>

#include <set>

#include "sudokit/generator.hpp"

namespace sudokit {
namespace {

std::size_t orbit_count(int n, Symmetry s) { return symmetry_orbits(*default_shape(n), s).size(); }

TEST(GeneratorSymmetry, OrbitCountsMatchBurnside) {
  // 9×9: rot180 pairs 80 cells around the centre; quarter turns make 20 orbits of 4 + centre;
  // a reflection fixes one line of 9 cells; the dihedral group gives (81+1+1+1+4·9)/8 = 15.
  EXPECT_EQ(orbit_count(9, Symmetry::none), 81u);
  EXPECT_EQ(orbit_count(9, Symmetry::rot180), 41u);
  EXPECT_EQ(orbit_count(9, Symmetry::rot90), 21u);
  EXPECT_EQ(orbit_count(9, Symmetry::mirror), 45u);
  EXPECT_EQ(orbit_count(9, Symmetry::flip), 45u);
  EXPECT_EQ(orbit_count(9, Symmetry::diagonal), 45u);
  EXPECT_EQ(orbit_count(9, Symmetry::antidiagonal), 45u);
  EXPECT_EQ(orbit_count(9, Symmetry::dihedral), 15u);
  // Even sizes have no centre cell and no fixed line for mirror/flip.
  EXPECT_EQ(orbit_count(4, Symmetry::rot180), 8u);
  EXPECT_EQ(orbit_count(4, Symmetry::rot90), 4u);
  EXPECT_EQ(orbit_count(4, Symmetry::mirror), 8u);
  EXPECT_EQ(orbit_count(4, Symmetry::diagonal), 10u);
  EXPECT_EQ(orbit_count(16, Symmetry::dihedral), (256u + 0 + 0 + 0 + 16 + 16 + 0 + 0) / 8 + 0u);  // 36
}

TEST(GeneratorSymmetry, OrbitsPartitionTheCellsAndAreClosed) {
  for (int n : {4, 6, 9, 12, 16, 25}) {
    const Shape shape = *default_shape(n);
    for (Symmetry s : concrete_symmetries()) {
      const auto orbits = symmetry_orbits(shape, s);
      std::set<int> seen;
      for (const auto& orbit : orbits) {
        EXPECT_TRUE(orbit.size() == 1 || orbit.size() == 2 || orbit.size() == 4 || orbit.size() == 8);
        for (int cell : orbit) EXPECT_TRUE(seen.insert(cell).second) << "cell in two orbits";
        // A pattern made of this orbit alone must be invariant.
        Grid g(shape);
        for (int cell : orbit) g.cells[static_cast<std::size_t>(cell)] = 1;
        EXPECT_TRUE(pattern_has_symmetry(g, s)) << n << " " << symmetry_name(s);
      }
      EXPECT_EQ(seen.size(), static_cast<std::size_t>(shape.cells()));
    }
  }
}

TEST(GeneratorSymmetry, DetectsBrokenPatterns) {
  Grid g;
  g.at(0, 0) = 1;
  EXPECT_FALSE(pattern_has_symmetry(g, Symmetry::rot180));
  g.at(8, 8) = 7;
  EXPECT_TRUE(pattern_has_symmetry(g, Symmetry::rot180));
  EXPECT_TRUE(pattern_has_symmetry(g, Symmetry::diagonal));
  EXPECT_FALSE(pattern_has_symmetry(g, Symmetry::mirror));
  EXPECT_FALSE(pattern_has_symmetry(g, Symmetry::rot90));
  EXPECT_TRUE(pattern_has_symmetry(g, Symmetry::none));
}

TEST(GeneratorSymmetry, NamesRoundTrip) {
  for (const char* name : {"none", "rot180", "rot90", "mirror", "flip", "diagonal", "antidiagonal", "dihedral", "random"}) {
    auto s = parse_symmetry(name);
    ASSERT_TRUE(s) << name;
    EXPECT_EQ(symmetry_name(*s), name);
  }
  EXPECT_FALSE(parse_symmetry("rot45"));
  EXPECT_FALSE(parse_symmetry(""));
}

}  // namespace
}  // namespace sudokit
