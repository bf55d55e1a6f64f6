// sudokit/server.hpp: the record commands as an HTTP service (`sudokit serve`).
//
// Another front end beside the program (cli/): it turns query parameters into the same
// settings (sudokit/commands.hpp), runs records through the same record pipeline and writes
// them with the same writers, so an answer over HTTP is byte for byte the program's
// `--format jsonl` answer for the same records (the request body plays standard input:
// `source` is "<stdin>" unless the query names one).
//
//   POST /v1/solve, /v1/verify, /v1/grade, /v1/score   body: records in any input format;
//        query: the command's options (limit, engine, timeout, nodes, minimal, explain,
//        uniqueness, method, budget, count, size, box, alphabet, input-format, source);
//        answer: application/x-ndjson, chunked, one line per input record, in input order,
//        each batch sent as soon as it and the ones before it are done.
//   POST /v1/generate   body: a JSON object of generate's options → ndjson puzzles.
//   GET /healthz, GET /metrics (Prometheus text), GET / (the page, built into the binary).
//
// Limits (ServerOptions): body size (a larger Content-Length is refused with 413 before any
// of the body is read), records per request (records past it are answered `error`), a time
// budget per record (status `unknown`; for /v1/generate each puzzle as a whole), a deadline
// per request (records still owed then are answered at once: `unknown` when cut, an error
// when not begun; a body still arriving then gets 408), a header read timeout
// (slow clients), concurrent requests (503 with Retry-After; /healthz, /metrics and / without
// a body are not counted) and connections. Malformed HTTP gets 400 with a JSON error (411
// for records without a length, 501 for a transfer coding other than chunked); an invalid
// record is that record's answer. No request names a file:
// the only bytes read are the request's, the only bytes written are the answer's.
//
// Threads: one thread per connection reads and writes the socket (blocking, simple to
// reason about); the records of a request run on oneTBB's workers (the pipeline's arena),
// at most `threads` records at once over every request. A watchdog thread enforces the
// timeouts by shutting down the socket of a connection whose deadline passed, which wakes
// its blocked read or write; each record's budget holds the same deadline, and at the drain
// timeout a cancel flag, so the work itself stops on time too.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace sudokit {

struct ServerOptions {
  std::string listen = "127.0.0.1:8080";  ///< ADDRESS:PORT (port 0: any free port, see Server::port)
  std::size_t max_body_bytes = std::size_t{64} << 20;
  std::size_t max_records = 100000;     ///< per request; later records are answered `error`
  std::chrono::milliseconds record_timeout{10000};    ///< per record (the query may ask for less)
  std::chrono::milliseconds request_deadline{120000};  ///< whole request, reading and writing included
  std::chrono::milliseconds header_timeout{10000};    ///< to receive a request's headers (and keep-alive idle)
  std::size_t max_requests = 64;        ///< requests worked on at once; more get 503 (not health, metrics, page)
  std::size_t max_connections = 512;    ///< open connections; more get 503 at once
  int threads = 0;  ///< records worked on at once, over every request (0: every core)
  std::string token;                    ///< non-empty: /v1/* need "Authorization: Bearer TOKEN"
  std::chrono::milliseconds drain_timeout{15000};  ///< after stop(): time in-flight requests get
  /// One line per notable event (listening, refused, shutdown); default: nothing.
  std::function<void(std::string_view)> log;
};

/// Parses "ADDRESS:PORT" ("[::1]:80" for IPv6); false with `why` when it is not one.
bool parse_listen_address(std::string_view text, std::string& address, std::uint16_t& port, std::string* why = nullptr);

class Server {
 public:
  /// Binds and listens (throws std::runtime_error when it cannot); serves once run() is called.
  explicit Server(ServerOptions options);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  /// The port listened on (the one chosen when the options said 0).
  std::uint16_t port() const;
  /// Serves until stop(); then stops accepting, closes idle connections, lets in-flight
  /// requests finish for up to drain_timeout, closes the rest, and returns.
  void run();
  /// Asks run() to finish (any thread; not from a signal handler).
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace sudokit
