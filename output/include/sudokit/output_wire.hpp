// sudokit/output_wire.hpp: the command outcomes as bytes, for the cluster executor.
//
// Under mpirun the record loop (record_pipeline.hpp) works on records on every rank and
// sends each typed outcome back to rank 0, whose writer then formats it exactly as one
// process would (wire.hpp explains the encoding). Every field of every outcome is listed
// here: a field added to an outcome type must be added here too, or it reaches rank 0 as its
// default (tests/unit/output_wire_test.cpp writes real outcomes before and after the trip and
// compares the bytes).
#pragma once

#include "sudokit/output.hpp"
#include "sudokit/wire.hpp"

namespace sudokit {

template <class Wire>
void wire_fields(Wire& wire, SearchStats& stats) {
  wire(stats.nodes, stats.updates, stats.guesses);
}
template <class Wire>
void wire_fields(Wire& wire, SolveOutcome& o) {
  wire(o.status, o.count, o.limit, o.solution, o.error, o.stats);
}
template <class Wire>
void wire_fields(Wire& wire, Verification& v) {
  wire(v.verdict, v.clashes, v.error, v.solution, v.second, v.differing, v.solutions_found, v.minimality_checked,
       v.minimality_unknown, v.minimal, v.redundant, v.stats);
}
template <class Wire>
void wire_fields(Wire& wire, VerifyOutcome& o) {
  wire(o.verification, o.error);
}
template <class Wire>
void wire_fields(Wire& wire, ScoreResult& r) {
  wire(r.score, r.solution, r.proven, r.upper_bound, r.nodes);
}
template <class Wire>
void wire_fields(Wire& wire, ScoreOutcome& o) {
  wire(o.status, o.error, o.result, o.solutions, o.solutions_at_least);
}
template <class Wire>
void wire_fields(Wire& wire, CellDigit& c) {
  wire(c.cell, c.digit);
}
template <class Wire>
void wire_fields(Wire& wire, Step& s) {
  wire(s.technique, s.placements, s.eliminations, s.cells, s.digits, s.houses, s.chain, s.rating);
}
template <class Wire>
void wire_fields(Wire& wire, Grade& g) {
  wire(g.status, g.level, g.rating, g.score, g.hardest, g.hardest_logical, g.counts, g.givens, g.unique,
       g.used_uniqueness, g.guesses, g.path, g.error);
}
template <class Wire>
void wire_fields(Wire& wire, GradeOutcome& o) {
  wire(o.status, o.error, o.grade, o.explain);
}

}  // namespace sudokit
