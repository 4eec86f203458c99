// view_definition: CREATE VIEW of a SELECT the query translator covers, kept by
// SQLite as the translated SELECT with the statement's text and its columns'
// PostgreSQL types (stages/sql/view_text.hpp), so that a query on the view is
// typed and computed as PostgreSQL's (RowDescription, operators on its columns)
// and the view may live in another schema (the SQLite view "sales.v").
//
//   CREATE VIEW [schema.]name [(column, ...)] AS select
//
// The column list renames the first columns (42601 CREATE VIEW specifies more
// column names than columns); a schema that does not exist is 3F000; two
// columns of one name are 42701. CREATE OR REPLACE VIEW follows PostgreSQL's
// rules (columns may be added at the end; 42P16 cannot drop columns from view /
// cannot change name of view column "a" to "b" / cannot change data type of view
// column "a" from integer to text; 42809 for a table). WITH (check_option,
// security_barrier) and WITH [LOCAL | CASCADED] CHECK OPTION are checked and kept
// as the view's reloptions (stages/sql/view_options.hpp). Not translated (nullopt:
// SQLite creates the view from the statement's own text, as before): TEMP views,
// a SELECT the translator does not cover or that reads the session, columns of
// user types.
//
//   DROP VIEW [IF EXISTS] [schema.]name, ...
//
// drops each view (and its comments) as PostgreSQL: 42P01 view "x" does not
// exist (a NOTICE ... skipping with IF EXISTS), 42809 "t" is not a view with
// PostgreSQL's HINT for a table or a sequence. A view that reads a dropped one
// (or reads such a view) is 2BP01 with PostgreSQL's DETAIL ("view w depends on
// view v"); with CASCADE it is dropped too, after PostgreSQL's NOTICE.
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/commands/table_commands.hpp"
#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/types/type_settings.hpp"

namespace tributary {

// `fields` are the ViewStmt's, parsed from `text` (the statement, `position_base`
// characters into the query string): the SQLite CREATE VIEW to run instead.
result<std::optional<std::string>, pg_error> translated_create_view(const nlohmann::json& fields,
                                                                   const std::string& text, int position_base,
                                                                   command_context& context,
                                                                   const type_settings& settings);

// A view SQLite made from the statement's own text (its SELECT not translated): SQLite
// resolves its relations only when it is read, so the view is read once here; a
// relation that does not exist is PostgreSQL's 42P01 (and the statement fails, so the
// view is not kept to break later statements), as other errors of its SELECT are.
result<ok_t, pg_error> check_untranslated_view(const nlohmann::json& fields, sqlite_connection& db);

// `fields` are the DropStmt's (removeType OBJECT_VIEW).
result<command_outcome, pg_error> drop_views(const nlohmann::json& fields, command_context& context);

}  // namespace tributary
