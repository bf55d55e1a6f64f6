// Load: 50 concurrent clients × 200 requests each on loopback, every answer checked against
// the program's answer for the same body; no answer may be lost, wrong or late. Each client
// keeps one connection alive and alternates verify and solve over bodies of 1 to 3 records
// (good, multiple-solution and unreadable ones). Bounded: every read and write of the
// clients waits at most 30 s, and the test stops by itself when the 10,000 answers are in.
#include <atomic>
#include <thread>

#include <gtest/gtest.h>

#include "../cli/cli_support.hpp"
#include "server_support.hpp"

namespace sudokit::testing {
namespace {

TEST(ServerLoad, FiftyClientsTimesTwoHundredRequestsLoseNothing) {
  constexpr int kClients = 50, kRequests = 200;
  const auto good = data_lines("puzzles/top1465.txt", 30);
  const auto multi = data_lines("puzzles/serg_multi.txt", 5);
  // 24 bodies, each with its expected answers from the program, for verify and for solve.
  std::vector<std::string> bodies;
  for (int i = 0; i < 24; ++i) {
    std::string body = good[static_cast<std::size_t>(i)] + "\n";
    if (i % 3 == 1) body += multi[static_cast<std::size_t>(i) % multi.size()] + "\n";
    if (i % 4 == 2) body += "not a puzzle\n" + good[static_cast<std::size_t>(i) + 1] + "\n";
    bodies.push_back(body);
  }
  std::vector<std::string> expected_verify, expected_solve;
  for (const auto& body : bodies) {
    expected_verify.push_back(run_sudokit({"verify", "--format", "jsonl"}, body).out);
    expected_solve.push_back(run_sudokit({"solve", "--format", "jsonl"}, body).out);
    ASSERT_FALSE(expected_verify.back().empty());
  }

  TestServer server;
  std::atomic<int> right{0}, wrong{0}, lost{0};
  std::vector<std::thread> clients;
  const auto start = std::chrono::steady_clock::now();
  for (int c = 0; c < kClients; ++c) {
    clients.emplace_back([&, c] {
      HttpConnection http(server.port(), std::chrono::seconds(30));
      for (int r = 0; r < kRequests; ++r) {
        const std::size_t body = static_cast<std::size_t>(c * 7 + r) % bodies.size();
        const bool verify = (c + r) % 2 == 0;
        const HttpReply reply = http.post(verify ? "/v1/verify" : "/v1/solve", bodies[body]);
        if (reply.status != 200) {
          ++lost;
          continue;
        }
        if (reply.body == (verify ? expected_verify : expected_solve)[body]) ++right;
        else ++wrong;
      }
    });
  }
  for (auto& t : clients) t.join();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(lost.load(), 0);
  EXPECT_EQ(wrong.load(), 0);
  EXPECT_EQ(right.load(), kClients * kRequests);
  std::printf("%d requests in %.2f s (%.0f requests/s)\n", kClients * kRequests, seconds,
              kClients * kRequests / seconds);
}

}  // namespace
}  // namespace sudokit::testing
