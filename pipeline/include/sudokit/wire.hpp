// sudokit/wire.hpp: values as bytes, for records and answers that travel between processes.
//
// The cluster executor (cluster.hpp) ships input records from rank 0 to the other ranks and
// their typed outcomes back, so that rank 0 runs the command's own writer on exactly the
// outcome a local thread would have made: that is what makes a K-rank run write the same
// bytes as one process. Every rank runs the same binary, so the encoding only has to be
// exact and compact, not portable across versions: fixed-width little/native-endian bytes,
// strings and vectors as a 64-bit length and their elements.
//
// One function per type describes its fields for both directions (the Boost.Serialization
// idiom, without the library):
//
//   template <class Wire> void wire_fields(Wire& wire, SolveOutcome& o) {
//     wire(o.status, o.count, o.limit, o.solution, o.error, o.stats);
//   }
//
// WireWriter appends the fields, WireReader reads them back in the same order. Arithmetic
// types, enums, std::string, std::optional, std::vector, std::array, std::pair and
// std::chrono::duration and std::shared_ptr (the pointee, copied) are built in; any other type needs a `wire_fields` overload in its
// own namespace (found by argument-dependent lookup). A type with none is not `Wired`, and
// the record loop then keeps it in one process (see record_pipeline.hpp).
//
// A field left out of wire_fields would silently reach rank 0 as its default: the unit test
// tests/unit/pipeline_wire_test.cpp and the byte comparisons of the mpi tests guard that.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "sudokit/grid.hpp"
#include "sudokit/reader.hpp"
#include "sudokit/variant.hpp"

namespace sudokit {

/// Appends values to a byte string.
class WireWriter {
 public:
  explicit WireWriter(std::string& out) : out_(out) {}

  template <class... T>
  void operator()(const T&... values) {
    (put(values), ...);
  }

 private:
  template <class T>
  void put(const T& value);

  void raw(const void* data, std::size_t size) {
    if (size != 0) out_.append(static_cast<const char*>(data), size);  // an empty vector's data() may be null
  }
  std::string& out_;
};

/// Reads values back from bytes written by WireWriter; throws std::runtime_error when the
/// bytes end early (a truncated or mismatched message).
class WireReader {
 public:
  explicit WireReader(std::string_view in) : in_(in) {}

  template <class... T>
  void operator()(T&... values) {
    (get(values), ...);
  }
  bool done() const { return in_.empty(); }

 private:
  template <class T>
  void get(T& value);

