// text_encodings: convert_to / convert_from / convert between the server encoding
// (UTF8) and the encodings Tributary converts: UTF8, LATIN1 (ISO 8859-1) and
// SQL_ASCII, as PostgreSQL 15's pg_convert does.
//
//   find_encoding      an encoding's name as pg_char_to_encoding reads it (case and
//                      characters other than letters and digits ignored: "utf-8",
//                      "Latin1", "ISO_8859_1"); a PostgreSQL encoding Tributary does
//                      not convert is `unsupported`; nullopt for no encoding at all
//   convert_encoding   the bytes in another encoding: the source checked first
//                      (22021 invalid byte sequence for encoding "UTF8": 0xff; LATIN1
//                      and SQL_ASCII refuse only a NUL byte), then converted (22P05 character with
//                      byte sequence 0xe6 0x97 0xa5 in encoding "UTF8" has no
//                      equivalent in encoding "LATIN1"); SQL_ASCII on either side
//                      converts nothing.
// Pure.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary {

enum class text_encoding { utf8, latin1, sql_ascii, unsupported };

struct named_encoding {
  text_encoding encoding;
  std::string name;  // PostgreSQL's canonical name ("UTF8", "LATIN1", "WIN1252", ...)
};

std::optional<named_encoding> find_encoding(std::string_view name);

result<std::string, pg_error> convert_encoding(std::string_view bytes, const named_encoding& from,
                                               const named_encoding& to);

}  // namespace tributary
