// index_commands: see the header.
#include "cli/commands/index_commands.hpp"

#include "cli/commands/view_dependents.hpp"
#include "cli/server/statement_router.hpp"
#include "stages/core/sql_quote.hpp"
#include "stages/sql/index_ddl.hpp"
#include "stages/types/operator_classes.hpp"
#include "stages/types/value_io.hpp"
#include "storage/apply_error.hpp"
#include "storage/column_type_catalog.hpp"
#include "storage/index_definition_catalog.hpp"
#include "storage/sqlstate_mapping.hpp"
#include "storage/temporary_tables.hpp"
#include "storage/text_query.hpp"

namespace tributary {
namespace {

// Each key of the plan as PostgreSQL prints it ("a", "lower(v)", "(a + b)"), as SQLite
// computes it over the bare columns, and its type.
std::vector<index_key_expression> printed_keys(const create_index_plan& plan,
                                               const std::vector<column_definition>& columns) {
  std::vector<index_key_expression> out;
  for (size_t i = 0; i < plan.keys.size(); ++i) {
    const auto& k = plan.keys[i];
    if (k.column.empty()) {
      out.push_back({i < plan.detail_key_texts.size() ? plan.detail_key_texts[i] : "", "(" + k.expression + ")", k.type});
      continue;
    }
    for (const auto& c : columns)
      if (c.name == k.column)
        out.push_back({i < plan.detail_key_texts.size() ? plan.detail_key_texts[i] : k.column, quote_identifier(k.column),
                       c.type});
  }
  return out;
}

// "Key (a, b)=(1, x) is duplicated.": the first key the table holds twice (NULLs
// never collide), or "" when none shows.
std::string duplicated_key(sqlite_connection& db, const std::string& table,
                           const std::vector<column_definition>& columns, const create_index_plan& plan,
                           const type_settings& settings) {
  const std::vector<index_key_expression> keys = printed_keys(plan, columns);
  if (keys.size() != plan.keys.size())
    return {};
  std::string list, not_null;
  std::vector<std::string> names;
  for (const auto& key : keys) {
    list += (list.empty() ? "" : ", ") + key.sql;
    not_null += (not_null.empty() ? "" : " AND ") + key.sql + " IS NOT NULL";
    names.push_back(key.text);
  }
  if (!plan.predicate.empty())
    not_null += " AND (" + plan.predicate + ")";
  auto stmt = db.prepare("SELECT " + list + " FROM " + quote_identifier(table) + " WHERE " + not_null +
                         " GROUP BY " + list + " HAVING count(*) > 1 LIMIT 1");
  if (!stmt)
    return {};
  auto row = stmt->step();
  if (!row || *row != sqlite_statement::step_result::row)
    return {};
  std::vector<std::string> values;
  for (size_t i = 0; i < keys.size(); ++i)
    values.push_back(format_text_value(keys[i].type, stmt->column(static_cast<int>(i)), settings).value_or("null"));
  std::string detail = existing_key_detail(names, values);  // "... already exists."
  const std::string tail = "already exists.";
  if (detail.size() >= tail.size() && detail.compare(detail.size() - tail.size(), tail.size(), tail) == 0)
    detail.replace(detail.size() - tail.size(), tail.size(), "is duplicated.");
  return detail;
}

}  // namespace

result<command_outcome, pg_error> create_index(const nlohmann::json& f, std::string_view source,
                                               command_context& context, const type_settings& settings) {
  sqlite_connection& db = context.database();
  const std::string table = f.at("relation").value("relname", std::string());
  auto columns = read_table_columns(db, table);
  if (!columns)
    return fail(pg_error_from_sqlite(columns.error()));
  // A session's temporary table's index goes to SQLite's temp schema with it, among
  // the temporary relations' names (storage/temporary_tables.hpp).
  auto temporary = is_temporary_table(db, table);
  if (!temporary)
    return fail(pg_error_from_sqlite(temporary.error()));
  std::optional<sqlite_error> lookup_failure;
  auto exists = [&](const std::string& name) {
    auto found = query_has_row(db, *temporary ? "SELECT 1 FROM temp.sqlite_schema WHERE name = ?1 COLLATE NOCASE"
                                              : "SELECT 1 FROM sqlite_schema WHERE name = ?1 COLLATE NOCASE",
                               name);
    if (!found)
      lookup_failure = found.error();
    return found && *found;
  };
  auto plan = plan_create_index(f, source, *columns, settings, exists);
  if (lookup_failure)
    return fail(pg_error_from_sqlite(*lookup_failure));
  if (!plan)
    return fail(plan.error());
  // Each column's default operator class for the access method (42704 for json, xml,
  // point, ...: operator_classes.hpp), checked before the name, as PostgreSQL does.
  const std::string method = f.value("accessMethod", std::string("btree"));
  for (const std::string& name : plan->columns)
    for (const auto& c : *columns)
      if (c.name == name)
        if (auto missing = missing_operator_class(c.type, method.empty() ? "btree" : method))
          return fail(std::move(*missing));
  if (plan->notice)
    context.emit_notice(*plan->notice);
  if (plan->sql.empty())
    return command_outcome::tag_only("CREATE INDEX");
  if (*temporary && plan->has_expressions())  // its definition would be kept in the database file
    return fail(make_pg_error("0A000", "an index on expressions or with WHERE of temporary table \"" + table +
                                           "\" is not supported yet"));
  if (auto r = db.exec(plan->sql); !r) {
    if (r.error().message.find("non-deterministic functions prohibited") != std::string::npos)
      return fail(make_pg_error("0A000", "this index expression is not supported yet", "",
                                "SQLite indexes only deterministic functions; the translation of this "
                                "expression reads the session's settings (a cast)."));
    if (!is_unique_violation(r.error()))
      return fail(pg_error_from_sqlite(r.error()));
    return fail(make_pg_error("23505", "could not create unique index \"" + plan->name + "\"",
                              duplicated_key(db, table, *columns, *plan, settings)));
  }
  if (plan->has_expressions())
    if (auto r = record_index_definition(
            db, plan->sqlite_name,
            {plan->key_texts, plan->predicate_text, plan->pretty_key_texts, plan->pretty_predicate_text}); !r)
      return fail(pg_error_from_sqlite(r.error()));
  return command_outcome::tag_only("CREATE INDEX");
}

std::optional<std::vector<index_key_expression>> kept_expression_keys(sqlite_connection& db, const std::string& table,
                                                                     const std::string& index,
                                                                     const type_settings& settings) {
  auto kept = read_index_definition(db, index);
  if (!kept || !*kept)
    return std::nullopt;
  auto columns = read_table_columns(db, table);
  // The key columns in order: a plain column's name, NULL for an expression.
  auto plain = query_rows(db, "SELECT ifnull(name, '') FROM pragma_index_xinfo(?1) WHERE key ORDER BY seqno", index);
  if (!columns || !plain || plain->size() != (*kept)->keys.size())
    return std::nullopt;
  std::string keys;
  for (size_t i = 0; i < plain->size(); ++i)
    keys += (i ? ", " : "") +
            ((*kept)->keys[i].empty() ? quote_identifier((*plain)[i].at(0)) : "(" + (*kept)->keys[i] + ")");
  const std::string statement = "CREATE UNIQUE INDEX kept ON " + quote_identifier(table) + " (" + keys + ")";
  const routed_query parsed = route_query(statement);
  if (parsed.statements.size() != 1)
    return std::nullopt;
  auto plan = plan_create_index(parsed.statements[0].fields(), statement, *columns, settings,
                                [](const std::string&) { return false; });
  if (!plan)  // a text a later change broke (a renamed column it still names)
    return std::nullopt;
  std::vector<index_key_expression> out = printed_keys(*plan, *columns);
  if (out.size() != plan->keys.size())
    return std::nullopt;
  return out;
}

result<ok_t, pg_error> rename_column_in_index_texts(sqlite_connection& db, const std::string& table,
                                                    const std::string& from, const std::string& to) {
  auto indexes = query_texts(db, "SELECT name FROM pragma_index_list(?1)", table);
  if (!indexes)
    return fail(pg_error_from_sqlite(indexes.error()));
  for (const std::string& index : *indexes) {
    auto kept = read_index_definition(db, index);
    if (!kept)
      return fail(pg_error_from_sqlite(kept.error()));
    if (!*kept)
      continue;
    index_definition_text text = std::move(**kept);
    for (auto* keys : {&text.keys, &text.pretty_keys})
      for (std::string& key : *keys)
        key = rename_column_in_expression(key, from, to);
    text.predicate = rename_column_in_expression(text.predicate, from, to);
    text.pretty_predicate = rename_column_in_expression(text.pretty_predicate, from, to);
    if (auto r = record_index_definition(db, index, text); !r)
      return fail(pg_error_from_sqlite(r.error()));
  }
  return ok_v;
}

result<command_outcome, pg_error> drop_indexes(const nlohmann::json& f, command_context& context) {
  sqlite_connection& db = context.database();
  std::optional<sqlite_error> lookup_failure;
  auto exists = [&](const std::string& name) {
    auto found = query_has_row(
        db, "SELECT 1 FROM sqlite_schema WHERE type = 'index' AND name = ?1 COLLATE NOCASE", name);
    if (!found)
      lookup_failure = found.error();
    return found && *found;
  };
  auto plan = plan_drop_index(f, exists);
  if (lookup_failure)
    return fail(pg_error_from_sqlite(*lookup_failure));
  if (!plan)
    return fail(plan.error());
  for (auto& notice : plan->notices)
    context.emit_notice(std::move(notice));
  for (size_t i = 0; i < plan->sql.size(); ++i) {
    if (auto r = db.exec(plan->sql[i]); !r)
      return fail(pg_error_from_sqlite(r.error()));
    if (auto r = forget_index_definition(db, plan->sqlite_names[i]); !r)
      return fail(pg_error_from_sqlite(r.error()));
  }
  return command_outcome::tag_only("DROP INDEX");
}

}  // namespace tributary
