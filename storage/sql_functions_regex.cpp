// sql_functions_regex: PostgreSQL's regular-expression match operators.
//
//   pg_regex_match(s, pattern, fold)   ~ (fold 0) and ~* (fold 1): whether the
//                                      pattern matches anywhere in s. Patterns are
//                                      read as extended regular expressions
//                                      (std::wregex's ECMAScript grammar, on the
//                                      text's characters, covers
//                                      PostgreSQL's ARE for the common forms:
//                                      anchors, groups, classes, quantifiers,
//                                      backslash escapes). 2201B invalid regular
//                                      expression. NULL in, NULL out.
//   pg_regexp_replace(s, pattern, replacement, flags)   regexp_replace (flags g, i, c,
//                                      n, m, s, x, t, q: stages/sql/regex_pattern.hpp;
//                                      \1..\9, \& in the replacement)
//   pg_regexp_match(s, pattern, flags) regexp_match: the groups as text[]
//   pg_regexp_matches(s, pattern, flags, n)   regexp_matches' n-th row (n = 0: the count)
//   pg_regexp_split(s, pattern, flags, n, name)   regexp_split_to_table's n-th piece
//                                      (0: the count; -1: regexp_split_to_array's text[])
//   pg_regexp_count(s, pattern, start, flags)        regexp_count: the matches from
//                                      character start on
//   pg_regexp_like(s, pattern, flags)  regexp_like
//   pg_regexp_instr(s, pattern, start, n, endoption, flags, subexpr)   regexp_instr:
//                                      the character position of the n-th match (or of
//                                      its group subexpr; endoption 1: just after it), 0
//                                      for none
//   pg_regexp_substr(s, pattern, start, n, flags, subexpr)   regexp_substr: its text,
//                                      NULL for none (22023 invalid value for parameter
//                                      "start" / "n" / "endoption" / "subexpr"; 22023
//                                      when the flags hold g)
//   pg_similar_to_escape(pattern [, escape])
//                                      SIMILAR TO's pattern as the regular
//                                      expression it matches with
//                                      (stages/sql/similar_pattern.hpp).
// The compiled pattern is kept for the statement (sqlite3_set_auxdata).
#include <sqlite3.h>

#include <optional>
#include <regex>
#include <utility>
#include <vector>

#include "stages/sql/regex_pattern.hpp"
#include "stages/sql/similar_pattern.hpp"
#include "stages/types/verbatim/array_text.hpp"
#include "storage/sql_function_support.hpp"

