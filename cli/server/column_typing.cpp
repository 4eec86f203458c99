// column_typing: see the header.
#include "cli/server/column_typing.hpp"

#include <sqlite3.h>

#include <map>

#include "stages/core/sql_quote.hpp"
#include "storage/column_type_catalog.hpp"

namespace tributary {
namespace {


}  // namespace

std::vector<std::optional<column_type>> source_column_types(sqlite_connection& db,
                                                            const sqlite_statement& statement) {
  std::vector<std::optional<column_type>> types;
  std::map<std::string, std::vector<column_definition>> tables;
  const int count = statement.column_count();
  for (int c = 0; c < count; ++c) {
    const char* table = sqlite3_column_table_name(statement.handle(), c);
    const char* column = sqlite3_column_origin_name(statement.handle(), c);
    const char* database = sqlite3_column_database_name(statement.handle(), c);
    const bool local = database && (std::string_view(database) == "main" ||
                                    std::string_view(database) == "temp");
    if (!table || !column || !local) {
      types.emplace_back();
      continue;
    }
    const bool in_main = std::string_view(database) == "main";
    const std::string key = std::string(in_main ? "main." : "temp.") + table;
    auto it = tables.find(key);
    if (it == tables.end()) {
      auto columns = read_table_columns(db, table, in_main ? relation_schema::main : relation_schema::resolve);
      it = tables.emplace(key, columns ? std::move(*columns) : std::vector<column_definition>{})
               .first;
    }
    std::optional<column_type> type;
    for (const auto& definition : it->second)
      if (same_identifier(definition.name, column))
        type = definition.type;
    types.push_back(std::move(type));
  }
  return types;
}

}  // namespace tributary
