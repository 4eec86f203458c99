// index_definition_catalog: see the header.
#include "storage/index_definition_catalog.hpp"

#include <nlohmann/json.hpp>

#include "storage/text_query.hpp"

namespace tributary {

result<std::optional<index_definition_text>, sqlite_error> read_index_definition(sqlite_connection& db,
                                                                                 const std::string& index) {
  auto rows = query_rows(db, "SELECT keys, predicate, pretty_keys, pretty_predicate FROM tributary_index_definitions WHERE indexname = ?1", index);
  if (!rows) {
    if (rows.error().message.find("no such table") != std::string::npos)
      return std::optional<index_definition_text>{};
    return fail(rows.error());
  }
  if (rows->empty())
    return std::optional<index_definition_text>{};
  auto texts = [](const std::string& array) {
    std::vector<std::string> out;
    const auto keys = nlohmann::json::parse(array, nullptr, false);
    if (keys.is_array())
      for (const auto& key : keys)
        out.push_back(key.is_string() ? key.get<std::string>() : "");
    return out;
  };
  const auto& row = rows->front();
  index_definition_text out{texts(row[0]), row[1], texts(row[2]), row[3]};
  return std::optional<index_definition_text>{std::move(out)};
}

result<ok_t, sqlite_error> record_index_definition(sqlite_connection& db, const std::string& index,
                                                   const index_definition_text& text) {
  auto insert = db.prepare(
      "INSERT OR REPLACE INTO tributary_index_definitions (indexname, keys, predicate, pretty_keys, pretty_predicate) "
      "VALUES (?1, ?2, ?3, ?4, ?5)");
  if (!insert)
    return fail(insert.error());
  insert->bind_text(1, index);
  insert->bind_text(2, nlohmann::json(text.keys).dump());
  insert->bind_text(3, text.predicate);
  insert->bind_text(4, nlohmann::json(text.pretty_keys).dump());
  insert->bind_text(5, text.pretty_predicate);
  return insert->run();
}

result<ok_t, sqlite_error> forget_index_definition(sqlite_connection& db, const std::string& index) {
  auto remove = db.prepare("DELETE FROM tributary_index_definitions WHERE indexname = ?1");
  if (!remove)
    return fail(remove.error());
  remove->bind_text(1, index);
  return remove->run();
}

}  // namespace tributary
