// query_translation: a PostgreSQL SELECT, from libpg_query's parse tree, rewritten
// into SQLite SQL that computes PostgreSQL's answer on Tributary's stored forms,
// with each output column's PostgreSQL name and type.
//
//   SELECT count(*), avg(price), 2::int, a || 'x' FROM t WHERE price > 2.5
//   -> SELECT count(*) AS "1", pg_numeric_avg("t"."price") AS "2", 2 AS "3",
//             ("t"."a" || 'x') AS "4" FROM "t" AS "t"
//           WHERE (pg_cast("t"."price", ...) > '2.5' COLLATE pg_numeric) ...
//      columns: count int8, avg numeric, int4 int4, ?column? text
//
// Every expression is typed as PostgreSQL's parser types it (constants: int4,
// int8, numeric, boolean, unknown; a quoted literal takes the type of what it
// meets and is read then by that type's input function, with PostgreSQL's input
// errors and the literal's position), and computes in SQLite on stored forms
// (builtin_types.hpp) through the functions of storage/sql_functions.hpp where
// SQLite's own operators would differ (exact numeric, integer overflow, casts).
// Comparisons of text-stored types use the type's collation.
//
// INSERT (VALUES rows or a SELECT, ON CONFLICT DO NOTHING / DO UPDATE, RETURNING),
// UPDATE (SET, FROM, WHERE, RETURNING) and DELETE (USING, WHERE, RETURNING) store
// each value as PostgreSQL's assignment coerces it into the column's type
// (numbers round to the column's typmod, text types check their length, a
// type without an assignment cast is 42804).
//
// What this translator covers (the rest returns nullopt: the caller runs the
// statement the previous way, untranslated):
//   SELECT [DISTINCT] targets FROM tables (aliases, joins ON, sub-selects)
//   WHERE / GROUP BY / HAVING / ORDER BY (PostgreSQL's NULL placement) /
//   LIMIT / OFFSET, UNION / INTERSECT / EXCEPT [ALL] of same-typed columns;
//   column references, constants, ::/CAST, + - * / % ^, comparisons, AND/OR/NOT,
//   IS [NOT] NULL / TRUE / FALSE, [NOT] IN (list | sub-select), BETWEEN,
//   IS [NOT] DISTINCT FROM, NULLIF, CASE, COALESCE, EXISTS, scalar sub-selects,
//   $n parameters, count / sum / avg / min / max / bool_and / bool_or with
//   DISTINCT and FILTER, length / char_length / upper / lower / abs; the families
//   of function_families.hpp (session functions and clocks, ...).
// Tables without recorded column types are not translated.
//
// Errors: PostgreSQL's (42703 column "x" does not exist, 42702 ambiguous, 42P01
// missing FROM-clause entry, 22P02 and friends from the type layer), with the
// 0-based byte location of the node in `source` (the caller turns it into
// PostgreSQL's 1-based character position). Pure.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/sql/typed_constants.hpp"
#include "stages/types/column_type.hpp"
#include "stages/types/type_settings.hpp"
#include "stages/types/user/user_types.hpp"

