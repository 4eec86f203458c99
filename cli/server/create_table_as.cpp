// create_table_as: CREATE TABLE ... AS query and SELECT ... INTO t, as PostgreSQL
// makes them (statement_dispatcher::create_table_as). The query goes through the
// translator; its output columns (renamed by a column name list) become a table
// created as `CREATE TABLE t (c type, ...)` would make it, each column of the
// PostgreSQL type the query gives it (an untyped literal: text), so the type
// catalog, pg_attribute and psql's \d show PostgreSQL's types. Then, unless WITH NO
// DATA, the query's rows (already their types' stored forms) are inserted.
//
//   tag            SELECT n (rows stored); CREATE TABLE AS with WITH NO DATA or when
//                  IF NOT EXISTS finds the relation (NOTICE relation "t" already
//                  exists, skipping)
//   errors         42601 too many column names were specified, 42701 column "x"
//                  specified more than once, 42P07 relation "t" already exists,
//                  42P16 column "r" has pseudo-type record, the query's own; TEMP
//                  (and pg_temp.t) makes the session's temporary table, ON COMMIT
//                  included (storage/temporary_tables.hpp; 42P16 in another named
//                  schema), a whole-row column (typed by the table's row type in
//                  PostgreSQL) 0A000; a column of a domain read as it is (or a
//                  cast to a domain) keeps the domain, anything computed from it the base type.
// A query the translator does not cover (and CREATE TABLE AS EXECUTE) keeps the
// previous way: SQLite's CREATE TABLE AS (nullopt).
#include <sqlite3.h>

#include "cli/commands/schema_commands.hpp"
#include "cli/commands/table_commands.hpp"
#include "cli/server/statement_dispatcher.hpp"
#include "stages/core/sql_quote.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/pg_type_oids.hpp"
#include "stages/types/type_names.hpp"
#include "storage/sequence_catalog.hpp"
#include "storage/sqlstate_mapping.hpp"
#include "storage/text_query.hpp"

