// similar_pattern: a SQL regular expression (SIMILAR TO) as the POSIX-style
// regular expression PostgreSQL matches it with (similar_to_escape):
//
//   whole-string anchoring ^(?: ... )$; % -> .*, _ -> ., ( -> (?: ; \ . ^ $ are
//   taken literally; [...] classes pass through; the escape character (default
//   backslash, none when empty) makes the next character literal; escape-double-
//   quote separators (SUBSTRING's) split the pattern into its three parts.
//
// Errors as PostgreSQL's: 22025 "invalid escape string" (an escape of more than one
// character), 2200B for a third escape-double-quote. Pure.
#pragma once

#include <optional>
#include <string>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary {

// `escape`: nullopt for the default (backslash); "" for none.
result<std::string, pg_error> similar_to_regex(const std::string& pattern,
                                               const std::optional<std::string>& escape);

}  // namespace tributary
