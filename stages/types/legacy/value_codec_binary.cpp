// value_codec_binary: the binary format of a value (what the type's send function
// wrote on the publisher) -> the same sql_value its text format would give.
//
// Layouts (network byte order; "µs" = microseconds, epoch 2000-01-01):
//   int2/int4/int8   2/4/8-byte signed            oid     4-byte unsigned
//   float4/float8    IEEE 754 single/double       bool    1 byte, non-zero = true
//   text-like, json  the characters               jsonb   version byte 1, then text
//   "char"           1 byte                       bytea   the bytes
//   uuid             16 bytes
//   numeric          int16 ndigits, int16 weight, uint16 sign, uint16 dscale,
//                    ndigits base-10000 digits (the first has weight `weight`)
//   date             int32 days                   time    int64 µs
//   timetz           int64 µs, int32 zone (seconds west of UTC)
//   timestamp(tz)    int64 µs                     interval int64 µs, int32 days, int32 months
// A value whose length does not fit its type, or whose fields are outside what
// the type's receive function accepts, is a codec_error; nothing is read past
// the given bytes. A type not listed is "binary format is not supported".
#include <cstring>

#include "stages/core/byte_reader.hpp"
#include "stages/types/datetime/pg_datetime_format.hpp"
#include "stages/types/numeric/pg_float_format.hpp"
#include "stages/types/numeric/pg_numeric_format.hpp"
#include "stages/types/pg_type_oids.hpp"
#include "stages/types/legacy/value_codec.hpp"

namespace tributary {
namespace {

namespace oids = pg_type_oid;

using decoded = result<sql_value, codec_error>;

codec_error wrong_length(oid_t type_oid, size_t length) {
  return codec_error{"incorrect binary data format for type " + pg_type_name(type_oid) +
                     " (length " + std::to_string(length) + ")"};
}

// Reads one fixed-size big-endian integer after its length was checked.
template <class T>
T read_exact(byte_reader& in) {
  if constexpr (sizeof(T) == 2)
    return static_cast<T>(in.u16().value());
  else if constexpr (sizeof(T) == 4)
    return static_cast<T>(in.u32().value());
  else
    return static_cast<T>(in.u64().value());
}

template <class T>
decoded decode_integer(oid_t type_oid, std::string_view bytes) {
  if (bytes.size() != sizeof(T))
    return fail(wrong_length(type_oid, bytes.size()));
  byte_reader in(bytes);
  return sql_value{static_cast<int64_t>(read_exact<T>(in))};
}

// A float4 becomes the double of the decimal float4out prints for it, so binary
// 1.1f gives 1.1, exactly like the text "1.1".
decoded decode_float4(std::string_view bytes) {
  if (bytes.size() != 4)
    return fail(wrong_length(oids::float4, bytes.size()));
  byte_reader in(bytes);
  const auto bits = read_exact<uint32_t>(in);
  float value;
  std::memcpy(&value, &bits, sizeof value);
  return sql_value_from_double(float4_printed_value(value));
}

decoded decode_float8(std::string_view bytes) {
  if (bytes.size() != 8)
    return fail(wrong_length(oids::float8, bytes.size()));
  byte_reader in(bytes);
  const auto bits = read_exact<uint64_t>(in);
  double value;
  std::memcpy(&value, &bits, sizeof value);
  return sql_value_from_double(value);
}

decoded decode_bool(std::string_view bytes) {
  if (bytes.size() != 1)
    return fail(wrong_length(oids::boolean, bytes.size()));
  return sql_value{int64_t{bytes[0] != 0 ? 1 : 0}};
}

// charout: a zero byte prints as "", a byte with the high bit set as "\ooo".
decoded decode_char(std::string_view bytes) {
  if (bytes.size() != 1)
    return fail(wrong_length(oids::char_type, bytes.size()));
  const auto byte = static_cast<unsigned char>(bytes[0]);
  if (byte == 0)
    return sql_value{std::string()};
  if (byte < 0x80)
    return sql_value{std::string(1, static_cast<char>(byte))};
  std::string out = "\\";
  out += static_cast<char>('0' + (byte >> 6));
  out += static_cast<char>('0' + ((byte >> 3) & 7));
  out += static_cast<char>('0' + (byte & 7));
  return sql_value{std::move(out)};
}

decoded decode_jsonb(std::string_view bytes) {
  if (bytes.empty())
    return fail(wrong_length(oids::jsonb, 0));
  if (bytes[0] != 1)
    return fail(codec_error{"unsupported jsonb version number " +
                            std::to_string(static_cast<unsigned char>(bytes[0]))});
  return sql_value{std::string(bytes.substr(1))};
}

decoded decode_uuid(std::string_view bytes) {
  if (bytes.size() != 16)
    return fail(wrong_length(oids::uuid, bytes.size()));
  static constexpr char hex[] = "0123456789abcdef";
  std::string out;
  out.reserve(36);
  for (size_t i = 0; i < 16; ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10)
      out += '-';
    const auto byte = static_cast<unsigned char>(bytes[i]);
    out += hex[byte >> 4];
    out += hex[byte & 15];
  }
  return sql_value{std::move(out)};
}

// numeric and the date/time types are printed by pg_numeric_format and
// pg_datetime_format.
decoded from_formatted(result<std::string, codec_error> text) {
  if (!text)
    return fail(std::move(text.error()));
  return sql_value{std::move(text).value()};
}

decoded decode_date(std::string_view bytes) {
  if (bytes.size() != 4)
    return fail(wrong_length(oids::date, bytes.size()));
  byte_reader in(bytes);
  return from_formatted(format_pg_date(read_exact<int32_t>(in)));
}

decoded decode_time(std::string_view bytes) {
  if (bytes.size() != 8)
    return fail(wrong_length(oids::time, bytes.size()));
  byte_reader in(bytes);
  return from_formatted(format_pg_time(read_exact<int64_t>(in)));
}

decoded decode_timetz(std::string_view bytes) {
  if (bytes.size() != 12)
    return fail(wrong_length(oids::timetz, bytes.size()));
  byte_reader in(bytes);
  const auto usecs = read_exact<int64_t>(in);
  const auto zone = read_exact<int32_t>(in);
  return from_formatted(format_pg_timetz(usecs, zone));
}

decoded decode_timestamp(oid_t type_oid, std::string_view bytes) {
  if (bytes.size() != 8)
    return fail(wrong_length(type_oid, bytes.size()));
  byte_reader in(bytes);
  return from_formatted(
      format_pg_timestamp(read_exact<int64_t>(in), type_oid == oids::timestamptz));
}

decoded decode_interval(std::string_view bytes) {
  if (bytes.size() != 16)
    return fail(wrong_length(oids::interval, bytes.size()));
  byte_reader in(bytes);
  const auto usecs = read_exact<int64_t>(in);
  const auto days = read_exact<int32_t>(in);
  const auto months = read_exact<int32_t>(in);
  return sql_value{format_pg_interval(usecs, days, months)};
}

}  // namespace

