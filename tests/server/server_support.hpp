// server_support.hpp: a server in the test's process and HTTP clients that cannot hang.
//
// TestServer runs sudokit::Server on 127.0.0.1 with a free port (port 0) on a thread, and
// stops and joins it on destruction. HttpConnection is a keep-alive HTTP/1.1 client made of
// Beast's message parser and serializer over a plain POSIX socket whose every read and write
// waits at most `timeout` (poll(2)): a server bug makes a test fail, never hang. The raw_*
// helpers send bytes that no HTTP library would send (cut-short bodies, slow headers,
// binary noise) and read back whatever comes.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <future>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/buffer.hpp>
#include <boost/asio/error.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>

#include "sudokit/server.hpp"

namespace sudokit::testing {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;

class TestServer {
 public:
  explicit TestServer(ServerOptions options = {}) {
    options.listen = "127.0.0.1:0";
    server_ = std::make_unique<Server>(std::move(options));
    thread_ = std::thread([this] { server_->run(); });
  }
  ~TestServer() { stop(); }
  void stop() {
    if (!thread_.joinable()) return;
    server_->stop();
    thread_.join();
  }
  std::uint16_t port() const { return server_->port(); }

 private:
  std::unique_ptr<Server> server_;
  std::thread thread_;
};

/// A connected TCP socket to 127.0.0.1:port, or -1.
inline int connect_to(std::uint16_t port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
    ::close(fd);
    return -1;
  }
  int one = 1;
  ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  return fd;
}

/// Beast's SyncReadStream and SyncWriteStream over a socket, each call waiting at most `timeout`.
class TimedSocket {
 public:
  TimedSocket(int fd, std::chrono::milliseconds timeout) : fd_(fd), timeout_(timeout) {}
  template <class Buffers>
  std::size_t read_some(const Buffers& buffers, boost::system::error_code& ec) {
    const net::mutable_buffer buffer = *net::buffer_sequence_begin(buffers);
    if (!wait(POLLIN, ec)) return 0;
    const ssize_t n = ::recv(fd_, buffer.data(), buffer.size(), 0);
    if (n < 0) ec = boost::system::error_code(errno, boost::system::system_category());
    else if (n == 0) ec = net::error::eof;
    else ec = {};
    return n > 0 ? static_cast<std::size_t>(n) : 0;
  }
  template <class Buffers>
  std::size_t read_some(const Buffers& buffers) {
    boost::system::error_code ec;
    const std::size_t n = read_some(buffers, ec);
    if (ec) throw boost::system::system_error(ec);
    return n;
  }
  template <class Buffers>
  std::size_t write_some(const Buffers& buffers, boost::system::error_code& ec) {
    for (auto it = net::buffer_sequence_begin(buffers); it != net::buffer_sequence_end(buffers); ++it) {
      const net::const_buffer buffer = *it;
      if (buffer.size() == 0) continue;
      if (!wait(POLLOUT, ec)) return 0;
      const ssize_t n = ::send(fd_, buffer.data(), buffer.size(), MSG_NOSIGNAL);
      if (n < 0) {
        ec = boost::system::error_code(errno, boost::system::system_category());
        return 0;
      }
      ec = {};
      return static_cast<std::size_t>(n);
    }
    ec = {};
    return 0;
  }
  template <class Buffers>
  std::size_t write_some(const Buffers& buffers) {
    boost::system::error_code ec;
    const std::size_t n = write_some(buffers, ec);
    if (ec) throw boost::system::system_error(ec);
    return n;
  }

 private:
  bool wait(short events, boost::system::error_code& ec) {
    pollfd p{fd_, events, 0};
    const int ready = ::poll(&p, 1, static_cast<int>(timeout_.count()));
    if (ready == 1) return true;
    ec = ready == 0 ? net::error::timed_out : boost::system::error_code(errno, boost::system::system_category());
    return false;
  }
  int fd_;
  std::chrono::milliseconds timeout_;
};

/// Opens a connection with a 4 KB receive buffer and sends a POST /v1/verify of `records`
/// unreadable one-byte records ("x\n"), then returns the socket without reading a byte: the
/// answers (about 200 bytes each; 400,000 make ~80 MB, more than any socket buffer holds) stall
/// the server's writer, which is what the deadline and drain tests need. The caller closes the
/// socket. -1 when it could not connect or send; `error` then says why.
inline int send_and_never_read(std::uint16_t port, int records, std::string& error) {
  std::string body;
  body.reserve(static_cast<std::size_t>(records) * 2);
  for (int i = 0; i < records; ++i) body += "x\n";
  const int fd = connect_to(port);
  if (fd < 0) {
    error = "cannot connect";
    return -1;
  }
  int small = 4096;
  ::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, sizeof small);
  const std::string request = "POST /v1/verify HTTP/1.1\r\nHost: x\r\nContent-Length: " + std::to_string(body.size()) +
                              "\r\n\r\n" + body;
  TimedSocket socket(fd, std::chrono::seconds(5));
  boost::system::error_code ec;
  net::write(socket, net::buffer(request), ec);
  if (ec) {
    error = "write: " + ec.message();
    ::close(fd);
    return -1;
  }
  return fd;
}

struct HttpReply {
  unsigned status = 0;  ///< 0: no answer (connection failed, closed or timed out); see `error`
  std::map<std::string, std::string> headers;  ///< names in lower case
  std::string body;                            ///< de-chunked
  std::string error;
  std::string header(const std::string& name) const {
    auto it = headers.find(name);
    return it == headers.end() ? std::string() : it->second;
  }
};

