// main.cpp: `sudokit COMMAND [OPTIONS] [FILE...]`.
//
// Dispatches the first word to a registered subcommand (see commands.hpp), and turns the
// exceptions a command may throw into the documented exit codes: UsageError → 2 with
// "sudokit CMD: message"; anything else unexpected → 2 with the message (never an abort).
#include <algorithm>
#include <cstdio>
#include <exception>
#include <iostream>

#include <fmt/format.h>

#include "commands.hpp"
#include "common.hpp"
#if SUDOKIT_HAVE_MPI
#include "sudokit/mpi_cluster.hpp"
#endif

namespace sudokit::cli {

namespace {
std::vector<Command>& registry() {
  static std::vector<Command> list;
  return list;
}

void print_usage(std::FILE* to) {
  fmt::print(to,
             "sudokit {}: make, check, solve and score Sudoku puzzles of any size.\n\n"
             "usage: sudokit COMMAND [OPTIONS] [FILE...]     (FILE '-' or none: standard input)\n\n"
             "commands:\n",
             SUDOKIT_VERSION);
  std::vector<Command> sorted = commands();
  std::sort(sorted.begin(), sorted.end(), [](const Command& a, const Command& b) { return a.order < b.order; });
  for (const Command& c : sorted) fmt::print(to, "  {:<10} {}\n", c.name, c.summary);
  fmt::print(to,
             "\n'sudokit COMMAND --help' (or 'sudokit help COMMAND') shows a command's options.\n"
             "exit codes: 0 all good, 1 some record failed, 2 usage or I/O error.\n");
}
}  // namespace

const std::vector<Command>& commands() { return registry(); }

CommandRegistration::CommandRegistration(Command command) { registry().push_back(std::move(command)); }

}  // namespace sudokit::cli

namespace {
int run_program(int argc, char** argv) {
  using namespace sudokit::cli;
  std::ios::sync_with_stdio(false);
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    print_usage(stderr);
    return kExitUsage;
  }
  // `sudokit help CMD` is `sudokit CMD --help`.
  if (args.size() >= 2 && args.front() == "help") args = {args[1], "--help"};
  const std::string name = args.front();
  if (name == "--help" || name == "-h" || name == "help") {
    print_usage(stdout);
    return kExitOk;
  }
  if (name == "--version" || name == "-V") {
    fmt::print("sudokit {}\n", SUDOKIT_VERSION);
    return kExitOk;
  }
  const auto& list = commands();
  auto it = std::find_if(list.begin(), list.end(), [&](const Command& c) { return c.name == name; });
  if (it == list.end()) {
    fmt::print(stderr, "sudokit: unknown command '{}'; 'sudokit --help' lists the commands\n", name);
    return kExitUsage;
  }
  args.erase(args.begin());
  try {
    return it->run(args);
  } catch (const UsageError& e) {
    fmt::print(stderr, "sudokit {}: {}\n(see 'sudokit {} --help')\n", name, e.what(), name);
    return kExitUsage;
  } catch (const std::exception& e) {
    fmt::print(stderr, "sudokit {}: {}\n", name, e.what());
    return kExitUsage;
  }
}
}  // namespace

// Under mpirun with several ranks every rank runs the command; rank 0 reads and writes, the
// others work on chunks and exit 0 (sudokit/mpi_cluster.hpp). Otherwise MPI is not touched.
int main(int argc, char** argv) {
#if SUDOKIT_HAVE_MPI
  sudokit::MpiSession mpi(argc, argv);
  return mpi.finish(run_program(argc, argv));
#else
  return run_program(argc, argv);
#endif
}
