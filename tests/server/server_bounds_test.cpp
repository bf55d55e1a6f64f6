// Bounds a request cannot slip past, and HTTP the server must refuse rather than guess at:
//   * a generate target that is hard to meet ends at the per-record time, as that puzzle's
//     error, and the server's slot is free again (it used to run for as long as `attempts`
//     allowed, every other request answered 503 meanwhile);
//   * the records still owed at the request deadline are answered at once, every one, in
//     place: `unknown` when cut, an error "not worked on" when their turn came after it (the
//     stream used to stop short, with no terminating chunk);
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
  // The only request slot is free again (within a few seconds; it was held for minutes).
  const HttpReply after = post_once_free(server.port(), "/v1/verify", data_lines("puzzles/top1465.txt", 1).at(0) + "\n");
  EXPECT_EQ(after.status, 200u) << after.error;
  EXPECT_NE(after.body.find("\"status\":\"unique\""), std::string::npos);
}

// A record's answer at the request's deadline: `unknown` when its work was cut, an error
// saying it was not worked on when its turn came after the deadline.
void expect_owed_answer(const std::string& line) {
  const auto record = nlohmann::json::parse(line);
  const std::string status = record["status"].get<std::string>();
  if (status == "error") {
    EXPECT_NE(record["error"].get<std::string>().find("not worked on: the request's deadline passed first"),
              std::string::npos)
        << line;
  } else {
    EXPECT_EQ(status, "unknown") << line;
  }
}

TEST(ServerBounds, RecordsOwedAtTheRequestDeadlineAreAnsweredEveryOne) {
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
    EXPECT_EQ(nlohmann::json::parse(lines[i])["record"], i + 1);
    expect_owed_answer(lines[i]);
  }
}

// A record waiting for one of the server's record slots when its request's deadline passes
// goes on without one (its budget is spent: `unknown` at once), so every request still gets
// every answer; it queued behind other requests' records until its connection was cut.
TEST(ServerBounds, RecordsWaitingForASlotAtTheirDeadlineAreStillAnswered) {
  ServerOptions options;
  options.threads = 1;  // one record at a time over all requests
  options.record_timeout = 30s;
  options.request_deadline = 3s;
  TestServer server(options);
  auto score_empties = [&](int count) {
    std::string body;
    for (int i = 0; i < count; ++i) body += std::string(81, '.') + "\n";
    HttpConnection http(server.port(), 30s);
    return http.post("/v1/score", body);
  };
  std::vector<std::pair<int, std::future<HttpReply>>> requests;
  requests.emplace_back(6, std::async(std::launch::async, score_empties, 6));
  for (int i = 0; i < 3; ++i) {
    std::this_thread::sleep_for(700ms);
    requests.emplace_back(2, std::async(std::launch::async, score_empties, 2));
  }
  for (auto& [count, reply] : requests) {
    const HttpReply answer = reply.get();
    ASSERT_EQ(answer.status, 200u) << answer.error;
    const auto lines = split_lines(answer.body);
    ASSERT_EQ(lines.size(), static_cast<std::size_t>(count)) << answer.body;
    for (const auto& line : lines) expect_owed_answer(line);
  }
}

// At the drain timeout the work in flight stops (the cancel flag in its budget), so the
// server exits on time, also for a puzzle being generated (its removal tests included).
TEST(ServerBounds, TheDrainTimeoutStopsAGenerateInFlight) {
  ServerOptions options;
  options.record_timeout = 60s;
  options.request_deadline = 120s;
  options.drain_timeout = 500ms;
  auto server = std::make_unique<TestServer>(options);
  auto reply = std::async(std::launch::async, [port = server->port()] {
    HttpConnection http(port, 90s);
    return http.post("/v1/generate", R"({"seed": 1, "clues": "17-18", "attempts": 1000000})");
  });
  std::this_thread::sleep_for(1s);  // well into its attempts
  const auto stop = std::chrono::steady_clock::now();
  server->stop();
  EXPECT_LT(std::chrono::steady_clock::now() - stop, 15s);  // not the 60 s record timeout
  reply.wait();
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
  // chunked twice is malformed (400), and said so.
  const RawExchange twice = raw_exchange(
      server.port(), "POST /v1/solve HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, chunked\r\n\r\n" + chunk, 5s, false);
  EXPECT_EQ(status_of(twice.received), 400u) << twice.received;
  EXPECT_NE(twice.received.find("only once"), std::string::npos) << twice.received;
  // No length at all, on a kept-alive connection: 411 and the connection closes, so the
  // puzzle after the headers is not read as a request of its own.
  const RawExchange unsized = raw_exchange(server.port(), "POST /v1/solve HTTP/1.1\r\nHost: x\r\n\r\n" + puzzle, 5s, false);
  EXPECT_EQ(status_of(unsized.received), 411u) << unsized.received;
  EXPECT_EQ(count_of(unsized.received, "HTTP/1.1 "), 1u) << unsized.received;
  EXPECT_TRUE(unsized.closed_by_server);
  // /v1/generate without a body is the defaults (curl -X POST sends no length).
  const RawExchange defaults =
      raw_exchange(server.port(), "POST /v1/generate HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 10s, false);
  EXPECT_EQ(status_of(defaults.received), 200u) << defaults.received;
  EXPECT_NE(defaults.received.find("\"status\":\"unique\""), std::string::npos) << defaults.received;
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
  // An error answered to a HEAD has no body either (it would be read as the next response).
  const RawExchange head_api =
      raw_exchange(server.port(), "HEAD /v1/solve HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 5s, false);
  EXPECT_EQ(status_of(head_api.received), 405u) << head_api.received;
  EXPECT_EQ(body_of(head_api.received), "") << head_api.received;
  // One slow request holds the only slot; health and metrics still answer.
  HeldSlot held = hold_the_only_slot(server.port(), "/v1/verify", data_lines("puzzles/top1465.txt", 1).at(0) + "\n");
  const HttpReply& busy = held.busy;
  ASSERT_EQ(busy.status, 503u) << "the slow request never held the slot";
  HttpConnection checks(server.port(), 10s);
  const HttpReply health = checks.get("/healthz");
  EXPECT_EQ(health.status, 200u) << health.error;
  EXPECT_EQ(health.body, "ok\n");
  EXPECT_EQ(checks.get("/metrics").status, 200u);
  EXPECT_EQ(held.slow.get().status, 200u);
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

// RFC 9110 11.1: the authentication scheme is case-insensitive ("bearer" was refused).
TEST(ServerBounds, TheBearerSchemeIsReadInAnyCase) {
  ServerOptions options;
  options.token = "s3cret";
  TestServer server(options);
  HttpConnection http(server.port(), 10s);
  const std::string puzzle = data_lines("puzzles/top1465.txt", 1).at(0) + "\n";
  for (const std::string scheme : {"Bearer", "bearer", "BEARER"})
    EXPECT_EQ(http.post("/v1/solve", puzzle, {{"Authorization", scheme + " s3cret"}}).status, 200u) << scheme;
  EXPECT_EQ(http.post("/v1/solve", puzzle, {{"Authorization", "bearer wrong"}}).status, 401u);
  EXPECT_EQ(http.post("/v1/solve", puzzle, {{"Authorization", "Basic s3cret"}}).status, 401u);
}

}  // namespace
}  // namespace sudokit::testing
