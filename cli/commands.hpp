// commands.hpp: the subcommand registry.
//
// Each cmd_<name>.cpp registers itself with a static CommandRegistration, so adding a
// subcommand is adding one file (the CMake glob picks it up) and main.cpp never changes.
#pragma once

#include <string>
#include <vector>

namespace sudokit::cli {

/// A subcommand: `run` gets the words after the command name and returns the exit code.
struct Command {
  std::string name;
  std::string summary;  ///< one line for `sudokit --help`
  int order;            ///< position in the help listing
  int (*run)(const std::vector<std::string>& args);
};

const std::vector<Command>& commands();

struct CommandRegistration {
  explicit CommandRegistration(Command command);
};

}  // namespace sudokit::cli
