// sql_functions_regex: PostgreSQL's regular-expression match operators.
//
//   pg_regex_match(s, pattern, fold)   ~ (fold 0) and ~* (fold 1): whether the
//                                      pattern matches anywhere in s. Patterns are
//                                      read as extended regular expressions
//                                      (std::regex's ECMAScript grammar covers
//                                      PostgreSQL's ARE for the common forms:
//                                      anchors, groups, classes, quantifiers,
//                                      backslash escapes). 2201B invalid regular
//                                      expression. NULL in, NULL out.
//   pg_similar_to_escape(pattern [, escape])
//                                      SIMILAR TO's pattern as the regular
//                                      expression it matches with
//                                      (stages/sql/similar_pattern.hpp).
// The compiled pattern is kept for the statement (sqlite3_set_auxdata).
#include <sqlite3.h>

#include <regex>

#include "stages/sql/similar_pattern.hpp"
#include "storage/sql_function_support.hpp"

namespace tributary::sql_function_support {
namespace {

void regex_match(sqlite3_context* context, int argc, sqlite3_value** argv) {
  for (int i = 0; i < argc; ++i)
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL)
      return sqlite3_result_null(context);
  const bool fold = sqlite3_value_int(argv[2]) != 0;
  auto* compiled = static_cast<std::regex*>(sqlite3_get_auxdata(context, 1));
  if (compiled == nullptr) {
    auto flags = std::regex::ECMAScript;
    if (fold)
      flags |= std::regex::icase;
    try {
      compiled = new std::regex(text_of(argv[1]), flags);
    } catch (const std::regex_error& e) {
      return report(context, make_pg_error("2201B", std::string("invalid regular expression: ") + e.what()));
    }
    sqlite3_set_auxdata(context, 1, compiled, [](void* p) { delete static_cast<std::regex*>(p); });
    compiled = static_cast<std::regex*>(sqlite3_get_auxdata(context, 1));
    if (compiled == nullptr)
      return sqlite3_result_error_nomem(context);
  }
  const std::string text = text_of(argv[0]);
  sqlite3_result_int(context, std::regex_search(text, *compiled) ? 1 : 0);
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
  for (int arguments : {1, 2})
    sqlite3_create_function_v2(db, "pg_similar_to_escape", arguments, SQLITE_UTF8 | SQLITE_DETERMINISTIC, state,
                               similar_to_escape, nullptr, nullptr, nullptr);
}

}  // namespace tributary::sql_function_support