/// One keep-alive connection; reconnects when the server closed the previous one.
class HttpConnection {
 public:
  explicit HttpConnection(std::uint16_t port, std::chrono::milliseconds timeout = std::chrono::seconds(60))
      : port_(port), timeout_(timeout) {}
  ~HttpConnection() { close(); }
  HttpConnection(const HttpConnection&) = delete;
  HttpConnection& operator=(const HttpConnection&) = delete;

  HttpReply request(http::verb method, const std::string& target, const std::string& body = "",
                    const std::map<std::string, std::string>& headers = {}) {
    HttpReply reply;
    if (fd_ < 0) fd_ = connect_to(port_);
    if (fd_ < 0) {
      reply.error = "cannot connect";
      return reply;
    }
    http::request<http::string_body> req{method, target, 11};
    req.set(http::field::host, "127.0.0.1");
    for (const auto& [name, value] : headers) req.set(name, value);
    req.body() = body;
    req.keep_alive(true);
    req.prepare_payload();
    TimedSocket socket(fd_, timeout_);
    boost::system::error_code ec;
    http::write(socket, req, ec);
    if (ec) {
      reply.error = "write: " + ec.message();
      close();
      return reply;
    }
    http::response_parser<http::string_body> parser;
    parser.body_limit(std::uint64_t{1} << 32);
    http::read(socket, buffer_, parser, ec);
    if (ec) {
      reply.error = "read: " + ec.message();
      close();
      return reply;
    }
    const auto& res = parser.get();
    reply.status = res.result_int();
    for (const auto& field : res) {
      std::string name(field.name_string());
      for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      reply.headers[name] = std::string(field.value());
    }
    reply.body = res.body();
    if (!res.keep_alive()) close();
    return reply;
  }
  HttpReply post(const std::string& target, const std::string& body, const std::map<std::string, std::string>& headers = {}) {
    return request(http::verb::post, target, body, headers);
  }
  HttpReply get(const std::string& target) { return request(http::verb::get, target); }
  void close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    buffer_.clear();
  }

 private:
  std::uint16_t port_;
  std::chrono::milliseconds timeout_;
  int fd_ = -1;
  beast::flat_buffer buffer_;
};

/// Sends `bytes` (in pieces of `piece` bytes, `pause` apart), then, unless `half_close` is
/// false, shuts down the sending side; reads everything until the server closes or `timeout`
/// passes. What was read comes back (empty: nothing).
struct RawExchange {
  std::string received;
  bool closed_by_server = false;  ///< the read ended at EOF or a reset (not the timeout)
  bool send_failed = false;
};
inline RawExchange raw_exchange(std::uint16_t port, const std::string& bytes, std::chrono::milliseconds timeout,
                                bool half_close = true, std::size_t piece = 0,
                                std::chrono::milliseconds pause = std::chrono::milliseconds(0)) {
  RawExchange out;
  const int fd = connect_to(port);
  if (fd < 0) throw std::runtime_error("cannot connect");
  std::size_t sent = 0;
  while (sent < bytes.size()) {
    const std::size_t n = piece ? std::min(piece, bytes.size() - sent) : bytes.size() - sent;
    const ssize_t wrote = ::send(fd, bytes.data() + sent, n, MSG_NOSIGNAL);
    if (wrote <= 0) {
      out.send_failed = true;
      break;
    }
    sent += static_cast<std::size_t>(wrote);
    if (pause.count() > 0) std::this_thread::sleep_for(pause);
  }
  if (half_close) ::shutdown(fd, SHUT_WR);
  const auto end = std::chrono::steady_clock::now() + timeout;
  char buffer[65536];
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end - std::chrono::steady_clock::now());
    if (left.count() <= 0) break;
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(left.count())) != 1) break;
    const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
    if (n <= 0) {
      out.closed_by_server = true;
      break;
    }
    out.received.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return out;
}

/// For a server with --max-requests 1: starts a request that holds the only slot (the score
/// of an empty grid runs to its record timeout) and posts `probe` to `target` until it is
/// refused (503), for at most 2.5 s (a loaded machine may take a while to start the slow
/// one). `busy` is that refusal, or the last answer when none came.
struct HeldSlot {
  std::future<HttpReply> slow;
  HttpReply busy;
};
inline HeldSlot hold_the_only_slot(std::uint16_t port, const std::string& target, const std::string& probe) {
  HeldSlot held;
  held.slow = std::async(std::launch::async, [port] {
    HttpConnection http(port, std::chrono::seconds(30));
    return http.post("/v1/score", std::string(81, '.') + "\n");
  });
  HttpConnection http(port, std::chrono::seconds(10));
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::milliseconds(2500);
  do {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    held.busy = http.post(target, probe);
  } while (held.busy.status == 200 && std::chrono::steady_clock::now() < give_up);
  return held;
}

/// Posts `body` to `target` on a new connection until it is not refused 503, for at most
/// 5 s. The slot a request held is given back just after the last byte of its answer is
/// written, so a request sent the moment that byte arrives may still find it taken (rightly).
inline HttpReply post_once_free(std::uint16_t port, const std::string& target, const std::string& body) {
  const auto freed_by = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  HttpReply reply;
  do {
    HttpConnection again(port, std::chrono::seconds(10));
    reply = again.post(target, body);
    if (reply.status != 503) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  } while (std::chrono::steady_clock::now() < freed_by);
  return reply;
}

/// The status code of the first response in `raw` ("HTTP/1.1 413 ..."), or 0.
inline unsigned status_of(const std::string& raw) {
  if (raw.rfind("HTTP/1.", 0) != 0 || raw.size() < 12) return 0;
  return static_cast<unsigned>(std::stoul(raw.substr(9, 3)));
}

}  // namespace sudokit::testing
