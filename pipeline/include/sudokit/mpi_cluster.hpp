// sudokit/mpi_cluster.hpp: the MPI transport of the cluster executor (built when CMake finds
// MPI: the sudokit_mpi library, SUDOKIT_MPI).
//
// The program makes one MpiSession at the top of main(). Launched by mpirun / srun with
// more than one rank, it starts MPI and installs the transport (set_cluster), so the record
// loop and generate_batch run across the ranks (cluster.hpp); launched any other way it does
// nothing at all (MPI is not even initialised, so a plain `sudokit` run costs nothing and
// needs no MPI runtime).
//
// Rank 0 is the process the user sees: it reads the input and writes standard output and
// standard error. Every other rank runs the same command only to work on chunks; its
// standard output and standard error go to /dev/null (they would repeat rank 0's usage
// messages and summaries), except the message of a job-ending failure, which goes to the
// original standard error. finish() returns the exit status the process should end with:
// the command's on rank 0, 0 elsewhere (so mpirun's status is rank 0's).
//
// Errors: MPI_ERRORS_ARE_FATAL (MPI's default) stays in force, so a rank that dies or a
// failed transfer ends every rank and mpirun exits non-zero, naming the rank.
#pragma once

#include <memory>

namespace sudokit {

class MpiSession {
 public:
  MpiSession(int& argc, char**& argv);
  ~MpiSession();
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;

  /// True when this process is one of K > 1 ranks.
  bool active() const;
  /// Tells the other ranks this one is done, ends MPI, and returns the status this process
  /// should exit with: `status` on rank 0 (or without MPI), 0 on the other ranks.
  int finish(int status);

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

/// True when the environment says an MPI launcher started this process as one of several
/// ranks (Open MPI's OMPI_COMM_WORLD_SIZE, PMI_SIZE of MPICH and Slurm's PMI, PMIX_RANK).
bool launched_by_mpi();

}  // namespace sudokit
