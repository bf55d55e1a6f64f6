// sudokit/plugin.hpp: loading a part of the program only when a command needs it.
//
// Why: the book renderer pulls in cairo, pango, fontconfig and glib, and the MPI transport
// Open MPI; linked into the program, the dynamic loader mapped and relocated about fifty
// libraries before every `sudokit solve`, about 8 ms of an 11 ms start (tdoku starts in about
// 1 ms). So those two parts are loadable modules (libsudokit-book.so, libsudokit-mpi.so) that
// the program opens the first time a book is drawn, or when mpirun started it.
//
// Where a part is looked for, in order (the first folder that has the file wins):
//   1. $SUDOKIT_PLUGIN_DIR, when set (a relocated install, or a test of a missing part);
//   2. beside the running program: <its folder>/SUDOKIT_PLUGIN_RELATIVE_DIR, the install
//      layout's path from bin/ to <libdir>/sudokit ("../lib/sudokit"), so an installed tree
//      works under any prefix and after being moved; in a build tree, where every program
//      sits one folder below the build's root and the parts in <root>/lib/sudokit, the same
//      path finds the build's parts;
//   3. SUDOKIT_PLUGIN_BUILD_DIR, the build's own folder, for a libdir layout whose relative
//      path differs from the build's (lib/x86_64-linux-gnu).
// Paths, not the run path: dlopen searches the run path of the object that calls it, and
// under AddressSanitizer that object is the sanitizer's dlopen interceptor, not the program.
//
// Each part hands over one table of entry points through one extern "C" function and says
// which sudokit it was built with; a part from another version is refused with a message
// instead of being called with structures of another layout.
#pragma once

#include <dlfcn.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

#ifndef SUDOKIT_PLUGIN_RELATIVE_DIR
#define SUDOKIT_PLUGIN_RELATIVE_DIR "../lib/sudokit"
#endif
#ifndef SUDOKIT_PLUGIN_BUILD_DIR
#define SUDOKIT_PLUGIN_BUILD_DIR ""
#endif

namespace sudokit {

/// The folder of the running program (from /proc/self/exe), or "" when it cannot be read.
inline std::string program_folder() {
  char path[4096];
  const ssize_t length = ::readlink("/proc/self/exe", path, sizeof path - 1);
  if (length <= 0) return {};
  std::string program(path, static_cast<std::size_t>(length));
  const std::size_t slash = program.rfind('/');
  return slash == std::string::npos ? std::string() : program.substr(0, slash);
}

/// Loads the part `file_name` ("libsudokit-book.so") and returns its symbol `entry`, or null
/// with `error` set to a sentence naming where it looked and the loader's reason. `flags`:
/// dlopen's (RTLD_GLOBAL for a part whose own dependencies load further modules, as Open MPI
/// does). The part stays loaded for the life of the process.
inline void* load_plugin_entry(const char* file_name, const char* entry, int flags, std::string& error) {
  std::string candidates[3];
  int count = 0;
  if (const char* dir = std::getenv("SUDOKIT_PLUGIN_DIR"); dir && *dir) {
    candidates[count++] = std::string(dir) + "/" + file_name;
  } else {
    if (const std::string folder = program_folder(); !folder.empty())
      candidates[count++] = folder + "/" + SUDOKIT_PLUGIN_RELATIVE_DIR + "/" + file_name;
    if (*SUDOKIT_PLUGIN_BUILD_DIR) candidates[count++] = std::string(SUDOKIT_PLUGIN_BUILD_DIR) + "/" + file_name;
  }
  // The first candidate that exists is the one: a part that is there but cannot be loaded
  // is reported as such, not hidden behind a later "not found".
  int chosen = count - 1;
  for (int i = 0; i < count; ++i) {
    struct stat info {};
    if (::stat(candidates[i].c_str(), &info) == 0) {
      chosen = i;
      break;
    }
  }
  if (chosen < 0) {
    error = std::string("cannot find ") + file_name + " (the program has no folder to look in)";
    return nullptr;
  }
  const std::string& path = candidates[chosen];
  void* handle = ::dlopen(path.c_str(), RTLD_NOW | flags);
  if (!handle) {
    const char* why = ::dlerror();
    error = "cannot load " + path + ": " + (why ? why : "unknown reason") +
            " (it is installed in <libdir>/sudokit beside the program; SUDOKIT_PLUGIN_DIR names another folder)";
    return nullptr;
  }
  void* symbol = ::dlsym(handle, entry);
  if (!symbol) {
    error = path + " is not a sudokit part: it has no " + entry;
    return nullptr;
  }
  return symbol;
}

}  // namespace sudokit
