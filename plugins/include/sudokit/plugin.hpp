// sudokit/plugin.hpp: loading a part of the program only when a command needs it.
//
// Why: the book renderer pulls in cairo, pango, fontconfig and glib, and the MPI transport
// Open MPI; linked into the program, the dynamic loader mapped and relocated about fifty
// libraries before every `sudokit solve`, about 8 ms of an 11 ms start (tdoku starts in about
// 1 ms). So those two parts are loadable modules (libsudokit-book.so, libsudokit-mpi.so) that
// the program opens the first time a book is drawn, or when mpirun started it.
//
// Where a part is looked for, in order:
//   1. $SUDOKIT_PLUGIN_DIR, when set (a relocated install, or a test of a stale part);
//   2. by its file name through the run-time search path of the program: the build tree's
//      plugin folder (CMAKE_BUILD_RPATH) or, installed, <libdir>/sudokit relative to the
//      program ($ORIGIN in its INSTALL_RPATH).
// dlopen searches the run path of the object that calls it, so this header is compiled into
// the program (and the test programs), never into a shared library of ours.
//
// Each part hands over one table of entry points through one extern "C" function and says
// which sudokit it was built with; a part from another version is refused with a message
// instead of being called with structures of another layout.
#pragma once

#include <dlfcn.h>

#include <cstdlib>
#include <string>

namespace sudokit {

/// Loads the part `file_name` ("libsudokit-book.so") and returns its symbol `entry`, or null
/// with `error` set to a sentence naming the file and the loader's reason. `flags`: dlopen's
/// (RTLD_GLOBAL for a part whose own dependencies load further modules, as Open MPI does).
/// The part stays loaded for the life of the process.
inline void* load_plugin_entry(const char* file_name, const char* entry, int flags, std::string& error) {
  void* handle = nullptr;
  std::string tried;
  if (const char* dir = std::getenv("SUDOKIT_PLUGIN_DIR"); dir && *dir) {
    tried = std::string(dir) + "/" + file_name;
    handle = ::dlopen(tried.c_str(), RTLD_NOW | flags);
  } else {
    tried = file_name;
    handle = ::dlopen(file_name, RTLD_NOW | flags);
  }
  if (!handle) {
    const char* why = ::dlerror();
    error = "cannot load " + tried + ": " + (why ? why : "unknown reason") +
            " (it is installed in <libdir>/sudokit beside the program; SUDOKIT_PLUGIN_DIR names another folder)";
    return nullptr;
  }
  void* symbol = ::dlsym(handle, entry);
  if (!symbol) {
    error = tried + " is not a sudokit part: it has no " + entry;
    return nullptr;
  }
  return symbol;
}

}  // namespace sudokit
