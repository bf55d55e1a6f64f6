// The MPI part of the cluster executor, libsudokit-mpi.so (see sudokit/mpi_cluster.hpp,
// cluster.hpp and mpi_plugin.hpp): the program loads it only when mpirun started it.
//
// Point-to-point messages of bytes on MPI_COMM_WORLD: sends are MPI_Isend, their buffers
// kept until MPI_Test says they are gone, so the coordinator never blocks on a slow rank;
// receives are MPI_Iprobe + MPI_Recv of exactly the probed size, so nothing waits inside MPI
// (Open MPI's blocking calls spin on a core, which the ranks' own work threads need; the
// executor sleeps between polls instead). Only the thread that runs the loop calls MPI, so
// MPI_THREAD_FUNNELED is enough.
#include <fcntl.h>
#include <unistd.h>

#include <climits>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <list>
#include <memory>
#include <string>

#include <mpi.h>

#include "mpi_plugin.hpp"
#include "sudokit/cluster.hpp"
#include "sudokit/version.hpp"

namespace sudokit {

namespace {

class MpiTransport final : public ClusterTransport {
 public:
  MpiTransport(int rank, int size, int error_fd) : rank_(rank), size_(size), error_fd_(error_fd) {}

  int rank() const override { return rank_; }
  int size() const override { return size_; }

  void send(int to, int tag, std::string bytes) override {
    if (bytes.size() > static_cast<std::size_t>(INT_MAX))
      abort("sudokit: a message of " + std::to_string(bytes.size()) + " bytes is too large for one MPI message");
    sends_.push_back(Pending{std::move(bytes), MPI_REQUEST_NULL});
    Pending& p = sends_.back();
    MPI_Isend(p.bytes.data(), static_cast<int>(p.bytes.size()), MPI_BYTE, to, tag, MPI_COMM_WORLD, &p.request);
    progress();
  }

  bool try_receive(int& from, int& tag, std::string& bytes) override {
    progress();
    int flag = 0;
    MPI_Status status;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status);
    if (!flag) return false;
    int count = 0;
    MPI_Get_count(&status, MPI_BYTE, &count);
    bytes.resize(static_cast<std::size_t>(count));
    from = status.MPI_SOURCE;
    tag = status.MPI_TAG;
    MPI_Recv(bytes.data(), count, MPI_BYTE, from, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    return true;
  }

  [[noreturn]] void abort(const std::string& message) override {
    const std::string line = message + "\n";
    if (::write(error_fd_, line.data(), line.size()) < 0) {
      // nothing more can be said
    }
    MPI_Abort(MPI_COMM_WORLD, 2);
    std::_Exit(2);
  }

  /// Waits until every message sent has left (before MPI_Finalize).
  void drain() {
    for (Pending& p : sends_) MPI_Wait(&p.request, MPI_STATUS_IGNORE);
    sends_.clear();
  }

 private:
  struct Pending {
    std::string bytes;
    MPI_Request request;
  };
  void progress() {
    for (auto it = sends_.begin(); it != sends_.end();) {
      int done = 0;
      MPI_Test(&it->request, &done, MPI_STATUS_IGNORE);
      it = done ? sends_.erase(it) : std::next(it);
    }
  }
  int rank_, size_, error_fd_;
  std::list<Pending> sends_;  // a list: MPI holds the address of each buffer until it is sent
};

// Rank 0's last word when mpirun ends the job (a rank died, or mpirun itself was stopped):
// mpirun sends SIGTERM to the ranks still alive, and without this the user would see only an
// exit status (with `mpirun -q`, which keeps mpirun's own notices quiet, nothing else).
extern "C" void ended_by_launcher(int signal_number) {
  static const char message[] =
      "sudokit: the MPI job was ended before its end (a rank died, or mpirun was stopped): the output is "
      "incomplete\n";
  if (::write(STDERR_FILENO, message, sizeof message - 1) < 0) {
    // nothing more can be said
  }
  std::_Exit(128 + signal_number);
}

class Session final : public mpi_internal::PluginSession {
 public:
  Session(int& argc, char**& argv) {
    int provided = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    int rank = 0, size = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int error_fd = STDERR_FILENO;
    if (rank == 0 && size > 1) std::signal(SIGTERM, ended_by_launcher);
    if (rank != 0) {
      // A worker's own output would repeat rank 0's (usage messages, summaries): it goes
      // nowhere; a job-ending failure still reaches the original standard error.
      std::fflush(stdout);
      std::fflush(stderr);
      error_fd = ::dup(STDERR_FILENO);
      const int null = ::open("/dev/null", O_WRONLY);
      if (null >= 0) {
        ::dup2(null, STDOUT_FILENO);
        ::dup2(null, STDERR_FILENO);
        ::close(null);
      }
    }
    transport_ = std::make_unique<MpiTransport>(rank, size, error_fd < 0 ? STDERR_FILENO : error_fd);
  }

  ClusterTransport& transport() override { return *transport_; }

  int finish(int status) override {
    MpiTransport* net = transport_.get();
    const int rank = net->rank();
    if (rank != 0 && net->loops == 0) {
      net->send(0, kTagLeft, {});  // rank 0 may be waiting for this rank to join its loop
    } else if (rank == 0 && !net->released) {
      for (int r = 1; r < net->size(); ++r) net->send(r, kTagStop, {});  // a worker may be waiting for work
    }
    std::fflush(stdout);
    std::fflush(stderr);
    net->drain();
    MPI_Finalize();
    return rank == 0 ? status : 0;
  }

 private:
  std::unique_ptr<MpiTransport> transport_;
};

}  // namespace
}  // namespace sudokit

extern "C" __attribute__((visibility("default"))) sudokit::mpi_internal::PluginSession* sudokit_mpi_plugin_open(
    int* argc, char*** argv, const char* version, std::size_t layout_check) {
  if (std::strcmp(version, SUDOKIT_VERSION_STRING) != 0 || layout_check != sudokit::mpi_internal::mpi_layout_check())
    return nullptr;
  return new sudokit::Session(*argc, *argv);
}
