// text_encodings: see text_encodings.hpp.
#include "stages/core/text_encodings.hpp"

#include <cctype>
#include <cstdio>

#include "stages/core/utf8_encode.hpp"
#include "stages/core/utf8_validation.hpp"

namespace tributary {
namespace {

// PostgreSQL 15's encodings (pg_enc2name_tbl) and the other names pg_encname_tbl
// gives them, cleaned as clean_encoding_name does (lower case, letters and digits).
struct encoding_name {
  const char* clean;
  const char* canonical;
};

constexpr encoding_name encoding_names[] = {
    {"utf8", "UTF8"},          {"unicode", "UTF8"},        {"latin1", "LATIN1"},
    {"iso88591", "LATIN1"},    {"sqlascii", "SQL_ASCII"},  {"latin2", "LATIN2"},
    {"iso88592", "LATIN2"},    {"latin3", "LATIN3"},       {"iso88593", "LATIN3"},
    {"latin4", "LATIN4"},      {"iso88594", "LATIN4"},     {"latin5", "LATIN5"},
    {"iso88599", "LATIN5"},    {"latin6", "LATIN6"},       {"iso885910", "LATIN6"},
    {"latin7", "LATIN7"},      {"iso885913", "LATIN7"},    {"latin8", "LATIN8"},
    {"iso885914", "LATIN8"},   {"latin9", "LATIN9"},       {"iso885915", "LATIN9"},
    {"latin10", "LATIN10"},    {"iso885916", "LATIN10"},   {"iso88595", "ISO_8859_5"},
    {"iso88596", "ISO_8859_6"}, {"iso88597", "ISO_8859_7"}, {"iso88598", "ISO_8859_8"},
    {"win1250", "WIN1250"},    {"win1251", "WIN1251"},     {"win1252", "WIN1252"},
    {"win1253", "WIN1253"},    {"win1254", "WIN1254"},     {"win1255", "WIN1255"},
    {"win1256", "WIN1256"},    {"win1257", "WIN1257"},     {"win1258", "WIN1258"},
    {"win866", "WIN866"},      {"win874", "WIN874"},       {"koi8r", "KOI8R"},
    {"koi8u", "KOI8U"},        {"eucjp", "EUC_JP"},        {"euccn", "EUC_CN"},
    {"euckr", "EUC_KR"},       {"euctw", "EUC_TW"},        {"eucjis2004", "EUC_JIS_2004"},
    {"mulecode", "MULE_INTERNAL"}, {"sjis", "SJIS"},       {"big5", "BIG5"},
    {"gbk", "GBK"},            {"uhc", "UHC"},             {"gb18030", "GB18030"},
    {"johab", "JOHAB"},        {"shiftjis2004", "SHIFT_JIS_2004"},
};

std::string clean_name(std::string_view name) {
  std::string out;
  for (char c : name)
    if (std::isalnum(static_cast<unsigned char>(c)))
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string byte_list(std::string_view bytes) {
  std::string out;
  char hex[8];
  for (unsigned char b : bytes) {
    std::snprintf(hex, sizeof hex, "%s0x%02x", out.empty() ? "" : " ", b);
    out += hex;
  }
  return out;
}

result<ok_t, pg_error> check_source(std::string_view bytes, const named_encoding& from) {
  if (from.encoding == text_encoding::utf8)
    return check_utf8(bytes);
  for (char c : bytes)  // single-byte encodings refuse only a NUL
    if (c == '\0')
      return fail(make_pg_error("22021", "invalid byte sequence for encoding \"" + from.name + "\": 0x00"));
  return ok_t{};
}

}  // namespace

std::optional<named_encoding> find_encoding(std::string_view name) {
  const std::string clean = clean_name(name);
  for (const encoding_name& e : encoding_names) {
    if (clean != e.clean)
      continue;
    const std::string canonical = e.canonical;
    const text_encoding encoding = canonical == "UTF8"        ? text_encoding::utf8
                                   : canonical == "LATIN1"    ? text_encoding::latin1
                                   : canonical == "SQL_ASCII" ? text_encoding::sql_ascii
                                                              : text_encoding::unsupported;
    return named_encoding{encoding, canonical};
  }
  return std::nullopt;
}

result<std::string, pg_error> convert_encoding(std::string_view bytes, const named_encoding& from,
                                               const named_encoding& to) {
  if (auto checked = check_source(bytes, from); !checked)
    return fail(checked.error());
  if (from.encoding == to.encoding || from.encoding == text_encoding::sql_ascii ||
      to.encoding == text_encoding::sql_ascii)
    return std::string(bytes);
  std::string out;
  if (from.encoding == text_encoding::latin1) {  // to UTF8: every byte is its code point
    for (unsigned char b : bytes)
      append_utf8(out, b);
    return out;
  }
  for (size_t i = 0; i < bytes.size();) {  // UTF8 to LATIN1: code points below 256
    const size_t length = utf8_sequence_length(static_cast<unsigned char>(bytes[i]));
    const std::string_view sequence = bytes.substr(i, length);
    uint32_t code = static_cast<unsigned char>(sequence[0]);
    if (length > 1) {
      code &= 0x7Fu >> length;
      for (size_t k = 1; k < sequence.size(); ++k)
        code = (code << 6) | (static_cast<unsigned char>(sequence[k]) & 0x3Fu);
    }
    if (code > 0xFF)
      return fail(make_pg_error("22P05", "character with byte sequence " + byte_list(sequence) +
                                             " in encoding \"UTF8\" has no equivalent in encoding \"" + to.name +
                                             "\""));
    out += static_cast<char>(code);
    i += length;
  }
  return out;
}

}  // namespace tributary
