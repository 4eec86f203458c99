// sql_functions_bytes: PostgreSQL 15's binary-string functions on bytea's stored form
// (a BLOB of the bytes) for translated queries (stages/sql/translator/bytea_functions.cpp),
// as utils/adt/encode.c and cryptohashfuncs.c compute them:
//
//   pg_encode(bytes, format)    text: base64 (a newline after every 76 characters
//                               written, as pg_base64_encode), hex (lower case),
//                               escape (\\ for a backslash, \ooo for NUL and bytes
//                               with the high bit set)
//   pg_decode(text, format)     the bytes: base64 (spaces, tabs and newlines skipped;
//                               "=" ends a group); hex and escape by byteain's readers
//                               (stages/types/scalar/bytea_text.hpp)
//   pg_digest(name, bytes)      sha224 / sha256 / sha384 / sha512 (OpenSSL's)
//   pg_convert(bytes, from, to, as_text)   the bytes in another encoding
//                               (stages/core/text_encodings.hpp): 22023 invalid source /
//                               destination encoding name "x"; 0A000 for an encoding
//                               other than UTF8, LATIN1 and SQL_ASCII
// Errors: 22023 unrecognized encoding: "x"; invalid symbol "c" found while decoding
// base64 sequence; unexpected "=" while decoding base64 sequence; invalid base64 end
// sequence (with its HINT); invalid hexadecimal digit: "c"; invalid hexadecimal data:
// odd number of digits; 22P02 invalid input syntax for type bytea. NULL in, NULL out.
#include <openssl/evp.h>
#include <sqlite3.h>

#include <cstdint>
#include <optional>
#include <string>
#include <strings.h>

#include "stages/core/text_encodings.hpp"
#include "stages/types/scalar/bytea_text.hpp"
#include "storage/sql_function_support.hpp"