decoded decode_binary_value(oid_t type_oid, std::string_view bytes) {
  switch (type_oid) {
    case oids::int2: return decode_integer<int16_t>(type_oid, bytes);
    case oids::int4: return decode_integer<int32_t>(type_oid, bytes);
    case oids::int8: return decode_integer<int64_t>(type_oid, bytes);
    case oids::oid: return decode_integer<uint32_t>(type_oid, bytes);
    case oids::float4: return decode_float4(bytes);
    case oids::float8: return decode_float8(bytes);
    case oids::boolean: return decode_bool(bytes);
    case oids::char_type: return decode_char(bytes);
    case oids::text:
    case oids::varchar:
    case oids::bpchar:
    case oids::name:
    case oids::json:
      return sql_value{std::string(bytes)};
    case oids::jsonb: return decode_jsonb(bytes);
    case oids::bytea: return sql_value{sql_blob{std::string(bytes)}};
    case oids::uuid: return decode_uuid(bytes);
    case oids::numeric: return from_formatted(format_pg_numeric(bytes));
    case oids::date: return decode_date(bytes);
    case oids::time: return decode_time(bytes);
    case oids::timetz: return decode_timetz(bytes);
    case oids::timestamp:
    case oids::timestamptz:
      return decode_timestamp(type_oid, bytes);
    case oids::interval: return decode_interval(bytes);
    default:
      return fail(codec_error{"binary format is not supported for type with OID " +
                              std::to_string(type_oid)});
  }
}

}  // namespace tributary
