#include "storage/unique_conflicts.hpp"

#include <algorithm>

#include "stages/core/sql_quote.hpp"
#include "stages/sql/alter_key.hpp"
#include "stages/sql/sqlite_table_text.hpp"
#include "storage/text_query.hpp"
#include "stages/types/value_io.hpp"

namespace tributary {

namespace {

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + items[i];
  return out;
}

// Bytes of `text` that fit in `limit` without cutting a UTF-8 character.
size_t clip_length(const std::string& text, size_t limit) {
  if (text.size() <= limit)
    return text.size();
  size_t at = limit;
  while (at > 0 && (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80) --at;
  return at;
}

std::string value_text(const column_type& type, const sql_value& stored, const type_settings& settings) {
  auto text = format_text_value(type, stored, settings);
  return text ? *text : "null";
}

int column_index(const probed_row& row, const std::string& column) {
  for (size_t i = 0; i < row.columns.size(); ++i)
    if (same_identifier(row.columns[i], column))
      return static_cast<int>(i);
  return -1;
}

}  // namespace

result<std::vector<unique_key>, sqlite_error> unique_keys_of(sqlite_connection& db, const std::string& table,
                                                             const std::string& relation_name) {
  std::vector<unique_key> keys;
  // A key declared with a name keeps it in the definition (alter_key.hpp).
  sqlite_table_text definition;
  if (auto sql = query_texts(db, "SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?1", table);
      sql && !sql->empty())
    if (auto split = split_table_text(sql->front()))
      definition = std::move(*split);
  // The primary key, a rowid alias included (it has no index of its own).
  auto pk = db.prepare("SELECT name FROM pragma_table_info(?1) WHERE pk > 0 ORDER BY pk");
  if (!pk)
    return fail(pk.error());
  pk->bind_text(1, table);
  unique_key primary{relation_name + "_pkey", {}, true};
  for (;;) {
    auto step = pk->step();
    if (!step)
      return fail(step.error());
    if (*step != sqlite_statement::step_result::row)
      break;
    primary.columns.push_back(pk->column_text(0));
  }
  if (const std::string declared = declared_key_name(definition, primary.columns); !declared.empty())
    primary.name = declared;
  if (!primary.columns.empty())
    keys.push_back(std::move(primary));

  auto indexes = db.prepare(
      "SELECT l.name, l.origin FROM pragma_index_list(?1) l JOIN sqlite_schema s ON s.name = l.name "
      "WHERE l.\"unique\" AND l.origin <> 'pk' AND NOT l.partial ORDER BY s.rowid");
  if (!indexes)
    return fail(indexes.error());
  indexes->bind_text(1, table);
  for (;;) {
    auto step = indexes->step();
    if (!step)
      return fail(step.error());
    if (*step != sqlite_statement::step_result::row)
      break;
    const std::string index = indexes->column_text(0);
    const bool constraint = indexes->column_text(1) == "u";
    auto columns = db.prepare("SELECT cid, name FROM pragma_index_info(?1) ORDER BY seqno");
    if (!columns)
      return fail(columns.error());
    columns->bind_text(1, index);
    unique_key key;
    key.constraint = constraint;
    bool on_expression = false;
    for (;;) {
      auto c = columns->step();
      if (!c)
        return fail(c.error());
      if (*c != sqlite_statement::step_result::row)
        break;
      if (columns->column_int(0) < 0)
        on_expression = true;
      else
        key.columns.push_back(columns->column_text(1));
    }
    if (on_expression || key.columns.empty())
      continue;
    if (const std::string declared = constraint ? declared_key_name(definition, key.columns) : "";
        !declared.empty()) {
      key.name = declared;
    } else if (constraint) {
      key.name = relation_name;
      for (const auto& c : key.columns) key.name += "_" + c;
      key.name += "_key";
    } else {
      key.name = index;
    }
    keys.push_back(std::move(key));
  }
  return keys;
}

result<std::vector<key_conflict>, sqlite_error> find_key_conflicts(sqlite_connection& db,
                                                                   const std::string& table,
                                                                   const std::vector<unique_key>& keys,
                                                                   const probed_row& row,
                                                                   const type_settings& settings) {
  std::vector<key_conflict> conflicts;
  std::string shown;
  for (size_t i = 0; i < row.columns.size(); ++i) shown += (i ? ", " : "") + quote_identifier(row.columns[i]);
  for (const auto& key : keys) {
    std::vector<int> at;
    bool probeable = true;
    for (const auto& column : key.columns) {
      const int i = column_index(row, column);
      // A key the row does not carry, or carries a NULL in, cannot collide.
      if (i < 0 || !row.values[i] || std::holds_alternative<sql_null>(*row.values[i]))
        probeable = false;
      at.push_back(i);
    }
    if (!probeable)
      continue;
    std::string sql = "SELECT " + shown + " FROM " + quote_identifier(table) + " WHERE ";
    int parameter = 0;
    for (size_t k = 0; k < key.columns.size(); ++k)
      sql += (k ? " AND " : "") + quote_identifier(key.columns[k]) + " = ?" + std::to_string(++parameter);
    if (!row.identity.empty()) {
      sql += " AND NOT (";
      for (size_t k = 0; k < row.identity.size(); ++k)
        sql += (k ? " AND " : "") + quote_identifier(row.identity[k].first) + " IS ?" + std::to_string(++parameter);
      sql += ")";
    }
    sql += " LIMIT 1";
    auto probe = db.prepare(sql);
    if (!probe)
      return fail(probe.error());
    parameter = 0;
    for (int i : at) probe->bind(++parameter, *row.values[i]);
    for (const auto& [column, value] : row.identity) probe->bind(++parameter, value);
    auto step = probe->step();
    if (!step)
      return fail(step.error());
    if (*step != sqlite_statement::step_result::row)
      continue;
    std::vector<std::optional<std::string>> existing;
    for (size_t c = 0; c < row.columns.size(); ++c) {
      auto text = format_text_value(row.types[c], probe->column(static_cast<int>(c)), settings);
      existing.push_back(std::move(text));
    }
    std::vector<std::string> values;
    for (int i : at) values.push_back(value_text(row.types[i], *row.values[i], settings));
    conflicts.push_back({key.name, "(" + joined(key.columns) + ")=(" + joined(values) + ")",
                         row_description(existing)});
  }
  return conflicts;
}

std::string row_description(const std::vector<std::optional<std::string>>& values) {
  constexpr size_t max_field_length = 64;  // ExecBuildSlotValueDescription's maxfieldlen
  std::string out = "(";
  for (size_t i = 0; i < values.size(); ++i) {
    if (i)
      out += ", ";
    if (!values[i]) {
      out += "null";
      continue;
    }
    const std::string& v = *values[i];
    const size_t length = clip_length(v, max_field_length);
    out.append(v, 0, length);
    if (length < v.size())
      out += "...";
  }
  return out + ")";
}

std::vector<std::optional<std::string>> row_text(const probed_row& row, const type_settings& settings) {
  std::vector<std::optional<std::string>> out;
  for (size_t i = 0; i < row.columns.size(); ++i)
    out.push_back(row.values[i] ? format_text_value(row.types[i], *row.values[i], settings) : std::nullopt);
  return out;
}

std::string conflict_detail(const std::vector<key_conflict>& conflicts, const std::string& remote_row,
                            const std::string& replica_identity) {
  std::string out;
  for (const auto& c : conflicts) {
    if (!out.empty())
      out += "\n";
    out += "Key already exists in unique index \"" + c.index_name + "\".\nKey " + c.key +
           "; existing local row " + c.existing_row + "; remote row " + remote_row;
    if (!replica_identity.empty())
      out += "; " + replica_identity;
    out += ".";
  }
  return out;
}

}  // namespace tributary
