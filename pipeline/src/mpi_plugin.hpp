// mpi_plugin.hpp (internal): what the MPI part (libsudokit-mpi.so, mpi_cluster.cpp) hands the
// program's MpiSession (mpi_session.cpp).
//
// The program does not link MPI (see sudokit/plugin.hpp for why): when mpirun started it,
// MpiSession loads the part, which starts MPI and returns a session owning the transport. The
// program installs that transport itself (set_cluster), because the part has its own copy of
// the header-only pipeline and so of its "current transport" slot.
#pragma once

#include <cstddef>

#include "sudokit/cluster.hpp"

namespace sudokit::mpi_internal {

class PluginSession {
 public:
  virtual ~PluginSession() = default;
  /// The transport over MPI_COMM_WORLD (rank, size, messages).
  virtual ClusterTransport& transport() = 0;
  /// Tells the other ranks this one is done, waits for its messages to leave, ends MPI, and
  /// returns the status the process should exit with: `status` on rank 0, 0 elsewhere.
  virtual int finish(int status) = 0;
};

/// The entry's type: starts MPI (argc/argv as MPI_Init takes them); `version` and
/// `layout_check` are the program's, and the part returns null when they are not its own.
using PluginOpen = PluginSession* (*)(int* argc, char*** argv, const char* version, std::size_t layout_check);

constexpr std::size_t mpi_layout_check() { return sizeof(ClusterTransport) + 3 * sizeof(PluginSession); }

inline constexpr const char* kMpiPluginFile = "libsudokit-mpi.so";
inline constexpr const char* kMpiPluginEntry = "sudokit_mpi_plugin_open";

}  // namespace sudokit::mpi_internal
