// regex_pattern: PostgreSQL's regular expressions (its ARE flavour) as the ECMAScript
// patterns std::wregex runs (storage/sql_functions_regex.cpp), on characters:
//
//   widen / narrow       UTF-8 text <-> UTF-32 (wchar_t) characters
//   read_regex_flags     the flags argument: g (global), i / c (fold case or not),
//                        n / m (newline-sensitive: . and [^...] never match a newline,
//                        ^ and $ match at lines), p (the first half), w (the second
//                        half), s (neither), x (expanded syntax) and t (not), q (the
//                        pattern is a literal string), b (POSIX basic syntax), e (read
//                        as b by PostgreSQL 15); the last of q / b / e wins, as
//                        PostgreSQL's; any other letter is 22023 invalid regular
//                        expression option: "z"
//   ecmascript_pattern   the pattern for std::wregex (a basic or extended one first
//                        rewritten in the advanced syntax, regex_flavors.hpp): `.` outside brackets matches a
//                        newline too (PostgreSQL's default), or no newline with n (and
//                        [^...] then excludes it, ^ and $ match at lines: the caller
//                        compiles with multiline); a `]` first in brackets is a literal;
//                        x drops unescaped white space and #-comments outside brackets;
//                        q escapes every character
//   regex_error_text     PostgreSQL's regerror text for the errors both engines tell apart
// Pure.
#pragma once

#include <regex>
#include <string>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary {

enum class regex_flavor { advanced, extended, basic };

struct regex_options {
  bool global = false;
  bool fold = false;
  bool newline_dot = false;      // . and [^...] never match a newline
  bool newline_anchors = false;  // ^ and $ match at the lines' starts and ends
  bool expanded = false;
  bool quoted = false;
  regex_flavor flavor = regex_flavor::advanced;
};

std::wstring widen(const std::string& text);
std::string narrow(const std::wstring& text);
result<regex_options, pg_error> read_regex_flags(const std::string& flags);
std::wstring ecmascript_pattern(const std::wstring& pattern, const regex_options& options);
std::string regex_error_text(const std::regex_error& e);

}  // namespace tributary