namespace tributary::sql_function_support {
namespace {

void return_wide(sqlite3_context* context, const std::wstring& text) { return_text(context, narrow(text)); }

// argv[1]'s pattern compiled (kept for the statement); nullptr once an error is reported.
std::wregex* compiled_pattern(sqlite3_context* context, sqlite3_value** argv, const regex_options& options) {
  auto* compiled = static_cast<std::wregex*>(sqlite3_get_auxdata(context, 1));
  if (compiled == nullptr) {
    auto flags = std::wregex::ECMAScript;
    if (options.fold)
      flags |= std::wregex::icase;
    if (options.newline_anchors)
      flags |= std::wregex::multiline;
    try {
      compiled = new std::wregex(ecmascript_pattern(widen(text_of(argv[1])), options), flags);
    } catch (const std::regex_error& e) {
      report(context, make_pg_error("2201B", "invalid regular expression: " + regex_error_text(e)));
      return nullptr;
    }
    sqlite3_set_auxdata(context, 1, compiled, [](void* p) { delete static_cast<std::wregex*>(p); });
    compiled = static_cast<std::wregex*>(sqlite3_get_auxdata(context, 1));
    if (compiled == nullptr)
      sqlite3_result_error_nomem(context);
  }
  return compiled;
}

// The flags argument (regex_pattern.hpp); nullopt once its error is reported.
std::optional<regex_options> regex_flags(sqlite3_context* context, const std::string& flags) {
  auto options = read_regex_flags(flags);
  if (!options) {
    report(context, options.error());
    return std::nullopt;
  }
  return *options;
}

void regex_match(sqlite3_context* context, int argc, sqlite3_value** argv) {
  for (int i = 0; i < argc; ++i)
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL)
      return sqlite3_result_null(context);
  regex_options options;
  options.fold = sqlite3_value_int(argv[2]) != 0;
  std::wregex* compiled = compiled_pattern(context, argv, options);
  if (compiled == nullptr)
    return;
  const std::wstring text = widen(text_of(argv[0]));
  sqlite3_result_int(context, std::regex_search(text, *compiled) ? 1 : 0);
}

// regexp_replace(s, pattern, replacement, flags): the first match (every one with
// g) replaced; in the replacement \1..\9 are groups, \& the match, \\ a backslash.
void regexp_replace(sqlite3_context* context, int argc, sqlite3_value** argv) {
  for (int i = 0; i < argc; ++i)
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL)
      return sqlite3_result_null(context);
  const auto flags = regex_flags(context, text_of(argv[3]));
  if (!flags)
    return;
  std::wregex* compiled = compiled_pattern(context, argv, *flags);
  if (compiled == nullptr)
    return;
  const std::wstring text = widen(text_of(argv[0]));
  const std::wstring replacement = widen(text_of(argv[2]));
  std::wstring out;
  auto at = text.cbegin();
  std::wsmatch m;
  auto match_flags = std::regex_constants::match_default;
  while (std::regex_search(at, text.cend(), m, *compiled, match_flags)) {
    out.append(at, m[0].first);
    for (size_t i = 0; i < replacement.size(); ++i) {
      const wchar_t c = replacement[i];
      if (c != L'\\' || i + 1 == replacement.size()) {
        out += c;
        continue;
      }
      const wchar_t next = replacement[i + 1];
      if (next >= L'1' && next <= L'9') {
        const auto group = static_cast<size_t>(next - L'0');
        if (group < m.size() && m[group].matched)
          out.append(m[group].first, m[group].second);
        ++i;
      } else if (next == L'&') {
        out.append(m[0].first, m[0].second);
        ++i;
      } else if (next == L'\\') {
        out += L'\\';
        ++i;
      } else {
        out += c;
      }
    }
    at = m[0].second;
    if (m[0].length() == 0) {  // an empty match: step over one character
      if (at == text.cend())
        break;
      out += *at++;
    }
    match_flags = std::regex_constants::match_prev_avail;
    if (!flags->global)
      break;
  }
  out.append(at, text.cend());
  return_wide(context, out);
}

// regexp_match(s, pattern, flags): the first match's groups (the whole match when
// the pattern has none) as a text[]'s text form; NULL without a match.
void regexp_match(sqlite3_context* context, int argc, sqlite3_value** argv) {
  for (int i = 0; i < argc; ++i)
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL)
      return sqlite3_result_null(context);
  const auto flags = regex_flags(context, text_of(argv[2]));
  if (!flags)
    return;
  if (flags->global)
    return report(context, make_pg_error("22023", "regexp_match() does not support the \"global\" option", {},
                                         "Use the regexp_matches function instead."));
  std::wregex* compiled = compiled_pattern(context, argv, *flags);
  if (compiled == nullptr)
    return;
  const std::wstring text = widen(text_of(argv[0]));
  std::wsmatch m;
  if (!std::regex_search(text, m, *compiled))
    return sqlite3_result_null(context);
  std::string out = "{";
  const size_t first = m.size() > 1 ? 1 : 0;
  for (size_t i = first; i < m.size(); ++i) {
    if (i > first)
      out += ',';
    append_array_element(out, m[i].matched ? std::optional<std::string>(narrow(m[i].str())) : std::nullopt, ',');
  }
  out += '}';
  sqlite3_result_text(context, out.data(), static_cast<int>(out.size()), SQLITE_TRANSIENT);
}

