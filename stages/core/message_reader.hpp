// message_reader: reads the fields of one protocol message and keeps the first
// thing that went wrong, as a protocol_error naming the message and the offset.
//
// Role: lets a message layout be written field after field, the way the
// protocol documents it, and checked once at the end. After the first failure
// (a read past the end, or a check that called fail_at) the reader is "failed":
// further reads return 0 / empty without touching the input, and later
// failures are ignored, so the error reported is always the first one.
//
// Callers must still stop loops and must not size allocations from a value read
// while failed (such values are 0, so this holds by construction), and must
// check remaining() before reserving for a count read from the wire.
//
// States: reading --(read past end | fail_at)--> failed.  finish() turns the
// final state into result<T, protocol_error>, rejecting trailing bytes.
#pragma once

#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "stages/core/byte_reader.hpp"
#include "stages/core/lsn.hpp"
#include "stages/pgoutput/protocol_error.hpp"
#include "stages/core/result.hpp"

namespace tributary {

// 'x' for a printable byte, 0x07 otherwise: for error details.
inline std::string describe_byte(uint8_t b) {
  char buf[8];
  if (b >= 0x20 && b < 0x7f)
    std::snprintf(buf, sizeof buf, "'%c'", static_cast<char>(b));
  else
    std::snprintf(buf, sizeof buf, "0x%02x", static_cast<unsigned>(b));
  return buf;
}

class message_reader {
public:
  message_reader(std::string_view bytes, std::string kind)
      : reader_(bytes), kind_(std::move(kind)) {}

  // Names the message once its type byte is known.
  void set_kind(std::string kind) { kind_ = std::move(kind); }
  const std::string& kind() const { return kind_; }

  bool ok() const { return !error_.has_value(); }
  size_t offset() const { return reader_.offset(); }
  size_t remaining() const { return reader_.remaining(); }

  uint8_t u8() { return take(&byte_reader::u8); }
  uint16_t u16() { return take(&byte_reader::u16); }
  uint32_t u32() { return take(&byte_reader::u32); }
  int32_t i32() { return take(&byte_reader::i32); }
  int64_t i64() { return take(&byte_reader::i64); }
  lsn lsn_field() { return lsn{take(&byte_reader::u64)}; }

  std::string cstring() {
    if (!ok())
      return {};
    auto r = reader_.cstring();
    if (!r) {
      record(r.error());
      return {};
    }
    return std::string(*r);
  }

  // The next n bytes as a copy (view(n) without the copy's lifetime concern).
  std::string bytes(size_t n) { return std::string(view(n)); }

  // The next n bytes as a view into the message (no copy): valid as long as
  // the bytes the reader was given.
  std::string_view view(size_t n) {
    if (!ok())
      return {};
    auto r = reader_.bytes(n);
    if (!r) {
      record(r.error());
      return {};
    }
    return *r;
  }

  // Records a semantic failure at a byte offset (first failure wins).
  void fail_at(size_t at, std::string detail) {
    if (ok())
      error_ = protocol_error{kind_, at, std::move(detail)};
  }

  // The message must end here.
  void expect_end() {
    if (ok() && remaining() != 0)
      fail_at(offset(), std::to_string(remaining()) + " trailing byte(s) after the end of the message");
  }

  const protocol_error& error() const { return *error_; }

  // Checks for trailing bytes, then gives the value or the first failure.
  template <class T>
  result<T, protocol_error> finish(T value) {
    expect_end();
    if (!ok())
      return fail(*error_);
    return value;
  }

private:
  template <class T>
  T take(result<T, read_error> (byte_reader::*read)()) {
    if (!ok())
      return T{};
    auto r = (reader_.*read)();
    if (!r) {
      record(r.error());
      return T{};
    }
    return *r;
  }

  void record(const read_error& e) {
    if (e.why == read_error::reason::unterminated_string)
      fail_at(e.offset, "string is not NUL-terminated (" + std::to_string(e.available) +
                            " byte(s) left)");
    else
      fail_at(e.offset, "message truncated: field needs " + std::to_string(e.needed) +
                            " byte(s), " + std::to_string(e.available) + " left");
  }

  byte_reader reader_;
  std::string kind_;
  std::optional<protocol_error> error_;
};

}  // namespace tributary
