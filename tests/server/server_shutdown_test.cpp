// Graceful shutdown of the real program: `sudokit serve` gets SIGTERM (or SIGINT) while a
// request is being worked on; the request is answered in full, idle connections are closed,
// no new connection is accepted, and the program exits 0 within its drain deadline.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include <future>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "../cli/cli_support.hpp"
#include "server_support.hpp"

extern char** environ;

namespace sudokit::testing {
namespace {

using namespace std::chrono_literals;

/// `sudokit serve --listen 127.0.0.1:0 ARGS...`, its port read from its first stdout line.
class ServeProcess {
 public:
  explicit ServeProcess(const std::vector<std::string>& extra) {
    int out[2];
    if (::pipe2(out, O_CLOEXEC) != 0) throw std::runtime_error("pipe");
    std::vector<std::string> args{SUDOKIT_BINARY, "serve", "--listen", "127.0.0.1:0", "--quiet"};
    args.insert(args.end(), extra.begin(), extra.end());
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    const int failed = posix_spawn(&pid_, args[0].c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(out[1]);
    if (failed != 0) throw std::runtime_error("posix_spawn");
    // "listening on http://127.0.0.1:PORT\n"
    std::string line;
    const auto end = std::chrono::steady_clock::now() + 20s;
    char c = 0;
    while (line.find('\n') == std::string::npos && std::chrono::steady_clock::now() < end) {
      pollfd p{out[0], POLLIN, 0};
      if (::poll(&p, 1, 200) == 1) {
        if (::read(out[0], &c, 1) != 1) break;
        line += c;
      }
    }
    ::close(out[0]);
    const auto colon = line.rfind(':');
    if (line.rfind("listening on http://", 0) != 0 || colon == std::string::npos)
      throw std::runtime_error("no port from sudokit serve: '" + line + "'");
    port_ = static_cast<std::uint16_t>(std::stoi(line.substr(colon + 1)));
  }
  ~ServeProcess() {
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
  }
  std::uint16_t port() const { return port_; }
  void signal(int number) { ::kill(pid_, number); }
  /// The exit status, or -1 when it is still running after `timeout`.
  int wait_exit(std::chrono::milliseconds timeout) {
    const auto end = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < end) {
      int status = 0;
      if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      }
      std::this_thread::sleep_for(20ms);
    }
    return -1;
  }

 private:
  pid_t pid_ = -1;
  std::uint16_t port_ = 0;
};

TEST(ServerShutdown, SigtermFinishesTheRequestInFlightThenExitsZero) {
  ServeProcess serve({"--record-timeout", "1.5", "--drain-timeout", "10"});
  // An idle keep-alive connection, opened before the signal.
  HttpConnection idle(serve.port(), 10s);
  ASSERT_EQ(idle.get("/healthz").status, 200u);
  // A request that takes its whole 1.5 s budget (an empty grid's score).
  auto slow = std::async(std::launch::async, [&] {
    HttpConnection http(serve.port(), 20s);
    return http.post("/v1/score", std::string(81, '.') + "\n" + data_lines("puzzles/top1465.txt", 1).at(0) + "\n");
  });
  std::this_thread::sleep_for(400ms);
  const auto signalled = std::chrono::steady_clock::now();
  serve.signal(SIGTERM);
  const HttpReply reply = slow.get();
  ASSERT_EQ(reply.status, 200u) << reply.error;
  const auto lines = split_lines(reply.body);
  ASSERT_EQ(lines.size(), 2u) << reply.body;
  EXPECT_EQ(nlohmann::json::parse(lines[0])["status"], "unknown");
  EXPECT_EQ(nlohmann::json::parse(lines[1])["status"], "optimal");
  EXPECT_EQ(serve.wait_exit(10s), 0);
  EXPECT_LT(std::chrono::steady_clock::now() - signalled, 8s);
  // The idle connection was closed, and nobody listens any more.
  EXPECT_EQ(idle.get("/healthz").status, 0u);
  EXPECT_LT(connect_to(serve.port()), 0);
}

TEST(ServerShutdown, SigintWithNothingInFlightExitsZeroAtOnce) {
  ServeProcess serve({});
  HttpConnection http(serve.port(), 10s);
  ASSERT_EQ(http.post("/v1/verify", data_lines("puzzles/top1465.txt", 1).at(0) + "\n").status, 200u);
  const auto signalled = std::chrono::steady_clock::now();
  serve.signal(SIGINT);
  EXPECT_EQ(serve.wait_exit(5s), 0);
  EXPECT_LT(std::chrono::steady_clock::now() - signalled, 2s);
}

TEST(ServerShutdown, TheDrainDeadlineEndsARequestThatWillNotFinish) {
  // The client never reads its large answer; the drain deadline (0.5 s) closes it.
  ServeProcess serve({"--drain-timeout", "0.5", "--request-deadline", "60"});
  std::string error;  // 400,000 unreadable records: ~80 MB of answers, more than socket buffers hold
  const int fd = send_and_never_read(serve.port(), 400000, error);
  ASSERT_GE(fd, 0) << error;
  std::this_thread::sleep_for(500ms);
  const auto signalled = std::chrono::steady_clock::now();
  serve.signal(SIGTERM);
  EXPECT_EQ(serve.wait_exit(10s), 0);
  EXPECT_LT(std::chrono::steady_clock::now() - signalled, 5s);
  ::close(fd);
}

}  // namespace
}  // namespace sudokit::testing
