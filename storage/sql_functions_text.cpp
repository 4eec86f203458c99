// sql_functions_text: PostgreSQL's string functions on text stored forms (UTF-8),
// counting characters, not bytes, as PostgreSQL does in a UTF8 database.
//
//   pg_like(s, pattern, escape, fold)  LIKE / ILIKE: % any run, _ one character,
//                                 `escape` ('' = none) quotes the next one; fold = 1
//                                 compares ASCII letters case-insensitively (ILIKE
//                                 under the C locale). 22025 LIKE pattern must not end
//                                 with escape character; 22025 invalid escape string
//   pg_substr(s, start[, count])  substring / substr: characters start .. start+count-1
//                                 (positions before 1 count, as PostgreSQL); 22011
//                                 negative substring length not allowed
//   pg_strpos(s, needle)          position / strpos: 1-based character index, 0 = none
//   pg_split_part(s, delim, n)    n < 0 counts from the end; 22023 field position
//                                 must not be zero
//   pg_left(s, n) / pg_right(s, n)   n < 0: all but |n| characters
//   pg_pad(s, length, fill, left)    lpad / rpad (a longer s is cut to length)
//   pg_repeat(s, n)               54000 requested length too large past 1 GB
//   pg_reverse(s), pg_initcap(s)  initcap as under the C locale (ASCII letters and
//                                 digits make words)
//   pg_starts_with(s, prefix)     boolean
//   pg_md5(s)                     32 lower-case hex digits
//   pg_concat_ws(sep, ...)        NULL arguments skipped; NULL separator -> NULL
//   pg_translate(s, from, to)     each character of `from` replaced by the one at its
//                                 place in `to`, deleted past its end (first one wins)
//   pg_chr(n)                     the character of code point n; 54000 null character
//                                 not permitted / requested character too large for
//                                 encoding / not valid for encoding; 22023 character
//                                 number must be positive
//   pg_ascii(s)                   the first character's code point, 0 for ''
//   pg_string_to_array(s, delimiter, null_string)   string_to_array's text[] (a NULL
//                                 delimiter: each character; '': s whole; '' s: {})
// Any NULL argument gives NULL (but pg_concat_ws's values).
#include <sqlite3.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <vector>

#include "stages/core/utf8_encode.hpp"
#include "stages/sql/format_function.hpp"
#include "stages/types/verbatim/array_text.hpp"
#include "storage/sql_function_support.hpp"

