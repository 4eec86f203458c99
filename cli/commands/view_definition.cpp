// view_definition: see the header.
#include "cli/commands/view_definition.hpp"

#include <set>

#include "cli/commands/schema_commands.hpp"
#include "cli/commands/table_command_support.hpp"
#include "stages/core/sql_quote.hpp"
#include "storage/description_catalog.hpp"
#include "storage/sequence_catalog.hpp"
#include "storage/text_query.hpp"
#include "stages/core/local_relation_name.hpp"
#include "stages/sql/view_text.hpp"
#include "stages/types/builtin_types.hpp"

namespace tributary {

result<std::optional<std::string>, pg_error> translated_create_view(const nlohmann::json& fields,
                                                                   const std::string& text, int position_base,
                                                                   command_context& context,
                                                                   const type_settings& settings) {
  using json = nlohmann::json;
  const std::optional<std::string> untranslated;
  const std::string check = fields.value("withCheckOption", std::string("NO_CHECK_OPTION"));
  if (fields.value("replace", false) || !fields.value("options", json::array()).empty() ||
      check != "NO_CHECK_OPTION")
    return untranslated;
  const json& query = fields.value("query", json::object());
  if (!query.contains("SelectStmt"))
    return untranslated;
  const json& view = fields.value("view", json::object());
  const std::string schema = view.value("schemaname", std::string());
  const std::string name = view.value("relname", std::string());
  // A temporary view lives in SQLite's temp schema, which the catalogs do not read.
  if (view.value("relpersistence", std::string("p")) == "t")
    return untranslated;
  if (!schema.empty() && schema != "public")
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
  return std::optional<std::string>{
      translated_view_sql(local_relation_name(schema, name), false, stored, (*translated)->sql)};
}

result<command_outcome, pg_error> drop_views(const nlohmann::json& fields, command_context& context) {
  sqlite_connection& db = context.database();
  const bool if_exists = fields.value("missing_ok", false);
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
    auto kinds = query_texts(db, "SELECT type FROM sqlite_schema WHERE name = ?1 AND type IN ('table', 'view')", local);
    if (!kinds)
      return fail(table_storage_error(kinds.error()));
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
    if (auto r = db.exec("DROP VIEW " + quote_identifier(local)); !r)
      return fail(table_storage_error(r.error()));
    if (auto r = forget_descriptions(db, local); !r)
      return fail(table_storage_error(r.error()));
  }
  return command_outcome::tag_only("DROP VIEW");
}

}  // namespace tributary