namespace tributary::sql_function_support {
namespace {

constexpr char base64_digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

std::string bytes_of(sqlite3_value* value) {
  const auto* p = static_cast<const char*>(sqlite3_value_blob(value));
  return p ? std::string(p, static_cast<size_t>(sqlite3_value_bytes(value))) : std::string();
}

void return_bytes(sqlite3_context* context, const std::string& bytes) {
  if (bytes.empty())
    return sqlite3_result_zeroblob(context, 0);
  sqlite3_result_blob(context, bytes.data(), static_cast<int>(bytes.size()), SQLITE_TRANSIENT);
}

pg_error invalid_parameter(std::string message, std::string hint = {}) {
  return make_pg_error("22023", std::move(message), {}, std::move(hint));
}

// The character starting at `at` (a whole UTF-8 sequence), for the messages.
std::string character_at(const std::string& text, size_t at) {
  const auto lead = static_cast<unsigned char>(text[at]);
  const size_t length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
  return text.substr(at, length);
}

std::string base64_encode(const std::string& in) {
  std::string out;
  size_t line_end = 76;
  uint32_t buffer = 0;
  int position = 2;
  for (unsigned char c : in) {
    buffer |= uint32_t{c} << (position * 8);
    if (--position < 0) {
      for (int shift : {18, 12, 6, 0})
        out += base64_digits[(buffer >> shift) & 0x3f];
      position = 2;
      buffer = 0;
    }
    if (out.size() >= line_end) {
      out += '\n';
      line_end = out.size() + 76;
    }
  }
  if (position != 2) {
    out += base64_digits[(buffer >> 18) & 0x3f];
    out += base64_digits[(buffer >> 12) & 0x3f];
    out += position == 0 ? base64_digits[(buffer >> 6) & 0x3f] : '=';
    out += '=';
  }
  return out;
}

result<std::string, pg_error> base64_decode(const std::string& in) {
  std::string out;
  uint32_t buffer = 0;
  int position = 0, end = 0;
  for (size_t i = 0; i < in.size(); ++i) {
    const char c = in[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
      continue;
    int value = 0;
    if (c == '=') {
      if (end == 0) {
        if (position == 2)
          end = 1;
        else if (position == 3)
          end = 2;
        else
          return fail(invalid_parameter("unexpected \"=\" while decoding base64 sequence"));
      }
    } else {
      const char* found = c > 0 ? std::char_traits<char>::find(base64_digits, 64, c) : nullptr;
      if (found == nullptr)
        return fail(invalid_parameter("invalid symbol \"" + character_at(in, i) +
                                      "\" found while decoding base64 sequence"));
      value = static_cast<int>(found - base64_digits);
    }
    buffer = (buffer << 6) + static_cast<uint32_t>(value);
    if (++position == 4) {
      out += static_cast<char>((buffer >> 16) & 255);
      if (end == 0 || end > 1)
        out += static_cast<char>((buffer >> 8) & 255);
      if (end == 0 || end > 2)
        out += static_cast<char>(buffer & 255);
      buffer = 0;
      position = 0;
    }
  }
  if (position != 0)
    return fail(invalid_parameter("invalid base64 end sequence",
                                  "Input data is missing padding, is truncated, or is otherwise corrupted."));
  return out;
}

std::string hex_encode(const std::string& in) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  for (unsigned char c : in) {
    out += digits[c >> 4];
    out += digits[c & 15];
  }
  return out;
}

// esc_encode: NUL and bytes with the high bit set as \ooo, a backslash doubled (unlike
// byteaout's escape format, which also escapes the other control bytes).
std::string escape_encode(const std::string& in) {
  std::string out;
  for (unsigned char c : in) {
    if (c == 0 || c >= 0x80) {
      out += '\\';
      out += static_cast<char>('0' + (c >> 6));
      out += static_cast<char>('0' + ((c >> 3) & 7));
      out += static_cast<char>('0' + (c & 7));
    } else if (c == '\\') {
      out += "\\\\";
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

enum class encoding { base64, hex, escape };

std::optional<encoding> encoding_named(sqlite3_context* context, const std::string& name) {
  if (strcasecmp(name.c_str(), "base64") == 0)
    return encoding::base64;
  if (strcasecmp(name.c_str(), "hex") == 0)
    return encoding::hex;
  if (strcasecmp(name.c_str(), "escape") == 0)
    return encoding::escape;
  report(context, invalid_parameter("unrecognized encoding: \"" + name + "\""));
  return std::nullopt;
}

void encode(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const auto format = encoding_named(context, text_of(argv[1]));
  if (!format)
    return;
  const std::string bytes = bytes_of(argv[0]);
  return_text(context, *format == encoding::base64 ? base64_encode(bytes)
                       : *format == encoding::hex  ? hex_encode(bytes)
                                                   : escape_encode(bytes));
}

void decode(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const auto format = encoding_named(context, text_of(argv[1]));
  if (!format)
    return;
  const std::string text = text_of(argv[0]);
  if (*format == encoding::base64) {
    const auto bytes = base64_decode(text);
    if (!bytes)
      return report(context, bytes.error());
    return return_bytes(context, *bytes);
  }
  // byteain's readers (stages/types/scalar/bytea_text.hpp)
  const auto bytes = *format == encoding::hex ? decode_bytea_hex(text) : decode_bytea_escape(text);
  if (!bytes)
    return report(context, bytes.error());
  return_bytes(context, std::get<sql_blob>(*bytes).bytes);
}

void digest(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const std::string name = text_of(argv[0]);
  const EVP_MD* algorithm = name == "sha224"   ? EVP_sha224()
                            : name == "sha256" ? EVP_sha256()
                            : name == "sha384" ? EVP_sha384()
                                               : EVP_sha512();
  const std::string bytes = bytes_of(argv[1]);
  unsigned char out[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), out, &length, algorithm, nullptr) != 1)
    return report(context, make_pg_error("XX000", "could not compute " + name + " hash"));
  return_bytes(context, std::string(reinterpret_cast<const char*>(out), length));
}

// pg_convert(bytes, source, destination, as_text): the bytes from one encoding into
// another (stages/core/text_encodings.hpp), text when as_text (convert_from's UTF8).
void convert(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const std::string source_name = text_of(argv[1]), destination_name = text_of(argv[2]);
  const auto source = find_encoding(source_name);
  if (!source)
    return report(context, invalid_parameter("invalid source encoding name \"" + source_name + "\""));
  const auto destination = find_encoding(destination_name);
  if (!destination)
    return report(context, invalid_parameter("invalid destination encoding name \"" + destination_name + "\""));
  if ((source->encoding == text_encoding::unsupported || destination->encoding == text_encoding::unsupported) &&
      source->name != destination->name)
    return report(context, make_pg_error("0A000", "conversion from " + source->name + " to " + destination->name +
                                                      " is not supported yet"));
  auto converted = convert_encoding(bytes_of(argv[0]), *source, *destination);
  if (!converted)
    return report(context, converted.error());
  if (sqlite3_value_int(argv[3]) != 0)
    return return_text(context, *converted);
  return_bytes(context, *converted);
}

}  // namespace

void register_bytes_functions(sqlite3* db, connection_state* state) {
  constexpr int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC;
  sqlite3_create_function_v2(db, "pg_encode", 2, flags, state, encode, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_decode", 2, flags, state, decode, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_digest", 2, flags, state, digest, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_convert", 4, flags, state, convert, nullptr, nullptr, nullptr);
}

}  // namespace tributary::sql_function_support
