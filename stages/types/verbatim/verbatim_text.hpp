// verbatim_text: the shared half of the codecs whose stored form is the value's
// text exactly as PostgreSQL's output function prints it with the publisher's
// settings (jsonb, pg_lsn, inet/cidr, macaddr/macaddr8, point, arrays, ranges,
// geometric types).
//
// The publisher only sends canonical text, so the bulk copy binds it without
// parsing (text_is_stored_as_received); a local literal is read by each type's
// input function and stored as that canonical text (parse_text). Their
// parse_binary turns the type's receive format into that canonical text, their
// format_binary the stored text back into the send format (in each type's file).
//
// Also here: the errors PostgreSQL's message reader (pqformat.c) reports when a
// receive function reads past the end or leaves bytes unread.
#pragma once

#include <string>
#include <string_view>

#include "stages/types/type_codec.hpp"

namespace tributary {

// The stored text; a value of another storage class (another tool's) as text.
inline std::string verbatim_stored_text(const sql_value& stored) {
  if (const auto* text = std::get_if<std::string>(&stored))
    return *text;
  if (const auto* integer = std::get_if<int64_t>(&stored))
    return std::to_string(*integer);
  if (const auto* blob = std::get_if<sql_blob>(&stored))
    return blob->bytes;
  if (const auto* real = std::get_if<double>(&stored))
    return std::to_string(*real);
  return {};
}

inline std::string format_verbatim_text(const column_type&, const sql_value& stored,
                                        const type_settings&) {
  return verbatim_stored_text(stored);
}

// pq_getmsgbyte past the end.
inline pg_error no_data_left() { return make_pg_error("08P01", "no data left in message"); }
// pq_getmsgint / pq_getmsgbytes past the end.
inline pg_error insufficient_data_left() {
  return make_pg_error("08P01", "insufficient data left in message");
}
// A receive function that did not consume its whole value.
inline pg_error unconsumed_binary_data() {
  return invalid_binary_representation("incorrect binary data format");
}

// Big-endian integers, as the send functions write them.
inline void append_be(std::string& out, uint64_t value, int bytes) {
  for (int i = bytes - 1; i >= 0; --i)
    out += static_cast<char>((value >> (8 * i)) & 0xFF);
}

inline uint64_t read_be(std::string_view bytes, size_t at, int count) {
  uint64_t value = 0;
  for (int i = 0; i < count; ++i)
    value = (value << 8) | static_cast<unsigned char>(bytes[at + static_cast<size_t>(i)]);
  return value;
}

}  // namespace tributary
