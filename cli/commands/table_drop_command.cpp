// DROP TABLE a, b (table_commands.hpp): each table with its catalog rows
// (column types, privileges, descriptions, checks, owned sequences).
#include "cli/commands/table_commands.hpp"

#include "cli/commands/table_command_support.hpp"
#include "cli/commands/table_privilege_records.hpp"
#include "stages/core/local_relation_name.hpp"
#include "stages/core/sql_quote.hpp"
#include "storage/check_catalog.hpp"
#include "storage/column_type_catalog.hpp"
#include "storage/description_catalog.hpp"
#include "storage/sequence_catalog.hpp"

namespace tributary {

result<command_outcome, pg_error> drop_tables(const nlohmann::json& stmt, command_context& context) {
  sqlite_connection& db = context.database();
  const bool if_exists = stmt.value("missing_ok", false);
  for (const auto& object : stmt.value("objects", nlohmann::json::array())) {
    const auto& items = object.value("List", nlohmann::json::object())
                            .value("items", nlohmann::json::array());
    if (items.empty())
      continue;
    const std::string name =
        items.back().value("String", nlohmann::json::object()).value("sval", std::string());
    const std::string schema =
        items.size() > 1 ? items[items.size() - 2].value("String", nlohmann::json::object())
                               .value("sval", std::string())
                         : std::string();
    const std::string table = local_relation_name(schema, name);
    if (auto r = check_droppable(schema, name, table, items.size()); !r)
      return fail(r.error());
    auto exists = table_exists(db, table);
    if (!exists)
      return fail(exists.error());
    if (!*exists) {
      auto sequence = find_sequence(db.handle(), table);
      if (!sequence)
        return fail(sequence.error());
      if (*sequence) {  // PostgreSQL's DropErrorMsgWrongType
        pg_error e = make_pg_error("42809", "\"" + name + "\" is not a table");
        e.hint = "Use DROP SEQUENCE to remove a sequence.";
        return fail(std::move(e));
      }
      if (!if_exists)
        return fail(make_pg_error("42P01", "table \"" + name + "\" does not exist"));
      table_notice(context, "table \"" + name + "\" does not exist, skipping");
      continue;
    }
    if (auto r = db.exec("DROP TABLE " + quote_identifier(table)); !r)
      return fail(table_storage_error(r.error()));
    if (auto r = forget_table_columns(db, table); !r)
      return fail(table_storage_error(r.error()));
    if (auto r = forget_dropped_table(db, table); !r)
      return fail(r.error());
    if (auto r = forget_descriptions(db, table); !r)
      return fail(table_storage_error(r.error()));
    if (auto r = record_table_checks(db, table, {}); !r)
      return fail(table_storage_error(r.error()));
    if (auto r = drop_owned_sequences(db.handle(), table); !r)
      return fail(r.error());
  }
  return command_outcome::tag_only("DROP TABLE");
}

}  // namespace tributary
