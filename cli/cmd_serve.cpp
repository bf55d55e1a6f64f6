// `sudokit serve`: the record commands as an HTTP service (sudokit/server.hpp).
//
// This file only turns options into ServerOptions, reads the token file, and runs the
// server until SIGTERM or SIGINT: both signals are blocked in every thread (the mask is set
// before the server starts any) and taken by one thread with sigwait(), which calls stop();
// run() then drains in-flight requests and returns, and the command exits 0.
#include <pthread.h>
#include <signal.h>

#include <cerrno>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

#include <fmt/format.h>

#include "commands.hpp"
#include "common.hpp"
#include "sudokit/server.hpp"
#if SUDOKIT_HAVE_MPI
#include "sudokit/mpi_cluster.hpp"
#endif

namespace sudokit::cli {
namespace {

constexpr const char* kUsage =
    "usage: sudokit serve [OPTIONS]\n"
    "Serves the record commands over HTTP (one thread per connection, records on every core):\n"
    "  POST /v1/solve, /v1/verify, /v1/grade, /v1/score   body: records in any input format;\n"
    "       query: the command's options (limit=1, engine=dlx, minimal, explain, timeout=2 ...);\n"
    "       answer: application/x-ndjson, one line per record, exactly as --format jsonl writes it\n"
    "  POST /v1/generate   body: a JSON object of generate's options ({\"count\":5,\"seed\":1})\n"
    "  GET /healthz, GET /metrics (Prometheus), GET / (a page to solve, grade and generate)\n"
    "Stops on SIGTERM or SIGINT: no new connections, in-flight requests finish (up to\n"
    "--drain-timeout), exit 0.";

int run_serve(const std::vector<std::string>& args) {
  ServerOptions options;
  double record_timeout = 10, request_deadline = 120, header_timeout = 10, drain_timeout = 15;
  std::size_t max_body_mb = 64;
  std::string token_file;
  bool quiet = false;
  po::options_description described("serve options");
  described.add_options()
      ("listen", po::value(&options.listen)->default_value(options.listen)->value_name("ADDR:PORT"),
       "address and port to listen on (port 0: any free port, printed at start)")
      ("max-body", po::value(&max_body_mb)->default_value(max_body_mb)->value_name("MB"),
       "largest request body; a larger Content-Length is refused (413) before it is read")
      ("max-records", po::value(&options.max_records)->default_value(options.max_records)->value_name("N"),
       "records per request; later records are answered 'error'")
      ("record-timeout", po::value(&record_timeout)->default_value(record_timeout)->value_name("SECONDS"),
       "wall time per record (status 'unknown' past it); a request's timeout= may ask for less")
      ("request-deadline", po::value(&request_deadline)->default_value(request_deadline)->value_name("SECONDS"),
       "wall time per request, from its headers to its last byte")
      ("header-timeout", po::value(&header_timeout)->default_value(header_timeout)->value_name("SECONDS"),
       "time to receive a request's headers (slow clients), and idle keep-alive time")
      ("max-requests", po::value(&options.max_requests)->default_value(options.max_requests)->value_name("N"),
       "requests worked on at once; more are answered 503 with Retry-After")
      ("max-connections", po::value(&options.max_connections)->default_value(options.max_connections)->value_name("N"),
       "open connections (one thread each); more are answered 503 at once")
      ("drain-timeout", po::value(&drain_timeout)->default_value(drain_timeout)->value_name("SECONDS"),
       "on SIGTERM/SIGINT, how long in-flight requests may take to finish")
      ("token-file", po::value(&token_file)->value_name("FILE"),
       "require 'Authorization: Bearer TOKEN' on /v1/*, TOKEN the file's first line")
      ("quiet,q", po::bool_switch(&quiet), "no log lines on stderr");
  add_threads_option(described, options.threads);
  if (!parse_command_line(args, described, kUsage, nullptr)) return kExitOk;
#if SUDOKIT_HAVE_MPI
  // Every rank would try the same address (one wins, the others fail with "address in use"
  // and the job never ends): the server is one process that uses every core itself.
  if (launched_by_mpi())
    throw UsageError("serve does not run under mpirun: start one server per machine (it uses every core)");
#endif

  auto seconds = [](const char* name, double value) {
    if (!(value > 0)) throw UsageError(fmt::format("--{} {} must be a positive number of seconds", name, value));
    if (value > 1e6) throw UsageError(fmt::format("--{} {} is too long: at most 1000000 seconds", name, value));
    return std::chrono::milliseconds(static_cast<std::int64_t>(value * 1000));
  };
  options.record_timeout = seconds("record-timeout", record_timeout);
  options.request_deadline = seconds("request-deadline", request_deadline);
  options.header_timeout = seconds("header-timeout", header_timeout);
  options.drain_timeout = seconds("drain-timeout", drain_timeout);
  if (max_body_mb == 0) throw UsageError("--max-body: 1 MB or more");
  if (max_body_mb > (std::size_t{1} << 20))
    throw UsageError(fmt::format("--max-body {} is too large: at most {} MB", max_body_mb, std::size_t{1} << 20));
  options.max_body_bytes = max_body_mb << 20;
  if (options.max_requests == 0 || options.max_connections == 0 || options.max_records == 0)
    throw UsageError("--max-requests, --max-connections and --max-records must be at least 1");
  options.threads = checked_threads(options.threads);
  if (!token_file.empty()) {
    std::ifstream in(token_file);
    if (!in) throw UsageError(fmt::format("--token-file: cannot read '{}'", token_file));
    std::getline(in, options.token);
    while (!options.token.empty() && (options.token.back() == '\r' || options.token.back() == ' '))
      options.token.pop_back();
    if (options.token.empty()) throw UsageError(fmt::format("--token-file '{}': the first line is empty", token_file));
  }
  if (!quiet) options.log = [](std::string_view line) { fmt::print(stderr, "sudokit serve: {}\n", line); };
  std::string address, why;
  std::uint16_t port = 0;
  if (!parse_listen_address(options.listen, address, port, &why)) throw UsageError("--listen: " + why);

  // Block the stop signals before any thread exists, so every thread inherits the mask and
  // only the sigwait() thread below ever sees them.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGTERM);
  sigaddset(&stop_signals, SIGINT);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  ::signal(SIGPIPE, SIG_IGN);  // a client that went away is a failed write, not a death

  std::unique_ptr<Server> server;
  try {
    server = std::make_unique<Server>(options);
  } catch (const std::runtime_error& e) {
    fmt::print(stderr, "sudokit serve: {}\n", e.what());
    return kExitUsage;
  }
  // One line on stdout, so a supervisor or a test started with port 0 learns the port.
  fmt::print("listening on http://{}:{}\n", address.find(':') != std::string::npos ? "[" + address + "]" : address,
             server->port());
  std::fflush(stdout);

  std::thread signals([&server, stop_signals] {
    int signal = 0;
    while (sigwait(&stop_signals, &signal) != 0) {
    }
    if (signal == SIGTERM || signal == SIGINT) server->stop();
  });
  server->run();
  // run() returns only after stop(), which only the signal thread calls: it has finished.
  signals.join();
  return kExitOk;
}

const CommandRegistration registration{
    {"serve", "serve the record commands over HTTP (ndjson answers, limits, metrics)", 70, run_serve}};

}  // namespace
}  // namespace sudokit::cli
