// serve_bench: what the HTTP front end costs against the program itself.
//
//  throughput  a batch of --batch records (17_clue, 10,000 by default) through
//              `sudokit CMD --format jsonl` reading a file and writing to a pipe this program
//              drains (the CLI pipe), and through POST /v1/CMD to a server in this process
//              (its answer read and de-chunked by a Beast client); --runs of each, alternating,
//              median seconds, records/s, and HTTP's share of the CLI's rate.
//  latency     --requests single-puzzle POST /v1/verify requests one after another on a
//              keep-alive connection (and, separately, each on a new connection): p50, p99 and
//              max from sending the request to having read the whole answer.
//
//   build/release/bench/serve_bench                               # verify, 10,000 x 5, 2,000 requests
//   build/release/bench/serve_bench --command solve --runs 7 --requests 5000
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "server_support.hpp"

namespace {

using Clock = std::chrono::steady_clock;
using sudokit::testing::HttpConnection;
using sudokit::testing::TestServer;

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  const std::size_t at = std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())));
  return v[at];
}

std::vector<std::string> read_puzzles(const std::string& path, std::size_t max) {
  std::ifstream in(path);
  std::vector<std::string> out;
  std::string line;
  while (out.size() < max && std::getline(in, line))
    if (!line.empty() && line[0] != '#') out.push_back(line);
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  std::string command = "verify";
  std::size_t batch = 10000, requests = 2000;
  int runs = 5;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i], value = argv[i + 1];
    if (flag == "--command") command = value;
    else if (flag == "--batch") batch = std::stoul(value);
    else if (flag == "--runs") runs = std::stoi(value);
    else if (flag == "--requests") requests = std::stoul(value);
    else {
      fmt::print(stderr, "usage: serve_bench [--command verify|solve] [--batch N] [--runs N] [--requests N]\n");
      return 2;
    }
  }
  const auto pool = read_puzzles(std::string(SUDOKIT_SHARED_DATA) + "/puzzles/17_clue.txt", batch);
  if (pool.empty()) {
    fmt::print(stderr, "serve_bench: no puzzles under {}\n", SUDOKIT_SHARED_DATA);
    return 2;
  }
  std::string body;
  for (std::size_t i = 0; i < batch; ++i) body += pool[i % pool.size()] + "\n";
  const std::string file = "/tmp/serve_bench_input.txt";
  std::ofstream(file, std::ios::binary) << body;

  TestServer server;
  fmt::print("serve_bench: {} records of 17_clue, command {}, {} runs; server in this process on port {}\n", batch,
             command, runs, server.port());

  std::vector<double> cli_seconds, http_seconds;
  std::size_t cli_bytes = 0, http_bytes = 0;
  for (int run = 0; run < runs; ++run) {
    {
      const auto start = Clock::now();
      const std::string shell = fmt::format("{} {} --format jsonl < {} 2>/dev/null", SUDOKIT_BINARY, command, file);
      FILE* pipe = ::popen(shell.c_str(), "r");
      if (!pipe) return 2;
      std::vector<char> buffer(1 << 16);
      std::size_t bytes = 0, n = 0;
      while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0) bytes += n;
      ::pclose(pipe);
      cli_seconds.push_back(std::chrono::duration<double>(Clock::now() - start).count());
      cli_bytes = bytes;
    }
    {
      HttpConnection http(server.port());
      const auto start = Clock::now();
      const auto reply = http.post("/v1/" + command, body);
      http_seconds.push_back(std::chrono::duration<double>(Clock::now() - start).count());
      if (reply.status != 200) {
        fmt::print(stderr, "serve_bench: HTTP {} {}\n", reply.status, reply.error);
        return 1;
      }
      http_bytes = reply.body.size();
    }
  }
  const double cli = median(cli_seconds), http = median(http_seconds);
  fmt::print("throughput  CLI pipe  {:.3f} s median ({:.0f} records/s, {} bytes out)\n", cli,
             static_cast<double>(batch) / cli, cli_bytes);
  fmt::print("throughput  HTTP      {:.3f} s median ({:.0f} records/s, {} bytes out)\n", http,
             static_cast<double>(batch) / http, http_bytes);
  fmt::print("HTTP records/s / CLI records/s = {:.2f}{}\n", cli / http,
             cli_bytes == http_bytes ? "" : "  (WARNING: the answers differ in size)");

  const std::string one = pool.front() + "\n";
  for (const bool keep_alive : {true, false}) {
    std::vector<double> ms;
    HttpConnection connection(server.port());
    for (std::size_t i = 0; i < requests; ++i) {
      const std::string puzzle = pool[i % pool.size()] + "\n";
      const auto start = Clock::now();
      const auto reply = connection.post("/v1/verify", puzzle);
      ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
      if (reply.status != 200) {
        fmt::print(stderr, "serve_bench: HTTP {} {}\n", reply.status, reply.error);
        return 1;
      }
      if (!keep_alive) connection.close();
    }
    fmt::print("latency     single 9x9 verify, {}: {} requests: p50 {:.3f} ms, p99 {:.3f} ms, max {:.3f} ms\n",
               keep_alive ? "keep-alive connection" : "new connection each", requests, percentile(ms, 0.5),
               percentile(ms, 0.99), *std::max_element(ms.begin(), ms.end()));
  }
  std::remove(file.c_str());
  return 0;
}