  void raw(void* data, std::size_t size) {
    if (size > in_.size()) throw std::runtime_error("wire: message ends early");
    if (size == 0) return;  // an empty vector's data() may be null, which memcpy may not take
    std::memcpy(data, in_.data(), size);
    in_.remove_prefix(size);
  }
  std::string_view in_;
};

namespace wire_detail {
template <class T>
struct is_optional : std::false_type {};
template <class T>
struct is_optional<std::optional<T>> : std::true_type {};
template <class T>
struct is_vector : std::false_type {};
template <class T, class A>
struct is_vector<std::vector<T, A>> : std::true_type {};
template <class T>
struct is_array : std::false_type {};
template <class T, std::size_t N>
struct is_array<std::array<T, N>> : std::true_type {};
template <class T>
struct is_pair : std::false_type {};
template <class A, class B>
struct is_pair<std::pair<A, B>> : std::true_type {};
template <class T>
struct is_shared_ptr : std::false_type {};
template <class T>
struct is_shared_ptr<std::shared_ptr<T>> : std::true_type {};
template <class T>
struct is_duration : std::false_type {};
template <class R, class P>
struct is_duration<std::chrono::duration<R, P>> : std::true_type {};

template <class T>
inline constexpr bool is_builtin = std::is_arithmetic_v<T> || std::is_enum_v<T> || std::is_same_v<T, std::string> ||
                                   is_optional<T>::value || is_vector<T>::value || is_array<T>::value ||
                                   is_pair<T>::value || is_duration<T>::value || is_shared_ptr<T>::value;
}  // namespace wire_detail

/// True when values of T can travel: built in, or described by a wire_fields overload.
template <class T>
concept Wired = wire_detail::is_builtin<T> || requires(WireWriter& writer, WireReader& reader, T& value) {
  wire_fields(writer, value);
  wire_fields(reader, value);
};

template <class T>
void WireWriter::put(const T& value) {
  if constexpr (std::is_arithmetic_v<T> || std::is_enum_v<T>) {
    raw(&value, sizeof value);
  } else if constexpr (std::is_same_v<T, std::string>) {
    put(static_cast<std::uint64_t>(value.size()));
    raw(value.data(), value.size());
  } else if constexpr (wire_detail::is_optional<T>::value) {
    put(value.has_value());
    if (value) put(*value);
  } else if constexpr (wire_detail::is_shared_ptr<T>::value) {
    // The pointee travels (a copy each time: ranks share no memory), or its absence.
    put(value != nullptr);
    if (value) put(*value);
  } else if constexpr (wire_detail::is_vector<T>::value) {
    put(static_cast<std::uint64_t>(value.size()));
    if constexpr (std::is_arithmetic_v<typename T::value_type> && !std::is_same_v<typename T::value_type, bool>) {
      raw(value.data(), value.size() * sizeof(typename T::value_type));
    } else {
      for (const auto& element : value) put(element);
    }
  } else if constexpr (wire_detail::is_array<T>::value) {
    for (const auto& element : value) put(element);
  } else if constexpr (wire_detail::is_pair<T>::value) {
    put(value.first);
    put(value.second);
  } else if constexpr (wire_detail::is_duration<T>::value) {
    put(value.count());
  } else {
    // wire_fields takes a mutable reference so that one function serves both directions;
    // the writer only reads through it.
    wire_fields(*this, const_cast<T&>(value));
  }
}

template <class T>
void WireReader::get(T& value) {
  if constexpr (std::is_arithmetic_v<T> || std::is_enum_v<T>) {
    raw(&value, sizeof value);
  } else if constexpr (std::is_same_v<T, std::string>) {
    std::uint64_t size = 0;
    get(size);
    if (size > in_.size()) throw std::runtime_error("wire: message ends early");
    value.assign(in_.data(), static_cast<std::size_t>(size));
    in_.remove_prefix(static_cast<std::size_t>(size));
  } else if constexpr (wire_detail::is_optional<T>::value) {
    bool present = false;
    get(present);
    if (present) {
      value.emplace();
      get(*value);
    } else {
      value.reset();
    }
  } else if constexpr (wire_detail::is_shared_ptr<T>::value) {
    bool present = false;
    get(present);
    if (present) {
      auto made = std::make_shared<std::remove_const_t<typename T::element_type>>();
      get(*made);
      value = std::move(made);
    } else {
      value.reset();
    }
  } else if constexpr (wire_detail::is_vector<T>::value) {
    std::uint64_t size = 0;
    get(size);
    using Element = typename T::value_type;
    if constexpr (std::is_arithmetic_v<Element> && !std::is_same_v<Element, bool>) {
      if (size > in_.size() / sizeof(Element)) throw std::runtime_error("wire: message ends early");
      value.resize(static_cast<std::size_t>(size));
      raw(value.data(), value.size() * sizeof(Element));
    } else {
      if (size > in_.size()) throw std::runtime_error("wire: message ends early");  // every element takes a byte
      value.clear();
      value.resize(static_cast<std::size_t>(size));
      for (auto& element : value) get(element);
    }
  } else if constexpr (wire_detail::is_array<T>::value) {
    for (auto& element : value) get(element);
  } else if constexpr (wire_detail::is_pair<T>::value) {
    get(value.first);
    get(value.second);
  } else if constexpr (wire_detail::is_duration<T>::value) {
    typename T::rep count{};
    get(count);
    value = T(count);
  } else {
    wire_fields(*this, value);
  }
}

// The types of grid/ and input/ (the libraries under pipeline/).
template <class Wire>
void wire_fields(Wire& wire, Shape& shape) {
  wire(shape.n, shape.box_rows, shape.box_cols);
}
template <class Wire>
void wire_fields(Wire& wire, Grid& grid) {
  wire(grid.shape, grid.cells);
}
template <class Wire>
void wire_fields(Wire& wire, Clash& clash) {
  wire(clash.cell_a, clash.cell_b, clash.digit, clash.house);
}
template <class Wire>
void wire_fields(Wire& wire, House& house) {
  wire(house.kind, house.number, house.cells);
}
template <class Wire>
void wire_fields(Wire& wire, Cage& cage) {
  wire(cage.sum, cage.cells);
}
template <class Wire>
void wire_fields(Wire& wire, Rules& rules) {
  wire(rules.variant, rules.shape, rules.houses, rules.region_of, rules.cages, rules.cage_of);
}
template <class Wire>
void wire_fields(Wire& wire, Record& record) {
  wire(record.number, record.source, record.line, record.grid, record.error, record.text, record.solution, record.fields,
       record.rules);
}

/// `value` as bytes (appended to `out`).
template <class T>
void wire_append(std::string& out, const T& value) {
  WireWriter writer(out);
  writer(value);
}

}  // namespace sudokit
