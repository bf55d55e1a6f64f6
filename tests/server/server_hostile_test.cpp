// Requests meant to hurt: each gets a bounded, well-formed refusal (or a closed connection
// when there is nobody left to answer), and the server keeps answering everyone else.
//   * a 1 GB Content-Length: 413 at once, before any of the body is read;
//   * a chunked body over the limit: 413;
//   * a body cut short (client closes): no answer, nothing stuck; a body that never comes:
//     408 and closed at the request deadline;
//   * headers sent a byte at a time: closed at the header timeout;
//   * garbage instead of HTTP, an oversized header, a bad Content-Length: 400 with a JSON error;
//   * malformed or wrong JSON for /v1/generate: 400 with a JSON error;
//   * more concurrent requests than allowed: 503 with Retry-After.
#include <future>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "../cli/cli_support.hpp"
#include "server_support.hpp"

namespace sudokit::testing {
namespace {

using namespace std::chrono_literals;

ServerOptions tight_options() {
  ServerOptions options;
  options.max_body_bytes = 1 << 20;
  options.header_timeout = 500ms;
  options.request_deadline = 2000ms;
  return options;
}

std::string body_of(const std::string& raw) {
  const auto at = raw.find("\r\n\r\n");
  return at == std::string::npos ? std::string() : raw.substr(at + 4);
}

void expect_still_serving(std::uint16_t port) {
  HttpConnection http(port, 10s);
  const HttpReply reply = http.post("/v1/verify", data_lines("puzzles/top1465.txt", 1).at(0) + "\n");
  EXPECT_EQ(reply.status, 200u) << reply.error;
  EXPECT_NE(reply.body.find("\"status\":\"unique\""), std::string::npos);
}

TEST(ServerHostile, AOneGigabyteContentLengthIsRefusedBeforeReading) {
  TestServer server(tight_options());
  const auto start = std::chrono::steady_clock::now();
  const RawExchange raw = raw_exchange(
      server.port(), "POST /v1/solve HTTP/1.1\r\nHost: x\r\nContent-Length: 1073741824\r\n\r\n", 5s, false);
  EXPECT_LT(std::chrono::steady_clock::now() - start, 3s);
  EXPECT_EQ(status_of(raw.received), 413u) << raw.received;
  EXPECT_TRUE(raw.closed_by_server);
  EXPECT_TRUE(nlohmann::json::parse(body_of(raw.received)).contains("error"));
  expect_still_serving(server.port());
}

TEST(ServerHostile, AChunkedBodyOverTheLimitIs413) {
  TestServer server(tight_options());
  std::string request = "POST /v1/solve HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n";
  const std::string piece(64 * 1024, '.');
  for (int i = 0; i < 20; ++i) request += "10000\r\n" + piece + "\r\n";  // 1.25 MB in all
  request += "0\r\n\r\n";
  const RawExchange raw = raw_exchange(server.port(), request, 10s);
  EXPECT_EQ(status_of(raw.received), 413u) << raw.received.substr(0, 200);
  expect_still_serving(server.port());
}

TEST(ServerHostile, ATruncatedBodyGetsNoAnswerAndHoldsNothing) {
  TestServer server(tight_options());
  // The client announces 1000 bytes, sends 90 and closes its side.
  const std::string puzzle = data_lines("puzzles/top1465.txt", 1).at(0);
  const RawExchange closed =
      raw_exchange(server.port(), "POST /v1/solve HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n" + puzzle + "\n", 5s);
  EXPECT_NE(status_of(closed.received), 200u) << closed.received;
  EXPECT_TRUE(closed.closed_by_server);
  // The client announces 1000 bytes, sends 90 and waits: the request deadline (2 s) ends it.
  const auto start = std::chrono::steady_clock::now();
  const RawExchange waiting = raw_exchange(
      server.port(), "POST /v1/solve HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n" + puzzle + "\n", 8s, false);
  const auto took = std::chrono::steady_clock::now() - start;
  EXPECT_TRUE(waiting.closed_by_server);
  EXPECT_GT(took, 1500ms);
  EXPECT_LT(took, 5s);
  // The client is still there, so it is told why (it used to get no answer at all).
  EXPECT_EQ(status_of(waiting.received), 408u) << waiting.received;
  EXPECT_NE(waiting.received.find("request deadline"), std::string::npos) << waiting.received;
  expect_still_serving(server.port());
}

TEST(ServerHostile, SlowHeadersAreCutAtTheHeaderTimeout) {
  TestServer server(tight_options());
  const std::string headers = "POST /v1/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: a-very-slow-client/1.0\r\n"
                              "X-Padding: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n\r\n";
  const auto start = std::chrono::steady_clock::now();
  // One byte every 50 ms would take ~7 s; the server (500 ms header timeout) cuts it.
  const RawExchange raw = raw_exchange(server.port(), headers, 10s, false, 1, 50ms);
  const auto took = std::chrono::steady_clock::now() - start;
  EXPECT_LT(took, 4s);
  EXPECT_TRUE(raw.send_failed || raw.closed_by_server);
  EXPECT_EQ(status_of(raw.received), 0u);
  // An idle keep-alive connection is closed the same way.
  const auto idle_start = std::chrono::steady_clock::now();
  const RawExchange idle = raw_exchange(server.port(), "", 5s, false);
  EXPECT_TRUE(idle.closed_by_server);
  EXPECT_LT(std::chrono::steady_clock::now() - idle_start, 3s);
  expect_still_serving(server.port());
}

TEST(ServerHostile, BadHttpIs400WithAJsonError) {
  TestServer server(tight_options());
  const std::vector<std::string> requests = {
      "GARBAGE\r\n\r\n",
      "POST /v1/solve HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n",
      "POST /v1/solve HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 7\r\n\r\n12345",
      "GET / HTTP/1.1\r\nHost: x\r\nX-Huge: " + std::string(20000, 'a') + "\r\n\r\n",
      std::string("\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03", 11) + std::string(200, '\0') + "\r\n\r\n",
  };
  for (const std::string& request : requests) {
    const RawExchange raw = raw_exchange(server.port(), request, 5s);
    EXPECT_EQ(status_of(raw.received), 400u) << request.substr(0, 40) << " -> " << raw.received;
    const auto body = body_of(raw.received);
    const auto json = nlohmann::json::parse(body, nullptr, false);
    ASSERT_TRUE(json.is_object()) << body;
    EXPECT_TRUE(json.contains("error"));
  }
  expect_still_serving(server.port());
}

TEST(ServerHostile, MalformedGenerateRequestsAre400) {
  TestServer server(tight_options());
  HttpConnection http(server.port(), 10s);
  for (const std::string& body : std::vector<std::string>{"{\"count\": 2", "[1,2,3]", "\"text\"", "{\"count\": -1}", "{\"count\": \"many\"}",
                                 "{\"colour\": \"blue\"}", "{\"symmetry\": \"zigzag\"}", "{\"clues\": 5}",
                                 "{\"size\": 7, \"box\": \"2x3\"}", "{\"grade\": \"yes\"}",
                                 std::string("\x00\x01\x02\xff", 4)}) {
    const HttpReply reply = http.post("/v1/generate", body);
    EXPECT_EQ(reply.status, 400u) << body << " -> " << reply.body;
    const auto json = nlohmann::json::parse(reply.body, nullptr, false);
    EXPECT_TRUE(json.is_object() && json.contains("error")) << reply.body;
  }
  expect_still_serving(server.port());
}

TEST(ServerHostile, BinaryBodiesAreRecordsLikeAnyOther) {
  TestServer server(tight_options());
  HttpConnection http(server.port(), 10s);
  std::string binary;
  for (int i = 0; i < 3000; ++i) binary += static_cast<char>((i * 131 + 7) % 256);
  const HttpReply reply = http.post("/v1/verify", binary);
  ASSERT_EQ(reply.status, 200u);
  const auto lines = split_lines(reply.body);
  ASSERT_FALSE(lines.empty());
  for (const auto& line : lines) {
    const auto record = nlohmann::json::parse(line, nullptr, false);
    ASSERT_TRUE(record.is_object()) << line;
    EXPECT_EQ(record["status"], "invalid");
  }
  EXPECT_EQ(reply.body, run_sudokit({"verify", "--format", "jsonl"}, binary).out);
}

TEST(ServerHostile, MoreConcurrentRequestsThanAllowedGet503WithRetryAfter) {
  ServerOptions options = tight_options();
  options.max_requests = 1;
  options.record_timeout = 3000ms;
  options.request_deadline = 20s;
  TestServer server(options);
  // One slow request (an empty grid's score runs to its 3 s budget) holds the only slot.
  HeldSlot held = hold_the_only_slot(server.port(), "/v1/verify", data_lines("puzzles/top1465.txt", 1).at(0) + "\n");
  const HttpReply& busy = held.busy;
  EXPECT_EQ(busy.status, 503u);
  EXPECT_EQ(busy.header("retry-after"), "1");
  EXPECT_TRUE(nlohmann::json::parse(busy.body, nullptr, false).contains("error"));
  const HttpReply slow_reply = held.slow.get();
  EXPECT_EQ(slow_reply.status, 200u) << slow_reply.error;
  EXPECT_NE(slow_reply.body.find("\"status\":\"unknown\""), std::string::npos);
  // The server still serves: once the slot is free (post_once_free), a request gets its answer.
  const HttpReply after = post_once_free(server.port(), "/v1/verify", data_lines("puzzles/top1465.txt", 1).at(0) + "\n");
  EXPECT_EQ(after.status, 200u) << after.error;
  EXPECT_NE(after.body.find("\"status\":\"unique\""), std::string::npos) << after.body;
}

TEST(ServerHostile, AClientThatStopsReadingDoesNotHoldTheServer) {
  ServerOptions options = tight_options();
  TestServer server(options);
  // 400,000 unreadable one-byte records (800 KB) whose answers (~80 MB: more than any socket
  // buffer) the client never reads: the request deadline frees the worker.
  std::string error;
  const int fd = send_and_never_read(server.port(), 400000, error);
  ASSERT_GE(fd, 0) << error;
  std::this_thread::sleep_for(3s);  // past the 2 s request deadline, without reading
  expect_still_serving(server.port());
  // The stuck request ends (its socket shut at the deadline): soon only /metrics is in flight.
  HttpConnection http(server.port(), 10s);
  HttpReply metrics;
  const auto give_up = std::chrono::steady_clock::now() + 10s;
  do {
    metrics = http.get("/metrics");
    if (metrics.body.find("sudokit_http_requests_in_flight 1\n") != std::string::npos) break;
    std::this_thread::sleep_for(100ms);
  } while (std::chrono::steady_clock::now() < give_up);
  EXPECT_NE(metrics.body.find("sudokit_http_requests_in_flight 1\n"), std::string::npos) << metrics.body;
  EXPECT_NE(metrics.body.find("endpoint=\"verify\",code=\"0\"} 1"), std::string::npos) << metrics.body;
  ::close(fd);
}

}  // namespace
}  // namespace sudokit::testing
