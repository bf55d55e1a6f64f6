// mpi_session.cpp: the program's side of the MPI executor (sudokit/mpi_cluster.hpp).
//
// Started by mpirun (or srun) as one of several ranks, the session loads the MPI part,
// libsudokit-mpi.so (mpi_cluster.cpp; mpi_plugin.hpp), which starts MPI and hands back the
// transport, and installs it. Started any other way it does nothing, and neither MPI nor the
// part is loaded: a plain `sudokit` run does not pay for MPI, not even to map its libraries.
// A rank that cannot load the part must not go on alone (every rank would run the whole
// command and write the whole output), so it says why and exits with status 2.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "mpi_plugin.hpp"
#include "sudokit/mpi_cluster.hpp"
#include "sudokit/plugin.hpp"
#include "sudokit/version.hpp"

namespace sudokit {

bool launched_by_mpi() {
  // The world's size, never a per-node count (a job may have one rank per node).
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE"}) {
    if (const char* value = std::getenv(name)) return std::atoi(value) > 1;
  }
  return std::getenv("PMIX_RANK") != nullptr;  // PMIx alone (srun --mpi=pmix): MPI_Init tells the size
}

struct MpiSession::Impl {
  std::unique_ptr<mpi_internal::PluginSession> session;
  bool finished = false;
};

MpiSession::MpiSession(int& argc, char**& argv) : impl_(std::make_unique<Impl>()) {
  if (!launched_by_mpi()) return;
  // RTLD_GLOBAL: Open MPI loads its own components, which expect libmpi's symbols global.
  std::string error;
  void* entry = load_plugin_entry(mpi_internal::kMpiPluginFile, mpi_internal::kMpiPluginEntry, RTLD_GLOBAL, error);
  if (!entry) {
    std::fprintf(stderr, "sudokit: started by an MPI launcher, but the MPI part is not available: %s\n", error.c_str());
    std::exit(2);
  }
  impl_->session.reset(reinterpret_cast<mpi_internal::PluginOpen>(entry)(&argc, &argv, SUDOKIT_VERSION_STRING,
                                                                        mpi_internal::mpi_layout_check()));
  if (!impl_->session) {
    std::fprintf(stderr, "sudokit: the MPI part %s was built apart from this sudokit %s: reinstall sudokit\n",
                 mpi_internal::kMpiPluginFile, SUDOKIT_VERSION_STRING);
    std::exit(2);
  }
  set_cluster(&impl_->session->transport());
}

MpiSession::~MpiSession() {
  if (impl_ && impl_->session && !impl_->finished) finish(0);
}

bool MpiSession::active() const { return impl_->session && impl_->session->transport().size() > 1; }

int MpiSession::finish(int status) {
  if (!impl_->session || impl_->finished) return status;
  impl_->finished = true;
  const int result = impl_->session->finish(status);
  set_cluster(nullptr);
  return result;
}

}  // namespace sudokit