namespace tributary {
namespace {

// CREATE TABLE's text for the new table: the IntoClause's name and persistence,
// one column per output column.
std::string create_table_text(const nlohmann::json& into, const std::vector<std::string>& names,
                              const std::vector<column_type>& types, const std::vector<std::string>& domains) {
  const nlohmann::json& rel = into.value("rel", nlohmann::json::object());
  const std::string persistence = rel.value("relpersistence", std::string("p"));
  const std::string schema = rel.value("schemaname", std::string());
  std::string text = std::string("CREATE ") + (persistence == "t" ? "TEMPORARY " : persistence == "u" ? "UNLOGGED " : "") +
                     "TABLE " + (schema == "pg_temp" ? "pg_temp." : "") +
                     quote_identifier(rel.value("relname", std::string())) + " (";
  for (size_t i = 0; i < names.size(); ++i)
    text += (i ? ", " : "") + quote_identifier(names[i]) + " " +
            (domains[i].empty() ? format_type(types[i]) : quote_identifier_if_needed(domains[i]));
  const std::string on_commit = into.value("onCommit", std::string());
  return text + ")" + (on_commit == "ONCOMMIT_DROP"          ? " ON COMMIT DROP"
                       : on_commit == "ONCOMMIT_DELETE_ROWS" ? " ON COMMIT DELETE ROWS"
                                                             : "");
}

// The statement's SELECT (without INTO) and IntoClause; nullopt for a form not
// covered here (CREATE TABLE AS EXECUTE, CREATE MATERIALIZED VIEW).
std::optional<std::pair<nlohmann::json, nlohmann::json>> query_and_into(const routed_statement& own) {
  const nlohmann::json& fields = own.fields();
  if (own.node_type() == "SelectStmt") {
    nlohmann::json select = fields;
    nlohmann::json into = select["intoClause"];
    if (into.contains("IntoClause"))
      into = into["IntoClause"];
    select.erase("intoClause");
    return std::make_pair(std::move(select), std::move(into));
  }
  const nlohmann::json& query = fields.value("query", nlohmann::json::object());
  if (!query.contains("SelectStmt") || fields.value("objtype", std::string()) != "OBJECT_TABLE")
    return std::nullopt;
  return std::make_pair(query["SelectStmt"], fields.value("into", nlohmann::json::object()));
}

}  // namespace

result<std::optional<statement_shape>, pg_error> statement_dispatcher::create_table_as_shape(
    const routed_statement& statement, const std::vector<uint32_t>& declared) {
  const routed_query own = route_query(statement.text);
  if (own.statements.size() != 1)
    return std::optional<statement_shape>{};
  auto parts = query_and_into(own.statements[0]);
  if (!parts)
    return std::optional<statement_shape>{};
  auto translated = prepare_translated_statement("SelectStmt", parts->first, statement.text, statement.position,
                                                 nullptr, declared_types(declared), *this,
                                                 parameters_.type_settings_now());
  if (!translated)
    return fail(translated.error());
  if (!*translated)
    return std::optional<statement_shape>{};
  statement_shape shape;  // no rows: only its parameters
  shape.parameter_count = (*translated)->parameter_count;
  describe_parameters(shape, **translated);
  return std::optional<statement_shape>{std::move(shape)};
}

result<std::optional<command_outcome>, pg_error> statement_dispatcher::create_table_as(
    const routed_statement& statement, const statement_situation& situation) {
  const routed_query own = route_query(statement.text);  // locations in this text alone
  if (own.statements.size() != 1)
    return std::optional<command_outcome>{};
  const nlohmann::json& fields = own.statements[0].fields();
  auto parts = query_and_into(own.statements[0]);
  if (!parts)
    return std::optional<command_outcome>{};
  const auto& [select, into] = *parts;
  const std::string table = into.value("rel", nlohmann::json::object()).value("relname", std::string());
  const std::string shown = table.substr(table.find('.') == std::string::npos ? 0 : table.find('.') + 1);
  const type_settings settings = parameters_.type_settings_now();
  auto translated = prepare_translated_statement("SelectStmt", select, statement.text, statement.position,
                                                 &situation.parameters, declared_types(situation.parameter_types),
                                                 *this, settings);
  if (!translated)
    return fail(translated.error());
  if (!*translated)
    return std::optional<command_outcome>{};
  std::vector<std::string> names;
  std::vector<column_type> types;
  std::vector<std::string> domains;  // a column of a domain, or a cast to one, keeps the domain
  for (const query_column& c : (*translated)->columns) {
    domains.push_back(c.domain);
    if (c.client_oid != 0)  // a table's whole row: PostgreSQL's column has the row type
      return fail(make_pg_error("0A000", "CREATE TABLE AS with a whole-row column is not supported yet"));
    names.push_back(c.name);
    types.push_back(c.untyped || c.type.oid == pg_type_oid::unknown ? builtin_column_type(pg_type_oid::text) : c.type);
  }
  const nlohmann::json& listed = into.value("colNames", nlohmann::json::array());
  if (listed.size() > names.size())
    return fail(make_pg_error("42601", "too many column names were specified"));
  for (size_t i = 0; i < listed.size(); ++i)
    names[i] = listed[i].value("String", nlohmann::json::object()).value("sval", std::string());
  for (size_t i = 0; i < names.size(); ++i)
    if (types[i].oid == 2249)  // record
      return fail(make_pg_error("42P16", "column \"" + names[i] + "\" has pseudo-type record"));
  for (size_t i = 0; i < names.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (names[i] == names[j])
        return fail(make_pg_error("42701", "column \"" + names[i] + "\" specified more than once"));
  // A temporary table (storage/temporary_tables.hpp): only the session's temporary
  // relations can be in its way; not in a named schema other than pg_temp.
  const nlohmann::json& rel = into.value("rel", nlohmann::json::object());
  const std::string schema = rel.value("schemaname", std::string());
  const bool temporary = rel.value("relpersistence", std::string("p")) == "t" || schema == "pg_temp";
  if (temporary && !schema.empty() && schema != "pg_temp")
    return fail(make_pg_error("42P16", "cannot create temporary relation in non-temporary schema"));
  const bool skip_data = into.value("skipData", false);
  auto outcome = in_own_transaction([&]() -> result<command_outcome, pg_error> {
    if (!temporary)
      if (auto r = check_schemas_exist(statement.schemas, database()); !r)
        return fail(r.error());
    auto exists = relation_exists(db_.handle(), table);
    if (temporary) {
      auto in_temp = query_has_row(
          database(), "SELECT 1 FROM temp.sqlite_schema WHERE type IN ('table', 'view') AND name = ?1 COLLATE NOCASE",
          table);
      if (!in_temp)
        return fail(pg_error_from_sqlite(in_temp.error()));
      exists = *in_temp;
    }
    if (!exists)
      return fail(exists.error());
    if (*exists) {
      if (!fields.value("if_not_exists", false))
        return fail(make_pg_error("42P07", "relation \"" + shown + "\" already exists"));
      pg_error notice = make_pg_error("42P07", "relation \"" + shown + "\" already exists, skipping");
      notice.severity = "NOTICE";
      emit_notice(std::move(notice));
      return command_outcome::tag_only("CREATE TABLE AS");
    }
    const std::string create_text = create_table_text(into, names, types, domains);
    const routed_query create = route_query(create_text);
    if (create.statements.size() != 1)
      return fail(make_pg_error("XX000", "could not make the table's definition: " + create_text));
    if (auto created = create_table(create.statements[0].fields(), create_text, *this, settings); !created) {
      pg_error error = created.error();
      error.position = 0;  // a place in the made-up CREATE TABLE, not in this statement
      return fail(std::move(error));
    }
    if (skip_data)
      return command_outcome::tag_only("CREATE TABLE AS");
    std::string list;
    for (const std::string& name : names)
      list += (list.empty() ? "" : ", ") + quote_identifier(name);
    const std::string insert =
        "INSERT INTO " + std::string(temporary ? "temp." : "main.") + quote_identifier(table) + " (" + list + ") SELECT * FROM (" + (*translated)->sql + ")";
    const int64_t before = sqlite3_total_changes64(db_.handle());
    if (auto r = executor_.run_into_table(insert, (*translated)->parameters, "", 0); !r)
      return fail(r.error());
    return command_outcome::tag_only("SELECT " + std::to_string(sqlite3_total_changes64(db_.handle()) - before));
  });
  if (!outcome)
    return fail(outcome.error());
  return std::optional<command_outcome>{std::move(*outcome)};
}

}  // namespace tributary
