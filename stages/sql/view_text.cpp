// view_text: see the header.
#include "stages/sql/view_text.hpp"

#include <nlohmann/json.hpp>

#include "stages/core/sql_quote.hpp"

namespace tributary {

namespace {

constexpr std::string_view marker = "/* tributary-view ";
constexpr std::string_view marker_end = " */";

}  // namespace

std::string translated_view_sql(const std::string& local_name, bool temporary, const stored_view& view,
                                const std::string& translated_select) {
  nlohmann::json record;
  record["postgres"] = view.postgres;
  record["columns"] = nlohmann::json::array();
  std::string names;
  for (const auto& c : view.columns) {
    record["columns"].push_back(
        {{"name", c.name}, {"oid", c.type.oid}, {"typmod", c.type.typmod}, {"dimensions", c.dimensions}});
    names += (names.empty() ? "" : ",") + quote_identifier(c.name);
  }
  // JSON text with "*/" written "*\/" (a JSON escape), so the comment ends where it should.
  std::string text = record.dump();
  for (size_t at = text.find("*/"); at != std::string::npos; at = text.find("*/", at + 3))
    text.replace(at, 2, "*\\/");
  return std::string("CREATE ") + (temporary ? "TEMP " : "") + "VIEW " + quote_identifier(local_name) + "(" +
         names + ") AS " + std::string(marker) + text + std::string(marker_end) + " " + translated_select;
}

std::optional<stored_view> read_stored_view(std::string_view sqlite_sql) {
  const size_t start = sqlite_sql.find(marker);
  if (start == std::string_view::npos)
    return std::nullopt;
  const size_t body = start + marker.size();
  const size_t end = sqlite_sql.find(marker_end, body);
  if (end == std::string_view::npos)
    return std::nullopt;
  const auto record = nlohmann::json::parse(sqlite_sql.substr(body, end - body), nullptr, false);
  if (!record.is_object() || !record.contains("postgres") || !record["postgres"].is_string() ||
      !record.contains("columns") || !record["columns"].is_array())
    return std::nullopt;
  stored_view out;
  out.postgres = record["postgres"].get<std::string>();
  for (const auto& c : record["columns"]) {
    column_definition column;
    column.name = c.value("name", std::string());
    column.type = builtin_column_type(c.value("oid", oid_t{0}), c.value("typmod", int32_t{-1}));
    column.dimensions = c.value("dimensions", 0);
    out.columns.push_back(std::move(column));
  }
  return out;
}

std::string postgres_view_text(std::string_view sqlite_sql) {
  if (auto view = read_stored_view(sqlite_sql))
    return view->postgres;
  return std::string(sqlite_sql);
}

}  // namespace tributary
