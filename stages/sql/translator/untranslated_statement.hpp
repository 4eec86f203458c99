// untranslated_statement: what becomes of a statement the translator does not cover
// (a not_translatable), when its caller asks for PostgreSQL's answer or an error
// (translation_input::refuse_untranslated, set for the statements of a session).
//
// A statement that reads only tables with recorded types, common tables and
// functions the translator covers has no right answer in SQLite's own SQL: running
// it there would answer with SQLite's results, types and errors (a misleading 42601
// for SQL PostgreSQL accepts). It is refused with 0A000 naming the construct
// ("function regexp_count is not supported yet"). A statement that reads a catalog
// relation, a view or a SQLite table is left to SQLite as before: the catalogs are
// SQLite tables and functions built for exactly that. So is one the translator
// stopped at a call of a catalog function it does not know (pg_*, has_*, ...; SQLite
// serves them), or of a function PostgreSQL does not have (group_concat, typeof):
// SQLite's own functions stay an extension, and one SQLite lacks too is 42883 there.
// A call of a catalog function beside another construct the translator stopped at
// (pg_typeof(x) ... TABLESAMPLE) is that construct's 0A000: SQLite would not read the
// rest of the statement as PostgreSQL does.
// Private to stages/sql/translator/.
#pragma once

#include <string_view>

#include "stages/sql/translator/query_translator.hpp"

namespace tributary::translator {

// A built-in function of PostgreSQL 15 by name (postgres_function_names.cpp).
bool is_postgres_function(std::string_view name);

// True when the statement (a SelectStmt's, UpdateStmt's or DeleteStmt's fields) reads
// something only SQLite's own SQL serves: a relation of pg_catalog or
// information_schema, one without recorded types; or when `what` stopped the
// translator at a call of a catalog function or of a function PostgreSQL does not have.
bool served_by_sqlite(const json& statement, const translation_input& input, const not_translatable& what);

// 0A000 "<construct> is not supported yet" for the construct a not_translatable names.
located_error refusal_of(const not_translatable& what);

}  // namespace tributary::translator
