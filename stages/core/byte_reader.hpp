// byte_reader: a bounds-checked big-endian cursor over a byte string.
//
// Role: the one place where wire bytes are turned into integers, strings and
// byte runs. Every read checks the bytes left first; a read that does not fit
// returns a read_error (where it started, what it needed, what was left) and
// leaves the cursor where it was. Nothing is ever read past the end, nothing
// throws, and nothing is allocated: strings and byte runs are views into the
// input, which must outlive the reader.
//
// Input: a std::string_view (no ownership). Output: values or read_error.
// Integers are network order (big-endian), as everywhere in the PostgreSQL
// protocol. A "C string" is bytes up to (not including) a single NUL.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>

#include "stages/core/result.hpp"

namespace tributary {

struct read_error {
  enum class reason { too_short, unterminated_string };
  reason why = reason::too_short;
  size_t offset = 0;     // where the failed read started
  size_t needed = 0;     // bytes the read needed (too_short)
  size_t available = 0;  // bytes that were left
};

class byte_reader {
public:
  explicit byte_reader(std::string_view bytes) : bytes_(bytes) {}

  size_t offset() const { return offset_; }
  size_t size() const { return bytes_.size(); }
  size_t remaining() const { return bytes_.size() - offset_; }
  bool at_end() const { return offset_ == bytes_.size(); }

  result<uint8_t, read_error> u8() { return read_int<uint8_t>(); }
  result<uint16_t, read_error> u16() { return read_int<uint16_t>(); }
  result<uint32_t, read_error> u32() { return read_int<uint32_t>(); }
  result<uint64_t, read_error> u64() { return read_int<uint64_t>(); }
  result<int8_t, read_error> i8() { return read_int<int8_t>(); }
  result<int16_t, read_error> i16() { return read_int<int16_t>(); }
  result<int32_t, read_error> i32() { return read_int<int32_t>(); }
  result<int64_t, read_error> i64() { return read_int<int64_t>(); }

  // The next n bytes.
  result<std::string_view, read_error> bytes(size_t n) {
    if (n > remaining())
      return fail(too_short(n));
    auto out = bytes_.substr(offset_, n);
    offset_ += n;
    return out;
  }

  // Bytes up to the next NUL; the cursor moves past the NUL.
  result<std::string_view, read_error> cstring() {
    auto end = bytes_.find('\0', offset_);
    if (end == std::string_view::npos)
      return fail(read_error{read_error::reason::unterminated_string, offset_, 0, remaining()});
    auto out = bytes_.substr(offset_, end - offset_);
    offset_ = end + 1;
    return out;
  }

private:
  template <class T>
  result<T, read_error> read_int() {
    static_assert(std::is_integral_v<T>);
    if (sizeof(T) > remaining())
      return fail(too_short(sizeof(T)));
    uint64_t v = 0;
    for (size_t i = 0; i < sizeof(T); ++i)
      v = (v << 8) | static_cast<unsigned char>(bytes_[offset_ + i]);
    offset_ += sizeof(T);
    // Two's complement reinterpretation for the signed types (well-defined in C++20).
    return static_cast<T>(static_cast<std::make_unsigned_t<T>>(v));
  }

  read_error too_short(size_t n) const {
    return read_error{read_error::reason::too_short, offset_, n, remaining()};
  }

  std::string_view bytes_;
  size_t offset_ = 0;
};

}  // namespace tributary