namespace tributary {

// What the session functions report (version(), current_user, current_setting, ...).
struct session_information {
  std::string user;          // current_user (SET ROLE changes it)
  std::string session_user;  // who logged in; "" = user
  std::string database;
  std::string version;  // version()'s text
  int32_t process_id = 0;
  // A setting's current value by name (any case); nullopt: no such setting.
  std::function<std::optional<std::string>(const std::string&)> setting;
};

// A record a trigger's statements read (NEW, OLD): `name.field` is the SQLite
// expression `sql` of PostgreSQL type `type` (stages/sql/trigger_program.hpp).
struct row_variable_field {
  std::string name;
  std::string sql;
  column_type type;
};
struct row_variable {
  std::string name;  // lower case, as PostgreSQL folds it; "": plain variables (tg_op)
  std::vector<row_variable_field> fields;
};

struct query_column {
  std::string name;  // PostgreSQL's output column name
  column_type type;  // the value's type; its SQLite value is that type's stored form
  bool untyped = false;  // an untyped literal or NULL, read as text (a set operation resolves it)
  oid_t client_oid = 0;  // a table's whole row: its row type's OID, which clients see (type stays record)
  // A column of a domain read as it is, or a cast to a domain: the domain's name
  // (`type` is its base type); CREATE TABLE AS gives its column the domain.
  std::string domain;
};

// A data-modifying WITH query that already ran (modifying_with.hpp): a reference to
// `name` reads its RETURNING rows from the SQLite table `sql_table` (SQL text), whose
// columns are c1, c2, ...; without RETURNING (`returning` false) a reference is 0A000.
struct materialized_common_table {
  std::string name;
  std::string sql_table;
  std::vector<query_column> columns;
  bool returning = true;
};

struct translation_input {
  table_columns_lookup lookup;        // a table's recorded columns, nullptr when unknown
  type_settings settings;             // reads literals (DateStyle, TimeZone)
  std::string_view source;            // the statement's text the tree was parsed from
  std::vector<column_type> parameter_types;  // declared by Parse ($1 = [0]); 0 = unspecified
  std::string* untranslated = nullptr;       // set: what made the result nullopt
  const session_information* session = nullptr;  // nullptr: session functions are not translated
  // A column DEFAULT, computed by SQLite at each insert: current_user / session_user
  // are the inserting session's (pg_session_role), not constants.
  bool column_default = false;
  // A view's SELECT, kept and read later by any session: current_user / session_user
  // (as in a DEFAULT), current_database() / current_catalog and current_setting(name)
  // are the reading session's, computed when the view is read.
  bool view_body = false;
  // A trigger function's records: `new.a` that names no FROM item is the field a of
  // NEW (42703 record "new" has no field "x" when it has none).
  std::vector<row_variable> row_variables;
  // The statement runs in a SQLite trigger program, which takes no alias on the
  // target of INSERT / UPDATE / DELETE: the target is written bare (an alias of
  // another name is not translated).
  bool trigger_body = false;
  // A user's enum or domain by schema ("" = search_path) and name, for casts
  // ('x'::mood, CAST(v AS posint)); unset or nullptr: such casts are not translated.
  std::function<const user_type*(std::string_view schema, std::string_view name)> find_user_type;
  // Whether SQLite has a function of that name (its own, or one Tributary registers):
  // a call of a name neither it nor PostgreSQL has is PostgreSQL's 42883. Unset: not asked.
  std::function<bool(const std::string& name)> sqlite_function_exists;
  // A session's SELECT / UPDATE / DELETE: what the translator does not cover is refused
  // (0A000 naming it, 42883 for a function PostgreSQL does not have either) unless it
  // reads the catalogs, a view or a SQLite table (untranslated_statement.hpp); false:
  // nullopt, the caller decides.
  bool refuse_untranslated = false;
  // INSERT / UPDATE / DELETE RETURNING columns of the reg* types print the object's
  // name (the statement's result); false for a data-modifying WITH step, whose rows
  // the statement reads on as OIDs.
  bool returning_names_objects = true;
  // Characters before `source` in the query string (its statement's place): the
  // positions errors raised when the statement runs carry are counted from there.
  int position_base = 0;
  // The data-modifying WITH queries of the statement that ran before it.
  std::vector<materialized_common_table> materialized;
  // The columns of a table's PRIMARY KEY or UNIQUE constraint by its name (a table's
  // local name, the constraint's name), for ON CONFLICT ON CONSTRAINT; nullopt when
  // the table has no such constraint. Unset: that form is not translated.
  std::function<std::optional<std::vector<std::string>>(const std::string& table, const std::string& constraint)>
      constraint_columns;
};


// A pg_error with the byte location in `source` it points at (-1: none).
struct located_error {
  pg_error error;
  int location = -1;
};

struct translated_query {
  std::string sql;
  std::vector<query_column> columns;
  std::map<int, column_type> parameter_types;  // $n -> the type its value is read as
  // NOTICEs PostgreSQL's parser sends while it reads the statement's literals
  // (''::tsquery: text-search query doesn't contain lexemes), each once, in order.
  std::vector<located_error> notices;
};

// `select` is a SelectStmt's fields.
result<std::optional<translated_query>, located_error> translate_select(
    const nlohmann::json& select, const translation_input& input);
// `node_type` is "SelectStmt", "InsertStmt", "UpdateStmt" or "DeleteStmt";
// `statement` its fields. INSERT / UPDATE / DELETE: `columns` are RETURNING's.
result<std::optional<translated_query>, located_error> translate_statement(
    const std::string& node_type, const nlohmann::json& statement, const translation_input& input);

}  // namespace tributary
