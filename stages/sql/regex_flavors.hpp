// regex_flavors: PostgreSQL's POSIX basic regular expressions (flag b) rewritten in
// its advanced syntax (ARE), which regex_pattern.hpp turns into ECMAScript. Flag e
// reads the same: PostgreSQL 15's parse_re_flags sets REG_EXTENDED and then clears
// REG_ADVANCED, which holds that bit, so 'b+' with e matches "b+" and '\(b\)' groups.
//
//   basic      \( \) group, \{ \} bound a repetition; ( ) { } + ? | are ordinary
//              characters; * is ordinary first in the expression, after \( or after
//              a leading ^; ^ anchors only first in the expression or after \(, $
//              only last or before \); \< and \> are word boundaries (written \b,
//              which ecmascript_pattern passes on); any other backslashed
//              character is that character
// Bracket expressions are copied as they are written (a ] right after [ or [^ is
// part of the set). Pure.
#pragma once

#include <string>

#include "stages/sql/regex_pattern.hpp"

namespace tributary {

std::wstring advanced_pattern(const std::wstring& pattern, regex_flavor flavor);

}  // namespace tributary
