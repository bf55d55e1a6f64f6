// server.cpp: connections, limits, routing and the streamed answers of `sudokit serve`.
//
// Why blocking I/O on a thread per connection, not Asio's asynchronous model: the work of a
// request is a oneTBB pipeline that blocks its calling thread until the last record is
// written, and its writes happen from inside that pipeline's serial sink. With blocking
// sockets the sink simply writes a chunk and returns when the kernel took it, which also
// gives back-pressure for free (a client that does not read stalls its own pipeline, never
// the others, and memory stays at the pipeline's bound). Connections are capped
// (max_connections), so the thread count is too.
//
// Timeouts without asynchronous operations: every connection publishes a deadline (header
// timeout while waiting for a request, the request deadline while reading its body, and the
// deadline plus answer_grace while answering it), and one watchdog thread shuts down the
// socket of any connection past it. The work itself never waits for the watchdog: every
// record's budget holds the request's deadline, so the records still owed then are answered
// at once (`unknown` when cut, an error "not worked on" when their turn came after it), and
// the grace is for writing those answers. shutdown(2) on a socket
// wakes a read or write blocked on it in another thread, which then fails and ends the
// connection. The listening socket is woken the same way by stop(). Every shutdown happens
// under the registry mutex and a connection closes its socket only after leaving the
// registry, so a file descriptor is never shut down after it was reused.
//
// Graceful shutdown (stop()): no new connections; connections waiting for a request are
// closed; a request being worked on finishes and is answered with `Connection: close`; after
// drain_timeout the remaining sockets are shut down too, and `abandon`, the cancel flag in
// every record's and puzzle's budget, stops the work in flight at its next look at the
// clock (their pipelines then end at their next write).
//
// Records are worked on in a pipeline per request, but at most `threads` of them at once
// over all requests (WorkSlot): memory is that many records' worth, not one per request.
#include "sudokit/server.hpp"

#include <sys/socket.h>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <set>
#include <streambuf>
#include <thread>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/string.hpp>
#include <boost/beast/http.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "metrics.hpp"
#include "page.hpp"
#include "render.hpp"
#include "requests.hpp"
#include "sudokit/batch.hpp"
#include "sudokit/commands.hpp"
#include "sudokit/output.hpp"
#include "sudokit/record_pipeline.hpp"

namespace sudokit {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;
using namespace server_detail;

bool parse_listen_address(std::string_view text, std::string& address, std::uint16_t& port, std::string* why) {
  const auto colon = text.rfind(':');
  auto fail = [&](std::string message) {
    if (why) *why = std::move(message);
    return false;
  };
  if (colon == std::string_view::npos || colon + 1 == text.size())
    return fail(fmt::format("'{}' is not ADDRESS:PORT (e.g. 127.0.0.1:8080)", text));
  std::string_view host = text.substr(0, colon);
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
  unsigned long value = 0;
  const std::string_view digits = text.substr(colon + 1);
  for (char c : digits) {
    if (c < '0' || c > '9') return fail(fmt::format("port '{}' is not a number", digits));
    value = value * 10 + static_cast<unsigned long>(c - '0');
    if (value > 65535) return fail(fmt::format("port '{}' is above 65535", digits));
  }
  boost::system::error_code ec;
  net::ip::make_address(std::string(host.empty() ? "0.0.0.0" : host), ec);
  if (ec) return fail(fmt::format("'{}' is not an IP address", host));
  address = host.empty() ? "0.0.0.0" : std::string(host);
  port = static_cast<std::uint16_t>(value);
  return true;
}

namespace {

/// A read-only streambuf over the request body (no copy of up to 64 MB). in_avail() is what
/// is left, so the reader sees the whole body as ready and batches stay full.
class BodyBuffer : public std::streambuf {
 public:
  explicit BodyBuffer(std::string& body) {
    char* begin = body.data();
    setg(begin, begin, begin + body.size());
  }
};

/// The client stopped reading (or the deadline shut its socket): ends a streamed answer.
struct ClientGone : std::runtime_error {
  ClientGone() : std::runtime_error("the client went away") {}
};

struct Connection {
  explicit Connection(tcp::socket s) : socket(std::move(s)), fd(socket.native_handle()) {}
  tcp::socket socket;
  const int fd;
  std::atomic<std::int64_t> deadline{0};  ///< Clock ticks; 0: none
  std::atomic<bool> idle{false};          ///< waiting for the next request's headers
  std::atomic<bool> timed_out{false};
  std::atomic<bool> reading_body{false};  ///< the deadline then shuts only the reading side (a 408 can still go out)
  void arm(Clock::time_point when) { deadline.store(when.time_since_epoch().count()); }
  void disarm() { deadline.store(0); }
};

/// Which endpoint a request is, for the metrics' label.
std::string_view endpoint_label(std::string_view path) {
  for (std::string_view known : {"/v1/solve", "/v1/verify", "/v1/grade", "/v1/score", "/v1/generate", "/v1/render"})
    if (path == known) return known.substr(4);
  if (path == "/healthz") return "healthz";
  if (path == "/metrics") return "metrics";
  if (path == "/" || path == "/index.html") return "page";
  return "other";
}

std::string json_error(std::string_view message) {
  return nlohmann::json{{"error", std::string(message)}}.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) +
         "\n";
}

/// The request's transfer codings, every Transfer-Encoding field joined with ", " and trimmed
/// ("" when there is none).
std::string transfer_codings(const http::request<http::string_body>& req) {
  std::string all;
  const auto [first, last] = req.equal_range(http::field::transfer_encoding);
  for (auto it = first; it != last; ++it) {
    std::string_view value(it->value().data(), it->value().size());
    while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) value.remove_prefix(1);
    while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) value.remove_suffix(1);
    if (!all.empty()) all += ", ";
    all += value;
  }
  return all;
}