// The matches PostgreSQL's setup_regexp_matches finds: each match's groups (the
// whole match when the pattern has none); after an empty match the search moves on
// one character. `split` keeps only the matches regexp_split_* splits at (not empty
// at the start, the end or right after the previous match: ignore_degenerate).
// `from` is the character the search starts at (^ does not match there unless it is
// 0); spans are the character offsets of the match ([0]) and of every group (-1:
// unmatched).
struct found_match {
  size_t begin, end;
  std::vector<std::optional<std::string>> groups;
  std::vector<std::pair<std::ptrdiff_t, std::ptrdiff_t>> spans;
};
std::vector<found_match> find_matches(const std::wstring& text, const std::wregex& pattern, bool global,
                                      bool split, size_t from = 0) {
  std::vector<found_match> out;
  size_t start = from, previous_end = from;
  while (start <= text.size()) {
    std::wsmatch m;
    const auto flags = start == 0 ? std::regex_constants::match_default : std::regex_constants::match_prev_avail;
    if (!std::regex_search(text.cbegin() + static_cast<std::ptrdiff_t>(start), text.cend(), m, pattern, flags))
      break;
    const size_t begin = start + static_cast<size_t>(m.position(0));
    const size_t end = begin + static_cast<size_t>(m.length(0));
    if (!split || (begin < text.size() && end > previous_end)) {
      found_match match{begin, end, {}};
      for (size_t i = m.size() > 1 ? 1 : 0; i < m.size(); ++i)
        match.groups.push_back(m[i].matched ? std::optional<std::string>(narrow(m[i].str())) : std::nullopt);
      for (size_t i = 0; i < m.size(); ++i)
        match.spans.emplace_back(m[i].matched ? static_cast<std::ptrdiff_t>(start) + m.position(i) : -1,
                                 m[i].matched ? static_cast<std::ptrdiff_t>(start) + m.position(i) + m.length(i) : -1);
      out.push_back(std::move(match));
    }
    previous_end = end;
    start = end;
    if (begin == end)  // step over one character
      ++start;
    if (!global)
      break;
  }
  return out;
}

// pg_regexp_matches(s, pattern, flags, n): regexp_matches' n-th row (a text[]'s text
// form; NULL past the last), n = 0: how many rows.
void regexp_matches(sqlite3_context* context, int argc, sqlite3_value** argv) {
  for (int i = 0; i < argc; ++i)
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL)
      return sqlite3_value_int64(argv[3]) == 0 ? sqlite3_result_int(context, 0) : sqlite3_result_null(context);
  const auto flags = regex_flags(context, text_of(argv[2]));
  if (!flags)
    return;
  std::wregex* compiled = compiled_pattern(context, argv, *flags);
  if (compiled == nullptr)
    return;
  const std::vector<found_match> matches = find_matches(widen(text_of(argv[0])), *compiled, flags->global, false);
  const int64_t n = sqlite3_value_int64(argv[3]);
  if (n == 0)
    return sqlite3_result_int64(context, static_cast<int64_t>(matches.size()));
  if (n < 0 || static_cast<size_t>(n) > matches.size())
    return sqlite3_result_null(context);
  std::string out = "{";
  const auto& groups = matches[static_cast<size_t>(n - 1)].groups;
  for (size_t i = 0; i < groups.size(); ++i) {
    if (i > 0)
      out += ',';
    append_array_element(out, groups[i], ',');
  }
  out += '}';
  sqlite3_result_text(context, out.data(), static_cast<int>(out.size()), SQLITE_TRANSIENT);
}

// pg_regexp_split(s, pattern, flags, n, name): regexp_split_to_table's n-th piece (NULL
// past the last), n = 0: how many pieces, n = -1: all of them as regexp_split_to_array's
// text[]. 22023 when the flags hold g (`name` is the function's).
void regexp_split(sqlite3_context* context, int argc, sqlite3_value** argv) {
  for (int i = 0; i < 3; ++i)
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL)
      return sqlite3_value_int64(argv[3]) == 0 ? sqlite3_result_int(context, 0) : sqlite3_result_null(context);
  const auto flags = regex_flags(context, text_of(argv[2]));
  if (!flags)
    return;
  if (flags->global)
    return report(context, make_pg_error("22023", text_of(argv[4]) + "() does not support the \"global\" option"));
  std::wregex* compiled = compiled_pattern(context, argv, *flags);
  if (compiled == nullptr)
    return;
  const std::wstring text = widen(text_of(argv[0]));
  std::vector<std::string> pieces;
  size_t at = 0;
  for (const found_match& m : find_matches(text, *compiled, true, true)) {
    pieces.push_back(narrow(text.substr(at, m.begin - at)));
    at = m.end;
  }
  pieces.push_back(narrow(text.substr(at)));
  const int64_t n = sqlite3_value_int64(argv[3]);
  if (n == 0)
    return sqlite3_result_int64(context, static_cast<int64_t>(pieces.size()));
  if (n > 0) {
    if (static_cast<size_t>(n) > pieces.size())
      return sqlite3_result_null(context);
    const std::string& piece = pieces[static_cast<size_t>(n - 1)];
    return sqlite3_result_text(context, piece.data(), static_cast<int>(piece.size()), SQLITE_TRANSIENT);
  }
  std::string out = "{";
  for (size_t i = 0; i < pieces.size(); ++i) {
    if (i > 0)
      out += ',';
    append_array_element(out, pieces[i], ',');
  }
  out += '}';
  sqlite3_result_text(context, out.data(), static_cast<int>(out.size()), SQLITE_TRANSIENT);
}

