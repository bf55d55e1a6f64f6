// Bounds a request cannot slip past, and HTTP the server must refuse rather than guess at:
//   * a generate target that is hard to meet ends at the per-record time, as that puzzle's
//     error, and the server's slot is free again (it used to run for as long as `attempts`
//     allowed, every other request answered 503 meanwhile);
//   * the records still owed at the request deadline are answered `unknown`, every one, in
//     place (the stream used to stop short, with no terminating chunk);
//   * Transfer-Encoding other than chunked: 400 (or 501), never a body taken as empty whose
//     bytes are then read as a second request (request smuggling behind a proxy);
//   * a POST with neither Content-Length nor a chunked body: 411;
//   * HEAD /healthz: the headers without the body; /healthz and /metrics answer while
//     --max-requests are all taken;
//   * query parameters given twice or holding a NUL, and a query on /v1/generate: 400 naming it.
#include <future>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "../cli/cli_support.hpp"
#include "server_support.hpp"

namespace sudokit::testing {
namespace {

using namespace std::chrono_literals;

std::string body_of(const std::string& raw) {
  const auto at = raw.find("\r\n\r\n");
  return at == std::string::npos ? std::string() : raw.substr(at + 4);
}

std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
  return n;
}

TEST(ServerBounds, AGenerateTargetHardToMeetEndsAtTheRecordTime) {
  ServerOptions options;
  options.record_timeout = 1000ms;
  options.request_deadline = 60s;
  options.max_requests = 1;
  TestServer server(options);
  HttpConnection http(server.port(), 30s);
  const auto start = std::chrono::steady_clock::now();
  // 17 or 18 clues: a random fill and removal pass nearly never gets there, and a million
  // attempts would take minutes.
  const HttpReply reply = http.post("/v1/generate", R"({"seed": 1, "clues": "17-18", "attempts": 1000000})");
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_EQ(reply.status, 200u) << reply.error;
  EXPECT_LT(seconds, 10.0);
  const auto record = nlohmann::json::parse(reply.body);
  EXPECT_EQ(record["status"], "error") << reply.body;
  EXPECT_NE(record["error"].get<std::string>().find("the time for one puzzle ran out"), std::string::npos)
      << reply.body;
  // The only request slot is free again. It is given back just after the answer's last byte
  // is written, so a request sent the moment that byte arrives may still find it taken (503,
  // rightly); within a few seconds it must be free (it was held for minutes before).
  HttpReply after;
  const auto freed_by = std::chrono::steady_clock::now() + 5s;
  do {
    HttpConnection other(server.port(), 10s);
    after = other.post("/v1/verify", data_lines("puzzles/top1465.txt", 1).at(0) + "\n");
    if (after.status != 503) break;
    std::this_thread::sleep_for(20ms);
  } while (std::chrono::steady_clock::now() < freed_by);
  EXPECT_EQ(after.status, 200u) << after.error;
  EXPECT_NE(after.body.find("\"status\":\"unique\""), std::string::npos);
}

TEST(ServerBounds, RecordsOwedAtTheRequestDeadlineAreAnsweredUnknownEveryOne) {
  ServerOptions options;
  options.record_timeout = 1000ms;
  options.request_deadline = 2500ms;
  options.threads = 1;
  TestServer server(options);
  HttpConnection http(server.port(), 30s);
  // Eight empty grids to score, one second each: the deadline comes after two or three.
  std::string body;
  for (int i = 0; i < 8; ++i) body += std::string(81, '.') + "\n";
  const HttpReply reply = http.post("/v1/score", body);
  ASSERT_EQ(reply.status, 200u) << reply.error;  // a complete chunked answer: parsed to its end
  const auto lines = split_lines(reply.body);
  ASSERT_EQ(lines.size(), 8u) << reply.body;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const auto record = nlohmann::json::parse(lines[i]);
    EXPECT_EQ(record["record"], i + 1);
    EXPECT_EQ(record["status"], "unknown");
  }
}