/// Constant-time comparison (a bearer token must not leak through timing).
bool same_secret(std::string_view a, std::string_view b) {
  unsigned char diff = a.size() == b.size() ? 0 : 1;
  const std::size_t n = std::min(a.size(), b.size());
  for (std::size_t i = 0; i < n; ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

}  // namespace

struct Server::Impl {
  explicit Impl(ServerOptions o) : options(std::move(o)), acceptor(io) {
    std::string address, why;
    std::uint16_t port = 0;
    if (!parse_listen_address(options.listen, address, port, &why)) throw std::runtime_error("--listen: " + why);
    const tcp::endpoint endpoint(net::ip::make_address(address), port);
    boost::system::error_code ec;
    acceptor.open(endpoint.protocol(), ec);
    if (!ec) acceptor.set_option(net::socket_base::reuse_address(true), ec);
    if (!ec) acceptor.bind(endpoint, ec);
    if (!ec) acceptor.listen(net::socket_base::max_listen_connections, ec);
    if (ec) throw std::runtime_error(fmt::format("cannot listen on {}: {}", options.listen, ec.message()));
    bound_port = acceptor.local_endpoint().port();
    slots_free = static_cast<std::size_t>(options.threads > 0 ? std::min(options.threads, available_cores()) : available_cores());
  }

  void log(std::string_view line) const {
    if (options.log) options.log(line);
  }
  /// How long past its deadline a request's answer may still be written (the records owed
  /// then are answered without work): a tenth of the deadline, at least 2 s.
  std::chrono::milliseconds answer_grace() const {
    return std::max<std::chrono::milliseconds>(std::chrono::seconds(2), options.request_deadline / 10);
  }

  ServerOptions options;
  net::io_context io;
  tcp::acceptor acceptor;
  std::uint16_t bound_port = 0;
  Metrics metrics;

  std::mutex mutex;  // guards `connections` and every shutdown(2) of a connection's socket
  std::condition_variable changed;
  std::set<Connection*> connections;
  std::atomic<bool> stopping{false};
  /// Set at the drain timeout: every record and puzzle still being worked on stops now (their
  /// budgets' cancel flag), so the process exits on time.
  std::atomic<bool> abandon{false};

  // Records of /v1/solve, verify, grade and score worked on at once, over every request: at
  // most `threads` (the cores by default). Each request runs its own pipeline, so without
  // this ten requests of large grids worked on ten or more records at once, with ten times
  // the memory (a 64x64 record holds about half a gigabyte) and each record's time shared
  // among them. A record's budget starts when it gets its slot; the request's deadline keeps
  // running while it waits, and a record still waiting at that deadline (or at the drain
  // timeout) gives up waiting and is answered at once ("not worked on", run_records) instead
  // of queueing behind other requests' records until its connection is cut.
  // (/v1/generate and /v1/render take no slot: a puzzle's making is bounded by its own
  // budget, and a render is one small solve.)
  std::mutex slot_mutex;
  std::condition_variable slot_freed;
  std::size_t slots_free = 0;
  class WorkSlot {
   public:
    WorkSlot(Impl& impl, Clock::time_point deadline) : impl_(impl) {
      std::unique_lock<std::mutex> lock(impl_.slot_mutex);
      impl_.slot_freed.wait_until(lock, deadline, [&] { return impl_.slots_free > 0 || impl_.abandon.load(); });
      held_ = impl_.slots_free > 0;
      if (held_) --impl_.slots_free;
    }
    ~WorkSlot() {
      if (!held_) return;
      {
        std::lock_guard<std::mutex> lock(impl_.slot_mutex);
        ++impl_.slots_free;
      }
      impl_.slot_freed.notify_one();
    }
    WorkSlot(const WorkSlot&) = delete;
    WorkSlot& operator=(const WorkSlot&) = delete;

   private:
    Impl& impl_;
    bool held_ = false;
  };
  std::atomic<std::size_t> in_flight{0};
  std::thread watchdog;
  std::mutex watchdog_mutex;
  std::condition_variable watchdog_wake;
  bool watchdog_stop = false;

  void run();
  void stop();
  void watch();
  void serve(Connection& c);
  void kill_locked(Connection& c) { ::shutdown(c.fd, SHUT_RDWR); }

  // --- answers ---
  template <class Body>
  bool send(Connection& c, http::response<Body>& res) {
    res.prepare_payload();
    boost::system::error_code ec;
    http::write(c.socket, res, ec);
    return !ec;
  }
  /// `head`: the answer to a HEAD request, the same headers (Content-Length included) and no body.
  bool send_text(Connection& c, unsigned version, bool keep_alive, http::status status, std::string_view type,
                 std::string body, const std::vector<std::pair<http::field, std::string>>& extra = {},
                 bool head = false) {
    if (head) {
      http::response<http::empty_body> res{status, version};
      res.set(http::field::server, "sudokit");
      res.set(http::field::content_type, beast::string_view(type.data(), type.size()));
      for (const auto& [field, value] : extra) res.set(field, value);
      res.keep_alive(keep_alive);
      res.content_length(body.size());
      boost::system::error_code ec;
      http::write(c.socket, res, ec);
      return !ec;
    }
    http::response<http::string_body> res{status, version};
    res.set(http::field::server, "sudokit");
    res.set(http::field::content_type, beast::string_view(type.data(), type.size()));
    for (const auto& [field, value] : extra) res.set(field, value);
    res.keep_alive(keep_alive);
    res.body() = std::move(body);
    return send(c, res);
  }
  bool send_error(Connection& c, unsigned version, bool keep_alive, http::status status, std::string_view message,
                  const std::vector<std::pair<http::field, std::string>>& extra = {}) {
    return send_text(c, version, keep_alive, status, "application/json", json_error(message), extra);
  }

  /// Handles one request whose body has been read; returns whether the connection may serve
  /// another, and the status code answered (for the metrics; 0 when the client went away).
  std::pair<bool, unsigned> handle(Connection& c, http::request<http::string_body>& req, bool keep_alive,
                                   Clock::time_point started);
  unsigned run_records(Connection& c, http::request<http::string_body>& req, RecordCommand command,
                       const Query& query, bool keep_alive, const JobLimits& limits);
  unsigned run_generate(Connection& c, http::request<http::string_body>& req, bool keep_alive,
                        const JobLimits& limits);
};

// --- the streamed ndjson answer --------------------------------------------------------------

namespace {

/// Writes a 200 application/x-ndjson answer piece by piece: chunked for HTTP/1.1, a plain
/// body ended by closing the connection for HTTP/1.0. Throws ClientGone when a write fails.
class NdjsonStream {
 public:
  NdjsonStream(tcp::socket& socket, unsigned version, bool keep_alive) : socket_(socket), chunked_(version >= 11) {
    http::response<http::empty_body> res{http::status::ok, version};
    res.set(http::field::server, "sudokit");
    res.set(http::field::content_type, "application/x-ndjson");
    res.set(http::field::cache_control, "no-store");
    res.keep_alive(chunked_ && keep_alive);
    if (chunked_) res.chunked(true);
    http::response_serializer<http::empty_body> serializer{res};
    boost::system::error_code ec;
    http::write_header(socket_, serializer, ec);
    if (ec) throw ClientGone();
  }
  std::string& pending() { return pending_; }
  void flush() {
    if (pending_.empty()) return;
    boost::system::error_code ec;
    if (chunked_) net::write(socket_, http::make_chunk(net::buffer(pending_)), ec);
    else net::write(socket_, net::buffer(pending_), ec);
    if (ec) throw ClientGone();
    pending_.clear();
  }
  void finish() {
    flush();
    if (!chunked_) return;
    boost::system::error_code ec;
    net::write(socket_, http::make_chunk_last(), ec);
    if (ec) throw ClientGone();
  }
  bool reusable() const { return chunked_; }

 private:
  tcp::socket& socket_;
  bool chunked_;
  std::string pending_;
};

}  // namespace

unsigned Server::Impl::run_records(Connection& c, http::request<http::string_body>& req, RecordCommand command,
                                   const Query& query, bool keep_alive, const JobLimits& limits) {
  const RecordJob job = parse_record_job(command, query, limits);  // BadRequest: 400, before any answer
  BodyBuffer buffer(req.body());
  std::istream in(&buffer);
  RecordReader reader(in, job.source, job.reader);
  NdjsonStream out(c.socket, req.version(), keep_alive);
  std::uint64_t records = 0, failed = 0;
  const std::size_t max_records = options.max_records;
  const std::string_view endpoint = command_name(command);

  PipelineOptions pipeline;
  pipeline.threads = options.threads;
  // Score records can take seconds each: one per batch, as the program does.
  pipeline.batch_size = command == RecordCommand::score ? 1 : 64;
  auto over_limit = [&](const Record& record) {
    if (record.number > max_records)
      throw std::length_error(fmt::format("record {} is past this server's limit of {} records per request",
                                          record.number, max_records));
  };
  // A record whose turn comes after the request's deadline (or the drain timeout) is not
  // worked on at all: its answer is an error saying so, at once. (Even with its budget spent
  // an engine would first set the record up, which for a large grid takes a second or two,
  // so the answers still owed would not all be written before the connection is cut.)
  auto still_in_time = [&] {
    if (Clock::now() >= limits.deadline || abandon.load())
      throw std::runtime_error(abandon.load() ? "not worked on: the server is shutting down"
                                              : "not worked on: the request's deadline passed first");
  };
  // Every record's work: the record limit, then (for a readable record: an unreadable one is
  // answered `invalid` at no cost) a slot, in time.
  auto work = [&](const Record& record, auto&& run) {
    over_limit(record);
    if (!record.grid) return run();
    still_in_time();
    const WorkSlot slot(*this, limits.deadline);
    still_in_time();
    run();
  };
  auto after_batch = [&](bool) { out.flush(); };
  try {
    switch (command) {
      case RecordCommand::solve:
        for_each_record<SolveOutcome>(
            reader, pipeline, [&] { return Solver(job.engine); },
            [&](const Record& record, SolveOutcome& outcome, Solver& solver) {
              work(record, [&] { solve_record(record, outcome, solver, job.solve); });
            },
            [&](const Record& record, const SolveOutcome& outcome) {
              ++records;
              if (outcome.status != "unique" && outcome.status != "solved" && outcome.status != "multiple") ++failed;
              write_solve(out.pending(), job.output, record, outcome);
            },
            after_batch);
        break;
      case RecordCommand::verify:
        for_each_record<VerifyOutcome>(
            reader, pipeline, [&] { return Verifier(job.engine); },
            [&](const Record& record, VerifyOutcome& outcome, Verifier& verifier) {
              work(record, [&] { verify_record(record, outcome, verifier, job.verify); });
            },
            [&](const Record& record, const VerifyOutcome& outcome) {
              ++records;
              if (verify_status(record, outcome) != "unique") ++failed;
              write_verify(out.pending(), job.output, record, outcome);
            },
            after_batch);
        break;
      case RecordCommand::grade:
        for_each_record<GradeOutcome>(
            reader, pipeline, [&] { return Grader(job.engine); },
            [&](const Record& record, GradeOutcome& outcome, Grader& grader) {
              work(record, [&] { grade_record(record, outcome, grader, job.grade); });
            },
            [&](const Record& record, const GradeOutcome& outcome) {
              ++records;
              if (outcome.status != "graded") ++failed;
              write_grade(out.pending(), job.output, record, outcome);
            },
            after_batch);
        break;
      case RecordCommand::score:
        for_each_record<ScoreOutcome>(
            reader, pipeline, [&] { return ScoreWorker(job.engine); },
            [&](const Record& record, ScoreOutcome& outcome, ScoreWorker& worker) {
              work(record, [&] { score_record(record, outcome, worker, job.score); });
            },
            [&](const Record& record, const ScoreOutcome& outcome) {
              ++records;
              if (outcome.status != "optimal" && outcome.status != "none") ++failed;
              write_score(out.pending(), job.output, record, outcome);
            },
            after_batch);
        break;
    }
    out.finish();
  } catch (const ClientGone&) {
    metrics.records_done(endpoint, records, failed);
    if (c.timed_out.load())
      log(fmt::format("{}: connection closed {} ms past the request deadline, after {} answers", endpoint,
                      answer_grace().count(), records));
    return 0;
  }
  metrics.records_done(endpoint, records, failed);
  return 200;
}

unsigned Server::Impl::run_generate(Connection& c, http::request<http::string_body>& req, bool keep_alive,
                                    const JobLimits& limits) {
  GenerateJob job = parse_generate_job(req.body(), options.max_records, limits);
  job.request.threads = options.threads;
  NdjsonStream out(c.socket, req.version(), keep_alive);
  std::uint64_t records = 0, failed = 0;
  try {
    // Past the request's deadline every puzzle still owed fails at once (its puzzle budget
    // holds the deadline: "the time for one puzzle ran out after 0 attempts"), so the answer
    // still has one record per puzzle asked for.
    generate_batch(job.request, [&](const GeneratedPuzzle& puzzle) {
      ++records;
      if (!puzzle.ok) ++failed;
      write_generated(out.pending(), job.output, job.layout, puzzle);
      out.flush();
      return true;
    });
    out.finish();
  } catch (const ClientGone&) {
    metrics.records_done("generate", records, failed);
    return 0;
  }
  metrics.records_done("generate", records, failed);
  if (Clock::now() > limits.deadline)
    log(fmt::format("generate: the request's deadline passed; the puzzles still owed then were answered as errors"));
  return 200;
}

std::pair<bool, unsigned> Server::Impl::handle(Connection& c, http::request<http::string_body>& req, bool keep_alive,
                                               Clock::time_point started) {
  const unsigned version = req.version();
  const std::string_view target(req.target().data(), req.target().size());
  const auto question = target.find('?');
  const std::string_view path = target.substr(0, question);
  const std::string_view query_text = question == std::string_view::npos ? std::string_view{} : target.substr(question + 1);
  // The read-only pages answer GET and HEAD (the same headers, no body); every error answer
  // to a HEAD has no body either.
  const bool head = req.method() == http::verb::head;
  auto answer = [&](http::status status, std::string_view message,
                    const std::vector<std::pair<http::field, std::string>>& extra = {}) {
    const bool sent = send_text(c, version, keep_alive, status, "application/json", json_error(message), extra, head);
    return std::pair<bool, unsigned>{sent && keep_alive, static_cast<unsigned>(status)};
  };

  const bool is_api = path.substr(0, 4) == "/v1/";
  if (is_api && !options.token.empty()) {
    const auto header = req[http::field::authorization];
    const std::string_view given(header.data(), header.size());
    if (given.size() < 7 || !beast::iequals(beast::string_view(given.data(), 7), "bearer ") ||
        !same_secret(given.substr(7), options.token))
      return answer(http::status::unauthorized, "this server needs 'Authorization: Bearer TOKEN'",
                    {{http::field::www_authenticate, "Bearer"}});
  }

  RecordCommand command = RecordCommand::solve;
  bool record_endpoint = true;
  if (path == "/v1/solve") command = RecordCommand::solve;
  else if (path == "/v1/verify") command = RecordCommand::verify;
  else if (path == "/v1/grade") command = RecordCommand::grade;
  else if (path == "/v1/score") command = RecordCommand::score;
  else record_endpoint = false;

  if (record_endpoint || path == "/v1/generate") {
    if (req.method() != http::verb::post)
      return answer(http::status::method_not_allowed, "use POST", {{http::field::allow, "POST"}});
    // Records with no Content-Length and no Transfer-Encoding: by HTTP the body is empty, and
    // whatever the client sent after the headers would be read as the next request, so the
    // connection closes. (/v1/generate takes no body as its defaults, as `curl -X POST` sends.)
    if (record_endpoint && !req.has_content_length() && !req.chunked()) {
      send_error(c, version, false, http::status::length_required,
                 "a POST of records needs Content-Length or Transfer-Encoding: chunked");
      return {false, 411};
    }
    if (!record_endpoint && !query_text.empty())
      return answer(http::status::bad_request,
                    fmt::format("/v1/generate takes its options in the JSON body, not in the query string ('{}')",
                                query_text));
    JobLimits limits;
    limits.record_timeout = options.record_timeout;
    limits.deadline = started + options.request_deadline;
    limits.cancel = &abandon;
    // The records still owed at the deadline end at once (their budgets hold it), answered
    // `unknown`; the connection gets a little longer to carry those answers (answer_grace)
    // before the watchdog closes it, so that every record still gets its answer.
    c.arm(limits.deadline + answer_grace());
    try {
      const unsigned code = record_endpoint
                                ? run_records(c, req, command, parse_query(query_text), keep_alive, limits)
                                : run_generate(c, req, keep_alive, limits);
      return {code == 200 && keep_alive && version >= 11, code};
    } catch (const BadRequest& e) {
      return answer(http::status::bad_request, e.what());
    } catch (const ClientGone&) {  // gone before the answer's headers were written
      return {false, 0};
    }
  }
  if (path == "/v1/render") {
    if (req.method() != http::verb::get)
      return answer(http::status::method_not_allowed, "use GET", {{http::field::allow, "GET"}});
    if (!can_render()) return answer(http::status::not_found, "this server was built without the book renderer");
    std::string svg;
    try {
      Budget budget = Budget::of_time(options.record_timeout);
      budget.deadline = started + options.request_deadline;
      budget.cancel = &abandon;
      svg = render_svg(parse_query(query_text), budget);
    } catch (const BadRequest& e) {
      return answer(http::status::bad_request, e.what());
    }
    const bool sent = send_text(c, version, keep_alive, http::status::ok, "image/svg+xml", std::move(svg));
    return {sent && keep_alive, 200};
  }
  const bool readable = req.method() == http::verb::get || head;
  if (path == "/healthz") {
    if (!readable) return answer(http::status::method_not_allowed, "use GET", {{http::field::allow, "GET, HEAD"}});
    const bool draining = stopping.load();
    const auto status = draining ? http::status::service_unavailable : http::status::ok;
    const bool sent =
        send_text(c, version, keep_alive, status, "text/plain", draining ? "draining\n" : "ok\n", {}, head);
    return {sent && keep_alive, static_cast<unsigned>(status)};
  }
  if (path == "/metrics") {
    if (!readable) return answer(http::status::method_not_allowed, "use GET", {{http::field::allow, "GET, HEAD"}});
    const bool sent =
        send_text(c, version, keep_alive, http::status::ok, "text/plain; version=0.0.4", metrics.render(), {}, head);
    return {sent && keep_alive, 200};
  }
  if (path == "/" || path == "/index.html") {
    if (!readable) return answer(http::status::method_not_allowed, "use GET", {{http::field::allow, "GET, HEAD"}});
    const bool sent = send_text(c, version, keep_alive, http::status::ok, "text/html; charset=utf-8",
                                std::string(server_detail::page_html()),
                                {{http::field::cache_control, "no-cache"}}, head);
    return {sent && keep_alive, 200};
  }
  return answer(http::status::not_found, fmt::format("no such endpoint: {}", path));
}

void Server::Impl::serve(Connection& c) {
  beast::flat_buffer buffer;
  for (;;) {
    c.idle.store(true);
    if (stopping.load()) break;
    c.arm(Clock::now() + options.header_timeout);
    http::request_parser<http::string_body> parser;
    parser.header_limit(16 * 1024);
    parser.body_limit(options.max_body_bytes);
    boost::system::error_code ec;
    http::read_header(c.socket, buffer, parser, ec);
    c.idle.store(false);
    const Clock::time_point started = Clock::now();
    if (ec == http::error::body_limit) {
      // Content-Length above the limit: refused before a byte of the body is read (the
      // connection closes, since the unread body would otherwise be taken for a request).
      send_error(c, parser.get().version(), false, http::status::payload_too_large,
                 fmt::format("the body is larger than this server's limit of {} bytes", options.max_body_bytes));
      const std::string_view target(parser.get().target().data(), parser.get().target().size());
      metrics.request_done(endpoint_label(target.substr(0, target.find('?'))), 413, 0);
      break;
    }
    if (ec) {
      // A closed connection or an expired wait ends quietly; anything else is bad HTTP.
      if (ec != http::error::end_of_stream && !c.timed_out.load() && ec != net::error::connection_reset &&
          ec != net::error::eof) {
        send_error(c, 11, false, http::status::bad_request, fmt::format("bad HTTP request: {}", ec.message()));
        metrics.request_done("other", 400, 0);
      }
      break;
    }
    c.arm(started + options.request_deadline);
    auto& req = parser.get();
    const std::string_view target(req.target().data(), req.target().size());
    const std::string_view label = endpoint_label(target.substr(0, target.find('?')));
    bool keep_alive = req.keep_alive() && !stopping.load();
    const unsigned version = req.version();
    auto finish = [&](unsigned code) {
      metrics.request_done(label, code, std::chrono::duration<double>(Clock::now() - started).count());
    };
    // Transfer-Encoding: only "chunked" alone is read. With another coding before it the body
    // would be taken as chunked and never decoded; without chunked last its end is unknown
    // (RFC 9112 6.3: 400 and close), and behind a proxy reading it otherwise is request
    // smuggling. Either way the connection closes: its remaining bytes are not a request.
    if (const std::string codings = transfer_codings(req); !codings.empty() && !beast::iequals(codings, "chunked")) {
      std::string lower = codings;
      for (char& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      std::size_t chunked_times = 0;
      for (auto at = lower.find("chunked"); at != std::string::npos; at = lower.find("chunked", at + 1)) ++chunked_times;
      const bool ends_chunked = lower.size() >= 7 && lower.compare(lower.size() - 7, 7, "chunked") == 0;
      // 501 for a coding this server does not decode before a final chunked; 400 for a body
      // whose end is unknown (not ending in chunked) or chunked applied twice (RFC 9112 6.1).
      const bool unsupported = ends_chunked && chunked_times == 1;
      send_error(c, version, false, unsupported ? http::status::not_implemented : http::status::bad_request,
                 unsupported       ? fmt::format("Transfer-Encoding '{}': only chunked is supported", codings)
                 : !ends_chunked   ? fmt::format("Transfer-Encoding '{}' does not end in chunked: the body's end is unknown",
                                                 codings)
                                   : fmt::format("Transfer-Encoding '{}': chunked may be applied only once", codings));
      finish(unsupported ? 501 : 400);
      break;
    }
    // Too large: refused before a byte of the body is read (the connection closes, since
    // the unread body would otherwise be taken for the next request).
    if (const auto length = parser.content_length(); length && *length > options.max_body_bytes) {
      send_error(c, version, false, http::status::payload_too_large,
                 fmt::format("the body is {} bytes; this server takes at most {}", *length, options.max_body_bytes));
      finish(413);
      break;
    }
    // Health checks, metrics and the page cost nothing and must answer most under load (a
    // load balancer or a scraper asks exactly then): they do not count against max_requests.
    const bool light = (label == "healthz" || label == "metrics" || label == "page") &&
                       !parser.chunked() && parser.content_length().value_or(0) == 0;
    const bool counted = !light;  // a body to buffer counts, whatever the path
    if (counted && in_flight.fetch_add(1) >= options.max_requests) {
      in_flight.fetch_sub(1);
      send_error(c, version, false, http::status::service_unavailable,
                 fmt::format("{} requests are being worked on, this server's limit; retry shortly", options.max_requests),
                 {{http::field::retry_after, "1"}});
      finish(503);
      break;
    }
    metrics.request_started();
    unsigned code = 0;
    bool again = false;
    if (beast::iequals(req[http::field::expect], "100-continue") && !parser.is_done()) {
      http::response<http::empty_body> cont{http::status::continue_, version};
      http::write(c.socket, cont, ec);
    }
    if (!ec && !parser.is_done()) {
      c.reading_body.store(true);
      http::read(c.socket, buffer, parser, ec);
      c.reading_body.store(false);
    }
    if (ec == http::error::body_limit) {
      send_error(c, version, false, http::status::payload_too_large,
                 fmt::format("the body is over this server's limit of {} bytes", options.max_body_bytes));
      code = 413;
    } else if (ec && c.timed_out.load()) {
      // The deadline passed while the body was still coming: the client may still be there.
      code = send_error(c, version, false, http::status::request_timeout,
                        fmt::format("the body did not arrive within this server's request deadline of {} s",
                                    std::chrono::duration<double>(options.request_deadline).count()))
                 ? 408
                 : 0;
    } else if (ec) {
      // A body cut short (the client closed): there is nobody to answer, unless the bytes
      // themselves were malformed.
      if (ec != http::error::partial_message && ec != net::error::eof && ec != net::error::connection_reset)
        code = send_error(c, version, false, http::status::bad_request, fmt::format("bad HTTP body: {}", ec.message()))
                   ? 400
                   : 0;
    } else {
      try {
        std::tie(again, code) = handle(c, req, keep_alive, started);
      } catch (const std::exception& e) {
        // Past the headers of an answer nothing can be said; before them, a 500.
        code = 500;
        send_error(c, version, false, http::status::internal_server_error, e.what());
        again = false;
      }
    }
    if (counted) in_flight.fetch_sub(1);
    metrics.request_ended();
    finish(code);
    if (!again || c.timed_out.load()) break;
  }
  c.disarm();
}

void Server::Impl::watch() {
  std::unique_lock<std::mutex> wait_lock(watchdog_mutex);
  while (!watchdog_stop) {
    watchdog_wake.wait_for(wait_lock, std::chrono::milliseconds(20));
    const std::int64_t now = Clock::now().time_since_epoch().count();
    std::lock_guard<std::mutex> lock(mutex);
    for (Connection* c : connections) {
      const std::int64_t deadline = c->deadline.load();
      if (deadline != 0 && now > deadline) {
        c->timed_out.store(true);
        c->disarm();
        if (c->reading_body.load()) ::shutdown(c->fd, SHUT_RD);
        else kill_locked(*c);
      }
    }
  }
}

void Server::Impl::run() {
  watchdog = std::thread([this] { watch(); });
  const auto address = acceptor.local_endpoint().address();
  const std::string host = address.is_v6() ? "[" + address.to_string() + "]" : address.to_string();
  log(fmt::format("listening on http://{}:{}", host, bound_port));
  while (!stopping.load()) {
    tcp::socket socket(io);
    boost::system::error_code ec;
    acceptor.accept(socket, ec);
    if (stopping.load()) break;
    if (ec) {
      // Out of file descriptors or a connection reset before accept: breathe, go on.
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
      continue;
    }
    socket.set_option(tcp::no_delay(true), ec);
    std::unique_lock<std::mutex> lock(mutex);
    if (connections.size() >= options.max_connections) {
      lock.unlock();
      // Small enough for the socket buffer: this write does not block the accept loop.
      static const std::string busy = [] {
        const std::string body = json_error("too many connections; retry shortly");
        return fmt::format("HTTP/1.1 503 Service Unavailable\r\nServer: sudokit\r\nContent-Type: application/json\r\n"
                           "Retry-After: 1\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{}",
                           body.size(), body);
      }();
      ::send(socket.native_handle(), busy.data(), busy.size(), MSG_DONTWAIT | MSG_NOSIGNAL);
      socket.close(ec);
      metrics.request_done("other", 503, 0);
      continue;
    }
    auto* connection = new Connection(std::move(socket));
    connections.insert(connection);
    lock.unlock();
    metrics.connection_opened();
    std::thread([this, connection] {
      serve(*connection);
      // All under the lock, and the last thing this thread does with the server: run() may
      // return (and the server be destroyed) as soon as the set is empty and the lock free.
      std::lock_guard<std::mutex> guard(mutex);
      boost::system::error_code ignored;
      connection->socket.shutdown(tcp::socket::shutdown_send, ignored);
      connection->socket.close(ignored);
      connections.erase(connection);
      delete connection;
      metrics.connection_closed();
      changed.notify_all();
    }).detach();
  }
  // Draining: idle connections were closed by stop(); wait for the others, then force them.
  std::unique_lock<std::mutex> lock(mutex);
  if (!connections.empty()) log(fmt::format("shutting down: {} connections to finish", connections.size()));
  if (!changed.wait_for(lock, options.drain_timeout, [&] { return connections.empty(); })) {
    log(fmt::format("shutting down: drain timeout, closing {} connections", connections.size()));
    {
      std::lock_guard<std::mutex> slots(slot_mutex);
      abandon.store(true);  // the records in flight stop at their next look at the clock
    }
    slot_freed.notify_all();  // and those waiting for a slot go on without one
    for (Connection* c : connections) kill_locked(*c);
    changed.wait(lock, [&] { return connections.empty(); });
  }
  lock.unlock();
  {
    std::lock_guard<std::mutex> guard(watchdog_mutex);
    watchdog_stop = true;
  }
  watchdog_wake.notify_all();
  watchdog.join();
  log("stopped");
}

void Server::Impl::stop() {
  if (stopping.exchange(true)) return;
  ::shutdown(acceptor.native_handle(), SHUT_RDWR);  // wakes accept()
  std::lock_guard<std::mutex> lock(mutex);
  for (Connection* c : connections)
    if (c->idle.load()) kill_locked(*c);
}

Server::Server(ServerOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}
Server::~Server() = default;
std::uint16_t Server::port() const { return impl_->bound_port; }
void Server::run() { impl_->run(); }
void Server::stop() { impl_->stop(); }

}  // namespace sudokit