// ---- regexp_count, regexp_instr, regexp_like, regexp_substr (PostgreSQL 15) ----

bool positive_parameter(sqlite3_context* context, const char* name, int64_t value, int64_t least = 1) {
  if (value >= least)
    return true;
  report(context, make_pg_error("22023", std::string("invalid value for parameter \"") + name + "\": " +
                                             std::to_string(value)));
  return false;
}

// The flags of a function that refuses g; nullopt once an error is reported.
std::optional<regex_options> options_without_global(sqlite3_context* context, sqlite3_value* flags, const char* function) {
  const auto parsed = regex_flags(context, text_of(flags));
  if (!parsed)
    return std::nullopt;
  if (parsed->global) {
    report(context, make_pg_error("22023", std::string(function) + " does not support the \"global\" option"));
    return std::nullopt;
  }
  return parsed;
}

// The matches from character `start` on (the pattern is argv[1]); nullopt after an error.
std::optional<std::vector<found_match>> matches_from(sqlite3_context* context, sqlite3_value** argv, int64_t start,
                                                     const regex_options& options, const std::wstring& text) {
  std::wregex* compiled = compiled_pattern(context, argv, options);
  if (compiled == nullptr)
    return std::nullopt;
  const auto from = static_cast<size_t>(start - 1);
  if (from > text.size())
    return std::vector<found_match>{};
  return find_matches(text, *compiled, true, false, from);
}

// pg_regexp_count(s, pattern, start, flags)
void regexp_count(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const int64_t start = sqlite3_value_int64(argv[2]);
  if (!positive_parameter(context, "start", start))
    return;
  const auto options = options_without_global(context, argv[3], "regexp_count()");
  if (!options)
    return;
  const auto found = matches_from(context, argv, start, *options, widen(text_of(argv[0])));
  if (found)
    sqlite3_result_int64(context, static_cast<int64_t>(found->size()));
}

// pg_regexp_like(s, pattern, flags)
void regexp_like(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const auto options = options_without_global(context, argv[2], "regexp_like()");
  if (!options)
    return;
  std::wregex* compiled = compiled_pattern(context, argv, *options);
  if (compiled != nullptr)
    sqlite3_result_int(context, std::regex_search(widen(text_of(argv[0])), *compiled) ? 1 : 0);
}

// A match's or group's [first, last) character offsets.
using span_of_match = std::pair<std::ptrdiff_t, std::ptrdiff_t>;

// The span regexp_instr / regexp_substr select: the n-th match's, or its group
// subexpr's (a pattern without groups: the match is group 1); nullopt when there is
// no such match or group.
std::optional<span_of_match> selected_span(const std::vector<found_match>& found,
                                            int64_t n, int64_t subexpr) {
  if (n > static_cast<int64_t>(found.size()))
    return std::nullopt;
  const found_match& match = found[static_cast<size_t>(n - 1)];
  const int64_t groups = match.spans.size() > 1 ? static_cast<int64_t>(match.spans.size()) - 1 : 1;
  if (subexpr > groups)
    return std::nullopt;
  const auto& span = match.spans[match.spans.size() > 1 ? static_cast<size_t>(subexpr) : 0];
  if (span.first < 0)
    return std::nullopt;
  return span;
}

// What regexp_instr and regexp_substr share after their own checks: the flags (argument
// `flags_at`, g refused) and subexpr checked, then the span selected_span picks from the
// matches from `start` on; false once an error is reported.
bool pick_span(sqlite3_context* context, sqlite3_value** argv, const std::wstring& text, int flags_at,
               const char* function, int64_t start, int64_t n, int64_t subexpr, std::optional<span_of_match>& span) {
  const auto options = options_without_global(context, argv[flags_at], function);
  if (!options || !positive_parameter(context, "subexpr", subexpr, 0))
    return false;
  const auto found = matches_from(context, argv, start, *options, text);
  if (!found)
    return false;
  span = selected_span(*found, n, subexpr);
  return true;
}

