// The bulk line path allocates nothing per record once warm (issue 14, item 3).
//
// `sudokit solve` on a file of 81-character lines runs each record through the reader, the
// solve command and the line writer, over Items the record pipeline reuses (one Record and
// one outcome per item, reset between records by reset_outcome). This test makes the same
// calls over one reused Record, outcome and output string and counts every operator new:
// once warm, puzzles with one, several or no solution must allocate nothing; a record whose
// givens clash may allocate for its message, a few times, not per house or per digit. The
// counter replaces the global operator new of this test program only.
#include <atomic>
#include <cstdlib>
#include <iterator>
#include <new>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "sudokit/commands.hpp"
#include "sudokit/output.hpp"
#include "sudokit/reader.hpp"
#include "sudokit/record_pipeline.hpp"
#include "sudokit/solver.hpp"

namespace {
std::atomic<long> g_allocations{0};

void* counted(std::size_t size) noexcept {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  return std::malloc(size ? size : 1);
}
void* counted_aligned(std::size_t size, std::align_val_t align) noexcept {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  const auto a = static_cast<std::size_t>(align);
  return std::aligned_alloc(a, (size + a - 1) / a * a);  // a multiple of the alignment
}
void* or_throw(void* p) {
  if (!p) throw std::bad_alloc();
  return p;
}
}  // namespace

// Every replaceable form, all on malloc/free, so that any new meets a matching delete (the
// library's nothrow and aligned forms included: ASan checks the pairs).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void* operator new(std::size_t size) { return or_throw(counted(size)); }
void* operator new[](std::size_t size) { return or_throw(counted(size)); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept { return counted(size); }
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept { return counted(size); }
void* operator new(std::size_t size, std::align_val_t align) { return or_throw(counted_aligned(size, align)); }
void* operator new[](std::size_t size, std::align_val_t align) { return or_throw(counted_aligned(size, align)); }
void* operator new(std::size_t size, std::align_val_t align, const std::nothrow_t&) noexcept {
  return counted_aligned(size, align);
}
void* operator new[](std::size_t size, std::align_val_t align, const std::nothrow_t&) noexcept {
  return counted_aligned(size, align);
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
#pragma GCC diagnostic pop

namespace sudokit {
namespace {

struct Kind {
  const char* line;
  const char* what;
  long most;  // allocations allowed per warm record
};

TEST(CommandsAllocation, TheLinePathOfSolveAllocatesNothingOnceWarm) {
  const Kind kinds[] = {
      {"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", "unique", 0},
      {"..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9", "unique", 0},
      {".................................................................................", "multiple", 0},
      {".12345678....................................9...................................", "none", 0},
      {"11...............................................................................", "clash", 12},
  };
  constexpr int kRounds = 300;
  std::string input;
  for (int i = 0; i < kRounds; ++i)
    for (const Kind& k : kinds) (input += k.line) += '\n';
  std::istringstream in(input);
  RecordReader reader(in, "test.txt");
  Solver solver(EngineKind::automatic);
  SolveSettings settings;
  settings.limit = 2;
  OutputOptions options;
  Record record;
  SolveOutcome outcome;
  std::string out, first_round;
  long records = 0;
  long worst[std::size(kinds)] = {};
  while (true) {
    const long before = g_allocations.load();
    if (!reader.next(record)) break;
    reset_outcome(outcome);
    solve_record(record, outcome, solver, settings);
    out.clear();
    write_solve(out, options, record, outcome);
    const auto kind = static_cast<std::size_t>(records % static_cast<long>(std::size(kinds)));
    if (records >= 2 * static_cast<long>(std::size(kinds)))  // two rounds to warm up
      worst[kind] = std::max(worst[kind], g_allocations.load() - before);
    if (records < static_cast<long>(std::size(kinds))) {
      EXPECT_EQ(outcome.status, kinds[kind].what == std::string("clash") ? "invalid" : kinds[kind].what) << out;
      first_round += out;
    }
    ++records;
  }
  ASSERT_EQ(records, kRounds * static_cast<long>(std::size(kinds)));
  for (std::size_t k = 0; k < std::size(kinds); ++k)
    EXPECT_LE(worst[k], kinds[k].most) << kinds[k].what << " record: " << kinds[k].line;
  // Reuse changes no byte of the answers.
  EXPECT_NE(first_round.find("417369825632158947958724316825437169791586432346912758289643571573291684164875293\n"),
            std::string::npos)
      << first_round;
  EXPECT_NE(first_round.find("multiple: at least 2 solutions; one is "), std::string::npos) << first_round;
  EXPECT_NE(first_round.find("none: no solution\n"), std::string::npos) << first_round;
  EXPECT_NE(first_round.find("givens clash: r1c1 and r1c2 both hold 1 (row 1)"), std::string::npos) << first_round;
}

}  // namespace
}  // namespace sudokit
