// view_definition: see the header.
#include "cli/commands/view_definition.hpp"

#include <set>

#include "cli/commands/schema_commands.hpp"
#include "cli/catalog/catalog_model.hpp"
#include "cli/catalog/temporary_schema_marker.hpp"
#include "cli/commands/table_command_support.hpp"
#include "cli/commands/view_dependents.hpp"
#include "stages/core/sql_quote.hpp"
#include "storage/description_catalog.hpp"
#include "storage/relation_acl_catalog.hpp"
#include "storage/sqlstate_mapping.hpp"
#include "storage/sequence_catalog.hpp"
#include "storage/temporary_tables.hpp"
#include "storage/text_query.hpp"
#include "stages/core/local_relation_name.hpp"
#include "stages/sql/view_options.hpp"
#include "stages/sql/view_text.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/type_names.hpp"

namespace tributary {

namespace {

// CREATE OR REPLACE VIEW of an existing `local`: PostgreSQL's checkViewTupleDesc
// (columns may be added at the end, never dropped, renamed or retyped: 42P16),
// then the old view goes (the new one is created in the same transaction).
result<ok_t, pg_error> replace_view(sqlite_connection& db, const std::string& local, const std::string& name,
                                    bool temporary, const stored_view& replacement) {
  // A temporary view replaces the session's temporary one only (it may hide a table).
  const std::string schema = temporary ? "temp" : "main";
  auto existing = query_rows(
      db, "SELECT type, sql FROM " + schema + ".sqlite_schema WHERE name = ?1 AND type IN ('table', 'view')", local);
  if (!existing)
    return fail(table_storage_error(existing.error()));
  auto sequence = find_sequence(db.handle(), local);
  if (!sequence)
    return fail(sequence.error());
  if (existing->empty())
    return ok_v;
  if ((*existing)[0][0] != "view" || (*sequence && !temporary))
    return fail(make_pg_error("42809", "\"" + name + "\" is not a view"));
  if (auto old = read_stored_view((*existing)[0][1])) {
    if (replacement.columns.size() < old->columns.size())
      return fail(make_pg_error("42P16", "cannot drop columns from view"));
    for (size_t i = 0; i < old->columns.size(); ++i) {
      const column_definition& was = old->columns[i];
      const column_definition& now = replacement.columns[i];
      if (was.name != now.name) {
        pg_error e = make_pg_error("42P16", "cannot change name of view column \"" + was.name + "\" to \"" +
                                                now.name + "\"");
        e.hint = "Use ALTER VIEW ... RENAME COLUMN ... to change name of view column instead.";
        return fail(std::move(e));
      }
      if (was.type.oid != now.type.oid || was.type.typmod != now.type.typmod)
        return fail(make_pg_error("42P16", "cannot change data type of view column \"" + was.name + "\" from " +
                                               format_type(was.type) + " to " + format_type(now.type)));
    }
  }
  if (auto r = db.exec("DROP VIEW " + schema + "." + quote_identifier(local)); !r)
    return fail(table_storage_error(r.error()));
  return ok_v;
}

// Whether `node` (a view's query) reads one of the session's temporary relations
// by its bare or pg_temp name: a temporary table (storage/temporary_tables.hpp) or a
// temporary view (not the session's monitoring views, which are SQLite temp views).
result<bool, pg_error> reads_temporary_relation(const nlohmann::json& node, sqlite_connection& db) {
  if (node.is_array() || node.is_object()) {
    if (node.is_object() && node.contains("RangeVar")) {
      const nlohmann::json& range_var = node["RangeVar"];
      const std::string schema = range_var.value("schemaname", std::string());
      const std::string name = range_var.value("relname", std::string());
      if ((schema.empty() || schema == "pg_temp") && name != "pg_stat_subscription" &&
          name != "pg_stat_subscription_stats") {
        auto table = is_temporary_table(db, name);
        if (!table)
          return fail(table_storage_error(table.error()));
        auto view = query_has_row(db, "SELECT 1 FROM temp.sqlite_schema WHERE type = 'view' AND name = ?1", name);
        if (!view)
          return fail(table_storage_error(view.error()));
        if (*table || *view)
          return true;
      }
    }
    for (const auto& item : node) {
      auto found = reads_temporary_relation(item, db);
      if (!found || *found)
        return found;
    }
  }
  return false;
}

}  // namespace

result<std::optional<std::string>, pg_error> translated_create_view(const nlohmann::json& fields,
                                                                   const std::string& text, int position_base,
                                                                   command_context& context,
                                                                   const type_settings& settings) {
  using json = nlohmann::json;
  const std::optional<std::string> untranslated;
  // WITH (check_option, security_barrier) and WITH CHECK OPTION stay in the text
  // (pg_class.reloptions); there are no updatable views to check.
  if (auto options = view_reloptions(fields); !options)
    return fail(options.error());
  const json& query = fields.value("query", json::object());
  if (!query.contains("SelectStmt"))
    return untranslated;
  const json& view = fields.value("view", json::object());
  const std::string schema = view.value("schemaname", std::string());
  const std::string name = view.value("relname", std::string());
  // A temporary view lives in SQLite's temp schema: typed as any view (the query
  // translator reads its record there), listed in the session's pg_temp_N schema.
  bool temporary = view.value("relpersistence", std::string("p")) == "t";
  if (temporary && !schema.empty() && schema != "pg_temp")
    return untranslated;
  // A view that reads a temporary relation is temporary, as PostgreSQL makes it.
  if (!temporary && (schema.empty() || schema == "public")) {
    auto reads = reads_temporary_relation(query, context.database());
    if (!reads)
      return fail(reads.error());
    if (*reads) {
      temporary = true;
      pg_error notice = make_pg_error("00000", "view \"" + name + "\" will be a temporary view");
      notice.severity = "NOTICE";
      context.emit_notice(std::move(notice));
    }
  }
  if (temporary)
    if (auto made = make_temporary_schema(context); !made)
      return fail(made.error());
  if (!temporary && !schema.empty() && schema != "public")
    if (auto exists = check_schemas_exist({schema}, context.database()); !exists)
      return fail(exists.error());
  auto translated = translate_view_select(query["SelectStmt"], text, position_base, context, settings);
  if (!translated)
    return fail(translated.error());
  if (!*translated)
    return untranslated;
  std::vector<std::string> aliases;
  for (const auto& alias : fields.value("aliases", json::array()))
    aliases.push_back(alias.value("String", json::object()).value("sval", std::string()));
  if (aliases.size() > (*translated)->columns.size())
    return fail(make_pg_error("42601", "CREATE VIEW specifies more column names than columns"));
  stored_view stored;
  stored.postgres = text;
  std::set<std::string> names;
  for (size_t i = 0; i < (*translated)->columns.size(); ++i) {
    const query_column& c = (*translated)->columns[i];
    // Built-in types only (an enum's or a domain's value needs its type's record).
    const type_descriptor* type = find_builtin_type(c.type.oid);
    if (type == nullptr || type->oid != c.type.oid || c.type.oid == 705 /* unknown */)
      return untranslated;
    column_definition column;
    column.name = i < aliases.size() ? aliases[i] : c.name;
    column.type = builtin_column_type(c.type.oid, c.type.typmod);
    // attndims stays 0: PostgreSQL records no dimensions for a view's array column.
    if (!names.insert(column.name).second)
      return fail(make_pg_error("42701", "column \"" + column.name + "\" specified more than once"));
    stored.columns.push_back(std::move(column));
  }
  const std::string local = temporary ? name : local_relation_name(schema, name);
  if (fields.value("replace", false))
    if (auto replaced = replace_view(context.database(), local, name, temporary, stored); !replaced)
      return fail(replaced.error());
  return std::optional<std::string>{translated_view_sql(local, temporary, stored, (*translated)->sql)};
}

result<command_outcome, pg_error> drop_views(const nlohmann::json& fields, command_context& context) {
  sqlite_connection& db = context.database();
  const bool if_exists = fields.value("missing_ok", false);
  // Every name first: the views to drop, a missing one's error or notice.
  std::vector<std::string> views;
  std::string single;  // the first view's name, as PostgreSQL's message names it
  for (const auto& object : fields.value("objects", nlohmann::json::array())) {
    const auto& items = object.value("List", nlohmann::json::object()).value("items", nlohmann::json::array());
    if (items.empty())
      continue;
    const auto part = [&](size_t i) {
      return items[i].value("String", nlohmann::json::object()).value("sval", std::string());
    };
    const std::string name = part(items.size() - 1);
    const std::string schema = items.size() > 1 ? part(items.size() - 2) : std::string();
    const std::string local = local_relation_name(schema, name);
    // A temporary view (SQLite's temp schema) first, as the name finds it.
    auto kinds = query_texts(db,
                             "SELECT type FROM temp.sqlite_schema WHERE name = ?1 AND type = 'view' UNION ALL "
                             "SELECT type FROM main.sqlite_schema WHERE name = ?1 AND type IN ('table', 'view')",
                             local);
    if (!kinds)
      return fail(table_storage_error(kinds.error()));
    if (schema.empty() || schema == "pg_temp") {  // the session's temporary table hides the rest
      auto temporary = is_temporary_table(db, name);
      if (!temporary)
        return fail(table_storage_error(temporary.error()));
      if (*temporary)
        kinds->insert(kinds->begin(), "table");
    }
    auto sequence = find_sequence(db.handle(), local);
    if (!sequence)
      return fail(sequence.error());
    if (!kinds->empty() && (kinds->front() == "table" || *sequence)) {  // PostgreSQL's DropErrorMsgWrongType
      pg_error e = make_pg_error("42809", "\"" + name + "\" is not a view");
      e.hint = *sequence ? "Use DROP SEQUENCE to remove a sequence." : "Use DROP TABLE to remove a table.";
      return fail(std::move(e));
    }
    if (kinds->empty()) {
      if (!if_exists)
        return fail(make_pg_error("42P01", "view \"" + name + "\" does not exist"));
      table_notice(context, "view \"" + name + "\" does not exist, skipping");
      continue;
    }
    if (views.empty())
      single = schema.empty() || schema == "public" ? name : schema + "." + name;
    views.push_back(local);
  }
  if (views.empty())
    return command_outcome::tag_only("DROP VIEW");
  // The views that read the dropped ones (and those that read them): 2BP01, or with CASCADE dropped first.
  auto model = read_catalog_model(db);
  if (!model)
    return fail(make_pg_error("XX000", model.error().message));
  const auto dependents = dependent_views(db, *model, views);
  if (!dependents.empty()) {
    std::string lines;
    if (fields.value("behavior", std::string()) != "DROP_CASCADE") {
      for (const auto& d : dependents)
        lines += (lines.empty() ? "" : "\n") + std::string("view ") + described_table(*d.view) + " depends on " +
                 std::string(d.reads->kind == 'v' ? "view " : "table ") + described_table(*d.reads);
      return fail(make_pg_error("2BP01",
                                views.size() == 1
                                    ? "cannot drop view " + single + " because other objects depend on it"
                                    : std::string("cannot drop desired object(s) because other objects depend on them"),
                                lines, "Use DROP ... CASCADE to drop the dependent objects too."));
    }
    for (const auto& d : dependents)
      lines += (lines.empty() ? "" : "\n") + std::string("drop cascades to view ") + described_table(*d.view);
    pg_error notice = dependents.size() == 1
                          ? make_pg_error("00000", lines)
                          : make_pg_error("00000",
                                          "drop cascades to " + std::to_string(dependents.size()) + " other objects",
                                          lines);
    notice.severity = "NOTICE";
    context.emit_notice(std::move(notice));
    for (const auto& d : dependents)  // the last reached first
      views.insert(views.begin(), d.view->local_name);
  }
  for (const auto& local : views) {
    if (auto r = db.exec("DROP VIEW " + quote_identifier(local)); !r)
      return fail(table_storage_error(r.error()));
    if (auto r = forget_descriptions(db, local); !r)
      return fail(table_storage_error(r.error()));
    if (auto r = forget_relation_acl(db, local); !r)
      return fail(table_storage_error(r.error()));
  }
  return command_outcome::tag_only("DROP VIEW");
}

result<ok_t, pg_error> check_untranslated_view(const nlohmann::json& fields, sqlite_connection& db) {
  const nlohmann::json& view = fields.value("view", nlohmann::json::object());
  const std::string schema = view.value("schemaname", std::string());
  const std::string name = view.value("relname", std::string());
  const bool temporary = view.value("relpersistence", std::string("p")) == "t";
  const std::string relation = temporary ? "temp." + quote_identifier(name)
                                         : quote_identifier(local_relation_name(schema, name));
  if (auto read = db.prepare("SELECT * FROM " + relation + " LIMIT 0"); !read)
    return fail(pg_error_from_sqlite(read.error()));
  return ok_v;
}

}  // namespace tributary