// pg_regexp_instr(s, pattern, start, n, endoption, flags, subexpr)
void regexp_instr(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const int64_t start = sqlite3_value_int64(argv[2]), n = sqlite3_value_int64(argv[3]);
  const int64_t endoption = sqlite3_value_int64(argv[4]), subexpr = sqlite3_value_int64(argv[6]);
  if (!positive_parameter(context, "start", start) || !positive_parameter(context, "n", n))
    return;
  if (endoption != 0 && endoption != 1)
    return report(context, make_pg_error("22023", "invalid value for parameter \"endoption\": " +
                                                      std::to_string(endoption)));
  const std::wstring text = widen(text_of(argv[0]));
  std::optional<span_of_match> span;
  if (!pick_span(context, argv, text, 5, "regexp_instr()", start, n, subexpr, span))
    return;
  if (!span)
    return sqlite3_result_int(context, 0);
  sqlite3_result_int64(context, (endoption == 1 ? span->second : span->first) + 1);
}

// pg_regexp_substr(s, pattern, start, n, flags, subexpr)
void regexp_substr(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const int64_t start = sqlite3_value_int64(argv[2]), n = sqlite3_value_int64(argv[3]);
  const int64_t subexpr = sqlite3_value_int64(argv[5]);
  if (!positive_parameter(context, "start", start) || !positive_parameter(context, "n", n))
    return;
  const std::wstring text = widen(text_of(argv[0]));
  std::optional<span_of_match> span;
  if (!pick_span(context, argv, text, 4, "regexp_substr()", start, n, subexpr, span))
    return;
  if (!span)
    return sqlite3_result_null(context);
  return_wide(context, text.substr(static_cast<size_t>(span->first), static_cast<size_t>(span->second - span->first)));
}

void similar_to_escape(sqlite3_context* context, int argc, sqlite3_value** argv) {
  for (int i = 0; i < argc; ++i)
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL)
      return sqlite3_result_null(context);
  std::optional<std::string> escape;
  if (argc == 2)
    escape = text_of(argv[1]);
  auto regex = similar_to_regex(text_of(argv[0]), escape);
  if (!regex)
    return report(context, regex.error());
  sqlite3_result_text(context, regex->data(), static_cast<int>(regex->size()), SQLITE_TRANSIENT);
}

}  // namespace

void register_regex_functions(sqlite3* db, connection_state* state) {
  sqlite3_create_function_v2(db, "pg_regex_match", 3, SQLITE_UTF8 | SQLITE_DETERMINISTIC, state, regex_match, nullptr,
                             nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_regexp_replace", 4, SQLITE_UTF8 | SQLITE_DETERMINISTIC, state, regexp_replace,
                             nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_regexp_match", 3, SQLITE_UTF8 | SQLITE_DETERMINISTIC, state, regexp_match,
                             nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_regexp_matches", 4, SQLITE_UTF8 | SQLITE_DETERMINISTIC, state, regexp_matches,
                             nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_regexp_split", 5, SQLITE_UTF8 | SQLITE_DETERMINISTIC, state, regexp_split,
                             nullptr, nullptr, nullptr);
  const struct {
    const char* name;
    int arguments;
    void (*function)(sqlite3_context*, int, sqlite3_value**);
  } positions[] = {{"pg_regexp_count", 4, regexp_count},
                   {"pg_regexp_like", 3, regexp_like},
                   {"pg_regexp_instr", 7, regexp_instr},
                   {"pg_regexp_substr", 6, regexp_substr}};
  for (const auto& f : positions)
    sqlite3_create_function_v2(db, f.name, f.arguments, SQLITE_UTF8 | SQLITE_DETERMINISTIC, state, f.function,
                               nullptr, nullptr, nullptr);
  for (int arguments : {1, 2})
    sqlite3_create_function_v2(db, "pg_similar_to_escape", arguments, SQLITE_UTF8 | SQLITE_DETERMINISTIC, state,
                               similar_to_escape, nullptr, nullptr, nullptr);
}

}  // namespace tributary::sql_function_support