TEST(ServerBounds, TransferEncodingOtherThanChunkedIsRefusedAndTheConnectionClosed) {
  TestServer server;
  const std::string puzzle = data_lines("puzzles/top1465.txt", 1).at(0) + "\n";
  // Not ending in chunked: the body's end is unknown. The bytes after the headers must not be
  // read as a request of their own (one answer, then the connection closes).
  const std::string smuggled = "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n";
  const RawExchange gzip = raw_exchange(server.port(),
                                        "POST /v1/solve HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n" + smuggled,
                                        5s, false);
  EXPECT_EQ(status_of(gzip.received), 400u) << gzip.received;
  EXPECT_EQ(count_of(gzip.received, "HTTP/1.1 "), 1u) << gzip.received;
  EXPECT_TRUE(gzip.closed_by_server);
  EXPECT_NE(nlohmann::json::parse(body_of(gzip.received))["error"].get<std::string>().find("gzip"), std::string::npos);
  // A coding before chunked would never be decoded: 501.
  const std::string chunk = fmt::format("{:x}\r\n{}\r\n0\r\n\r\n", puzzle.size(), puzzle);
  const RawExchange layered = raw_exchange(
      server.port(), "POST /v1/solve HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n" + chunk, 5s, false);
  EXPECT_EQ(status_of(layered.received), 501u) << layered.received;
  // chunked alone, in any case, is read as before.
  const RawExchange plain = raw_exchange(
      server.port(), "POST /v1/solve HTTP/1.1\r\nHost: x\r\nConnection: close\r\nTransfer-Encoding: Chunked\r\n\r\n" + chunk,
      5s, false);
  EXPECT_EQ(status_of(plain.received), 200u) << plain.received;
  EXPECT_NE(plain.received.find("\"status\":\"unique\""), std::string::npos) << plain.received;
  // No length at all: 411, not an empty body followed by the puzzle read as a request.
  const RawExchange unsized =
      raw_exchange(server.port(), "POST /v1/solve HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n" + puzzle, 5s, false);
  EXPECT_EQ(status_of(unsized.received), 411u) << unsized.received;
  EXPECT_EQ(count_of(unsized.received, "HTTP/1.1 "), 1u) << unsized.received;
}

TEST(ServerBounds, HeadHealthzHasNoBodyAndHealthAnswersWhileEverySlotIsTaken) {
  ServerOptions options;
  options.max_requests = 1;
  options.record_timeout = 3000ms;
  options.request_deadline = 20s;
  TestServer server(options);
  // HEAD: the GET's headers, Content-Length included, and not a byte more.
  const RawExchange head =
      raw_exchange(server.port(), "HEAD /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 5s, false);
  EXPECT_EQ(status_of(head.received), 200u) << head.received;
  EXPECT_NE(head.received.find("Content-Length: 3\r\n"), std::string::npos) << head.received;
  EXPECT_EQ(body_of(head.received), "") << head.received;
  // One slow request holds the only slot; health and metrics still answer.
  auto slow = std::async(std::launch::async, [&] {
    HttpConnection http(server.port(), 30s);
    return http.post("/v1/score", std::string(81, '.') + "\n");
  });
  HttpConnection http(server.port(), 10s);
  HttpReply busy;
  const auto give_up = std::chrono::steady_clock::now() + 2500ms;
  do {
    std::this_thread::sleep_for(50ms);
    busy = http.post("/v1/verify", data_lines("puzzles/top1465.txt", 1).at(0) + "\n");
  } while (busy.status == 200 && std::chrono::steady_clock::now() < give_up);
  ASSERT_EQ(busy.status, 503u) << "the slow request never held the slot";
  HttpConnection checks(server.port(), 10s);
  const HttpReply health = checks.get("/healthz");
  EXPECT_EQ(health.status, 200u) << health.error;
  EXPECT_EQ(health.body, "ok\n");
  EXPECT_EQ(checks.get("/metrics").status, 200u);
  EXPECT_EQ(slow.get().status, 200u);
}

TEST(ServerBounds, QueryParametersTwiceWithANulOrOnGenerateAre400) {
  TestServer server;
  HttpConnection http(server.port(), 10s);
  const std::string puzzle = data_lines("puzzles/top1465.txt", 1).at(0) + "\n";
  auto error_of = [](const HttpReply& reply) {
    const auto body = nlohmann::json::parse(reply.body, nullptr, false);
    return body.is_object() && body.contains("error") ? body["error"].get<std::string>() : std::string("(none)");
  };
  const HttpReply twice = http.post("/v1/solve?limit=1&limit=5", puzzle);
  EXPECT_EQ(twice.status, 400u);
  EXPECT_NE(error_of(twice).find("'limit' is given twice"), std::string::npos) << error_of(twice);
  const HttpReply nul = http.post("/v1/solve?engine=dlx%00zzz", puzzle);
  EXPECT_EQ(nul.status, 400u);
  EXPECT_NE(error_of(nul).find("'engine' holds a NUL byte"), std::string::npos) << error_of(nul);
  const HttpReply generate = http.post("/v1/generate?count=3", R"({"seed": 1})");
  EXPECT_EQ(generate.status, 400u);
  EXPECT_NE(error_of(generate).find("in the JSON body"), std::string::npos) << error_of(generate);
}

}  // namespace
}  // namespace sudokit::testing