namespace tributary::sql_function_support {
namespace {

// The characters of a UTF-8 text, each as its bytes.
std::vector<std::string_view> characters(const std::string& text) {
  std::vector<std::string_view> out;
  for (size_t i = 0; i < text.size();) {
    size_t length = 1;
    const auto lead = static_cast<unsigned char>(text[i]);
    if (lead >= 0xF0)
      length = 4;
    else if (lead >= 0xE0)
      length = 3;
    else if (lead >= 0xC0)
      length = 2;
    length = std::min(length, text.size() - i);
    out.emplace_back(text.data() + i, length);
    i += length;
  }
  return out;
}

std::string joined(const std::vector<std::string_view>& chars, size_t from, size_t to) {
  std::string out;
  for (size_t i = from; i < to && i < chars.size(); ++i)
    out += chars[i];
  return out;
}

char ascii_lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

std::string ascii_folded(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    c = ascii_lower(c);
  return out;
}

// ---- LIKE ------------------------------------------------------------------

struct like_token {
  enum { literal, one, any } kind;
  std::string text;
};

bool like_match(const std::vector<std::string_view>& s, const std::vector<like_token>& p, bool fold) {
  // Greedy matching with one backtracking point per '%': linear enough for LIKE.
  size_t si = 0, pi = 0, star_p = std::string::npos, star_s = 0;
  const auto same = [&](std::string_view a, const std::string& b) {
    return fold ? ascii_folded(a) == ascii_folded(b) : a == b;
  };
  while (si < s.size()) {
    if (pi < p.size() && p[pi].kind == like_token::any) {
      star_p = pi++;
      star_s = si;
    } else if (pi < p.size() &&
               (p[pi].kind == like_token::one || same(s[si], p[pi].text))) {
      ++si;
      ++pi;
    } else if (star_p != std::string::npos) {
      pi = star_p + 1;
      si = ++star_s;
    } else {
      return false;
    }
  }
  while (pi < p.size() && p[pi].kind == like_token::any)
    ++pi;
  return pi == p.size();
}

void like(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const std::string text = text_of(argv[0]);
  const std::string pattern = text_of(argv[1]);
  const std::string escape_text = text_of(argv[2]);
  const std::vector<std::string_view> escape = characters(escape_text);
  const bool fold = sqlite3_value_int(argv[3]) != 0;
  if (escape.size() > 1) {
    pg_error e = make_pg_error("22025", "invalid escape string");
    e.hint = "Escape string must be empty or one character.";
    return report(context, std::move(e));
  }
  std::vector<like_token> tokens;
  const std::vector<std::string_view> chars = characters(pattern);
  for (size_t i = 0; i < chars.size(); ++i) {
    if (!escape.empty() && chars[i] == escape[0]) {
      if (i + 1 == chars.size())
        return report(context, make_pg_error("22025", "LIKE pattern must not end with escape character"));
      tokens.push_back({like_token::literal, std::string(chars[++i])});
    } else if (chars[i] == "%") {
      if (tokens.empty() || tokens.back().kind != like_token::any)
        tokens.push_back({like_token::any, {}});
    } else if (chars[i] == "_") {
      tokens.push_back({like_token::one, {}});
    } else {
      tokens.push_back({like_token::literal, std::string(chars[i])});
    }
  }
  sqlite3_result_int(context, like_match(characters(text), tokens, fold) ? 1 : 0);
}

// ---- positions and pieces ----------------------------------------------------

void substr(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const std::string text = text_of(argv[0]);
  const std::vector<std::string_view> chars = characters(text);
  const int64_t start = sqlite3_value_int64(argv[1]);
  int64_t end = static_cast<int64_t>(chars.size()) + 1;  // exclusive, 1-based
  if (argc == 3) {
    const int64_t count = sqlite3_value_int64(argv[2]);
    if (count < 0)
      return report(context, make_pg_error("22011", "negative substring length not allowed"));
    end = std::min(end, start + count);
  }
  const int64_t from = std::max<int64_t>(start, 1);
  if (end <= from)
    return return_text(context, "");
  return_text(context, joined(chars, static_cast<size_t>(from - 1), static_cast<size_t>(end - 1)));
}

// substring(bytea from s [for n]): as substr, counted in bytes; a blob.
void bytea_substr(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const auto* bytes = static_cast<const unsigned char*>(sqlite3_value_blob(argv[0]));
  const int64_t size = sqlite3_value_bytes(argv[0]);
  const int64_t start = sqlite3_value_int64(argv[1]);
  int64_t end = size + 1;  // exclusive, 1-based
  if (argc == 3) {
    const int64_t count = sqlite3_value_int64(argv[2]);
    if (count < 0)
      return report(context, make_pg_error("22011", "negative substring length not allowed"));
    end = std::min(end, start > INT64_MAX - count ? INT64_MAX : start + count);
  }
  const int64_t from = std::max<int64_t>(start, 1);
  if (end <= from)
    return sqlite3_result_zeroblob(context, 0);
  sqlite3_result_blob64(context, bytes + (from - 1), static_cast<sqlite3_uint64>(end - from), SQLITE_TRANSIENT);
}

void strpos(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const std::string text = text_of(argv[0]);
  const std::string needle = text_of(argv[1]);
  const size_t at = text.find(needle);
  if (at == std::string::npos)
    return sqlite3_result_int(context, 0);
  sqlite3_result_int64(context, static_cast<int64_t>(characters(text.substr(0, at)).size()) + 1);
}

void split_part(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const std::string text = text_of(argv[0]);
  const std::string delimiter = text_of(argv[1]);
  const int64_t n = sqlite3_value_int64(argv[2]);
  if (n == 0)
    return report(context, make_pg_error("22023", "field position must not be zero"));
  std::vector<std::string> fields;
  if (delimiter.empty() || text.empty()) {
    fields.push_back(text);
  } else {
    size_t start = 0;
    for (size_t at; (at = text.find(delimiter, start)) != std::string::npos; start = at + delimiter.size())
      fields.push_back(text.substr(start, at - start));
    fields.push_back(text.substr(start));
  }
  if (text.empty())
    return return_text(context, "");
  const int64_t count = static_cast<int64_t>(fields.size());
  const int64_t index = n > 0 ? n - 1 : count + n;
  if (index < 0 || index >= count)
    return return_text(context, "");
  return_text(context, fields[static_cast<size_t>(index)]);
}

void left_or_right(sqlite3_context* context, sqlite3_value** argv, bool left) {
  if (any_null(2, argv))
    return sqlite3_result_null(context);
  const std::string text = text_of(argv[0]);
  const std::vector<std::string_view> chars = characters(text);
  const auto size = static_cast<int64_t>(chars.size());
  const int64_t n = sqlite3_value_int64(argv[1]);
  const int64_t keep = std::clamp<int64_t>(n >= 0 ? n : size + n, 0, size);
  if (left)
    return return_text(context, joined(chars, 0, static_cast<size_t>(keep)));
  return_text(context, joined(chars, static_cast<size_t>(size - keep), chars.size()));
}
void left(sqlite3_context* c, int, sqlite3_value** argv) { left_or_right(c, argv, true); }
void right(sqlite3_context* c, int, sqlite3_value** argv) { left_or_right(c, argv, false); }

constexpr int64_t max_text_bytes = (int64_t{1} << 30) - 1;

void pad(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const std::string text = text_of(argv[0]);
  const std::vector<std::string_view> chars = characters(text);
  const int64_t length = std::max<int64_t>(sqlite3_value_int64(argv[1]), 0);
  const std::string fill_text = text_of(argv[2]);
  const std::vector<std::string_view> fill = characters(fill_text);
  const bool on_left = sqlite3_value_int(argv[3]) != 0;
  if (length * 4 > max_text_bytes)
    return report(context, make_pg_error("54000", "requested length too large"));
  if (static_cast<size_t>(length) <= chars.size() || fill.empty())
    return return_text(context, joined(chars, 0, std::min(chars.size(), static_cast<size_t>(length))));
  std::string padding;
  for (size_t i = 0; i < static_cast<size_t>(length) - chars.size(); ++i)
    padding += fill[i % fill.size()];
  return_text(context, on_left ? padding + text : text + padding);
}

void repeat(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const std::string text = text_of(argv[0]);
  const int64_t n = std::max<int64_t>(sqlite3_value_int64(argv[1]), 0);
  if (!text.empty() && n > max_text_bytes / static_cast<int64_t>(text.size()))
    return report(context, make_pg_error("54000", "requested length too large"));
  std::string out;
  out.reserve(text.size() * static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i)
    out += text;
  return_text(context, out);
}

void reverse(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const std::string text = text_of(argv[0]);
  std::vector<std::string_view> chars = characters(text);
  std::string out;
  for (auto it = chars.rbegin(); it != chars.rend(); ++it)
    out += *it;
  return_text(context, out);
}

void initcap(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  std::string text = text_of(argv[0]);
  bool in_word = false;
  for (char& c : text) {
    if (in_word)
      c = ascii_lower(c);
    else if (c >= 'a' && c <= 'z')
      c = static_cast<char>(c - 'a' + 'A');
    in_word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
  }
  return_text(context, text);
}

void starts_with(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  sqlite3_result_int(context, text_of(argv[0]).rfind(text_of(argv[1]), 0) == 0 ? 1 : 0);
}

void concat_ws(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (argc < 1 || sqlite3_value_type(argv[0]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  const std::string separator = text_of(argv[0]);
  std::string out;
  bool first = true;
  for (int i = 1; i < argc; ++i) {
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL)
      continue;
    if (!first)
      out += separator;
    out += text_of(argv[i]);
    first = false;
  }
  return_text(context, out);
}

// ---- md5 (RFC 1321) ----------------------------------------------------------

std::string md5_hex(const std::string& message) {
  static const std::array<uint32_t, 64> k = [] {
    std::array<uint32_t, 64> t{};
    for (size_t i = 0; i < 64; ++i)
      t[i] = static_cast<uint32_t>(std::fabs(std::sin(static_cast<double>(i + 1))) * 4294967296.0);
    return t;
  }();
  static const int shifts[4][4] = {{7, 12, 17, 22}, {5, 9, 14, 20}, {4, 11, 16, 23}, {6, 10, 15, 21}};
  uint32_t h[4] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
  std::string data = message;
  const uint64_t bit_length = static_cast<uint64_t>(message.size()) * 8;
  data += static_cast<char>(0x80);
  while (data.size() % 64 != 56)
    data += '\0';
  for (int i = 0; i < 8; ++i)
    data += static_cast<char>((bit_length >> (8 * i)) & 0xff);
  for (size_t block = 0; block < data.size(); block += 64) {
    uint32_t w[16];
    for (int i = 0; i < 16; ++i) {
      const auto* b = reinterpret_cast<const unsigned char*>(data.data() + block + 4 * i);
      w[i] = b[0] | (b[1] << 8) | (b[2] << 16) | (static_cast<uint32_t>(b[3]) << 24);
    }
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3];
    for (int i = 0; i < 64; ++i) {
      uint32_t f = 0;
      int g = 0;
      const int round = i / 16;
      if (round == 0) {
        f = (b & c) | (~b & d);
        g = i;
      } else if (round == 1) {
        f = (d & b) | (~d & c);
        g = (5 * i + 1) % 16;
      } else if (round == 2) {
        f = b ^ c ^ d;
        g = (3 * i + 5) % 16;
      } else {
        f = c ^ (b | ~d);
        g = (7 * i) % 16;
      }
      const uint32_t sum = a + f + k[static_cast<size_t>(i)] + w[g];
      const int s = shifts[round][i % 4];
      a = d;
      d = c;
      c = b;
      b = b + ((sum << s) | (sum >> (32 - s)));
    }
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
  }
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (uint32_t word : h)
    for (int i = 0; i < 4; ++i) {
      const unsigned byte = (word >> (8 * i)) & 0xff;
      out += digits[byte >> 4];
      out += digits[byte & 0xf];
    }
  return out;
}

void md5(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  return_text(context, md5_hex(text_of(argv[0])));
}

}  // namespace

// pg_format(format, arguments...): format() over the arguments' text
// (stages/sql/format_function.hpp); NULL format, NULL result.
void format(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (argc < 1 || sqlite3_value_type(argv[0]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  std::vector<std::optional<std::string>> arguments;
  for (int i = 1; i < argc; ++i)
    arguments.push_back(sqlite3_value_type(argv[i]) == SQLITE_NULL ? std::nullopt
                                                                   : std::optional<std::string>(text_of(argv[i])));
  auto formatted = format_text(text_of(argv[0]), arguments);
  if (!formatted)
    return report(context, formatted.error());
  sqlite3_result_text(context, formatted->data(), static_cast<int>(formatted->size()), SQLITE_TRANSIENT);
}

void translate(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const std::string text = text_of(argv[0]), from_text = text_of(argv[1]), to_text = text_of(argv[2]);
  const std::vector<std::string_view> from = characters(from_text), to = characters(to_text);
  std::string out;
  for (std::string_view c : characters(text)) {
    const auto found = std::find(from.begin(), from.end(), c);
    if (found == from.end())
      out += c;
    else if (static_cast<size_t>(found - from.begin()) < to.size())
      out += to[static_cast<size_t>(found - from.begin())];
  }
  return_text(context, out);
}

void chr(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const int64_t n = sqlite3_value_int64(argv[0]);
  if (n < 0)
    return report(context, make_pg_error("22023", "character number must be positive"));
  if (n == 0)
    return report(context, make_pg_error("54000", "null character not permitted"));
  if (n > 0x10FFFF)
    return report(context, make_pg_error("54000", "requested character too large for encoding: " + std::to_string(n)));
  if (n >= 0xD800 && n <= 0xDFFF)
    return report(context, make_pg_error("54000", "requested character not valid for encoding: " + std::to_string(n)));
  const auto code = static_cast<uint32_t>(n);
  std::string out;
  append_utf8(out, code);
  return_text(context, out);
}

void ascii(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const std::string text = text_of(argv[0]);
  if (text.empty())
    return sqlite3_result_int(context, 0);
  const std::string_view c = characters(text).front();
  auto byte = [&](size_t i) { return static_cast<uint32_t>(static_cast<unsigned char>(c[i])); };
  uint32_t code = byte(0);
  if (c.size() == 2)
    code = ((code & 0x1F) << 6) | (byte(1) & 0x3F);
  else if (c.size() == 3)
    code = ((code & 0x0F) << 12) | ((byte(1) & 0x3F) << 6) | (byte(2) & 0x3F);
  else if (c.size() == 4)
    code = ((code & 0x07) << 18) | ((byte(1) & 0x3F) << 12) | ((byte(2) & 0x3F) << 6) | (byte(3) & 0x3F);
  sqlite3_result_int64(context, code);
}

void string_to_array(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  const std::string text = text_of(argv[0]);
  std::vector<std::string> pieces;
  if (text.empty()) {
  } else if (sqlite3_value_type(argv[1]) == SQLITE_NULL) {
    for (std::string_view c : characters(text))
      pieces.emplace_back(c);
  } else if (const std::string delimiter = text_of(argv[1]); delimiter.empty()) {
    pieces.push_back(text);
  } else {
    size_t at = 0;
    for (size_t found; (found = text.find(delimiter, at)) != std::string::npos; at = found + delimiter.size())
      pieces.push_back(text.substr(at, found - at));
    pieces.push_back(text.substr(at));
  }
  const bool has_null_string = sqlite3_value_type(argv[2]) != SQLITE_NULL;
  const std::string null_string = has_null_string ? text_of(argv[2]) : std::string();
  std::string out = "{";
  for (size_t i = 0; i < pieces.size(); ++i) {
    if (i > 0)
      out += ',';
    append_array_element(out, has_null_string && pieces[i] == null_string ? std::nullopt
                                                                            : std::optional<std::string>(pieces[i]),
                         ',');
  }
  out += '}';
  return_text(context, out);
}

void register_text_functions(sqlite3* db, connection_state* state) {
  constexpr int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC;
  struct scalar {
    const char* name;
    int arguments;
    void (*function)(sqlite3_context*, int, sqlite3_value**);
  };
  const scalar scalars[] = {
      {"pg_like", 4, like},          {"pg_substr", 2, substr},     {"pg_substr", 3, substr},
      {"pg_bytea_substr", 2, bytea_substr}, {"pg_bytea_substr", 3, bytea_substr},
      {"pg_strpos", 2, strpos},      {"pg_split_part", 3, split_part}, {"pg_left", 2, left},
      {"pg_right", 2, right},        {"pg_pad", 4, pad},           {"pg_repeat", 2, repeat},
      {"pg_reverse", 1, reverse},    {"pg_initcap", 1, initcap},   {"pg_starts_with", 2, starts_with},
      {"pg_md5", 1, md5},            {"pg_concat_ws", -1, concat_ws},
      {"pg_format", -1, format},     {"pg_translate", 3, translate}, {"pg_chr", 1, chr},
      {"pg_ascii", 1, ascii},        {"pg_string_to_array", 3, string_to_array}};
  for (const scalar& s : scalars)
    sqlite3_create_function_v2(db, s.name, s.arguments, flags, state, s.function, nullptr, nullptr,
                               nullptr);
}

}  // namespace tributary::sql_function_support
