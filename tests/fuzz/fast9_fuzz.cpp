// fast9_fuzz.cpp: libFuzzer target for the fast 9×9 engine's input (issue 14).
//
// Bytes in, the property of tests/support/fast9_fuzz_check.hpp checked (every record read or
// explained; fast and DLX agree on every 9×9 grid; every solution completes its puzzle), and
// abort() on a violation so libFuzzer saves the input. Built only in a clang build configured
// with -DSUDOKIT_FUZZ=ON, which instruments the libraries for coverage and ASan/UBSan:
//
//   cmake -S . -B build/fuzz -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_C_COMPILER=clang \
//         -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSUDOKIT_FUZZ=ON -DSUDOKIT_BOOK=OFF -DSUDOKIT_MPI=OFF
//   cmake --build build/fuzz --target fuzz_fast9
//   mkdir -p corpus && head -200 ../shared/data/puzzles/top1465.txt | split -l 1 - corpus/top-
//   build/fuzz/tests/fuzz_fast9 corpus -max_len=4096 -max_total_time=600
//
// Every CI run replays the same property on mutated collection lines
// (tests/unit/input_engine_fuzz_test.cpp), so this target is for long runs by hand.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "fast9_fuzz_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static sudokit::Solver fast(sudokit::EngineKind::fast);
  static sudokit::Solver dlx(sudokit::EngineKind::dlx);
  const std::string broken =
      sudokit::testing::check_fast9_input(std::string_view(reinterpret_cast<const char*>(data), size), fast, dlx);
  if (!broken.empty()) {
    std::fprintf(stderr, "fast9 fuzz: %s\n", broken.c_str());
    std::abort();
  }
  return 0;
}
