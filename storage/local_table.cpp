// local_table: see the header. Reading the local schema (pragma_table_xinfo,
// a probe for the rowid) and writing the statement texts.
#include "storage/local_table.hpp"

#include "stages/core/local_relation_name.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <cctype>

#include "stages/core/sql_quote.hpp"
#include "storage/column_type_catalog.hpp"

namespace tributary {

namespace {


struct local_column {
  std::string name;
  int pk = 0;         // position in the primary key, 0 = not part of it
  bool generated = false;
  bool not_null = false;
};

result<std::vector<local_column>, pg_error> read_columns(sqlite_connection& db,
                                                        const std::string& table) {
  auto q = db.prepare("SELECT name, pk, hidden, \"notnull\" FROM pragma_table_xinfo(?1)");
  if (!q)
    return fail(make_pg_error("XX000", q.error().message));
  q->bind_text(1, table);
  std::vector<local_column> columns;
  for (;;) {
    auto s = q->step();
    if (!s)
      return fail(make_pg_error("XX000", s.error().message));
    if (*s == sqlite_statement::step_result::done)
      break;
    int64_t hidden = q->column_int(2);
    if (hidden == 1)  // hidden column of a virtual table
      continue;
    columns.push_back(local_column{q->column_text(0), static_cast<int>(q->column_int(1)),
                                   hidden == 2 || hidden == 3, q->column_int(3) != 0});
  }
  return columns;
}

// A CHECK in the table's definition (its own or a domain's, as translated), a
// unique index besides the primary key, or a trigger of any kind on the table;
// true when that cannot be read. The word anywhere in the definition counts: a
// false "yes" only costs a skipped shortcut. Names compare as SQLite's do.
bool has_row_constraints(sqlite_connection& db, const std::string& table) {
  auto q = db.prepare(
      "SELECT (SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?1 COLLATE NOCASE AND "
      "instr(lower(sql), 'check') > 0) + "
      "(SELECT count(*) FROM pragma_index_list(?1) WHERE \"unique\" AND origin <> 'pk') + "
      "(SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?1 COLLATE NOCASE)");
  if (!q)
    return true;
  q->bind_text(1, table);
  auto s = q->step();
  return !s || *s != sqlite_statement::step_result::row || q->column_int(0) != 0;
}

// The first of SQLite's rowid names no column shadows, if the table has a rowid.
std::optional<std::string> rowid_alias(sqlite_connection& db, const std::string& table,
                                       const std::vector<local_column>& columns) {
  for (const char* alias : {"rowid", "_rowid_", "oid"}) {
    bool shadowed = std::any_of(columns.begin(), columns.end(),
                                [&](const local_column& c) { return same_identifier(c.name, alias); });
    if (shadowed)
      continue;
    // Fails to prepare on a WITHOUT ROWID table.
    if (db.prepare(std::string("SELECT ") + alias + " FROM " + quote_identifier(table) + " LIMIT 0"))
      return std::string(alias);
    return std::nullopt;
  }
  return std::nullopt;
}

std::string column_list(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i)
    out += (i ? "," : "") + quote_identifier(names[i]);
  return out;
}

class statement_writer {
public:
  statement_writer(const local_table& table, const relation_info& relation)
      : table_(table), relation_(relation) {}

  // `"c" IS ?n` for each matched column, joined by AND.
  std::string match(const std::vector<statement_param>& columns) {
    std::string out;
    for (const auto& p : columns)
      out += (out.empty() ? "" : " AND ") + column(p.column) + " IS " + param(p);
    return out;
  }

  // `left_out`: columns SET leaves out besides the unchanged TOAST ones.
  std::string set_list(const change_shape& shape, const std::vector<bool>& left_out = {}) {
    std::string out;
    for (uint32_t i = 0; i < relation_.columns.size(); ++i) {
      if (i < shape.new_unchanged.size() && shape.new_unchanged[i])
        continue;
      if (i < left_out.size() && left_out[i])
        continue;
      out += (out.empty() ? "" : ",") + column(i) + "=" +
             param({statement_param::tuple::new_row, i});
    }
    return out;
  }

  std::string insert_values() {
    std::string out;
    for (uint32_t i = 0; i < relation_.columns.size(); ++i)
      out += (i ? "," : "") + param({statement_param::tuple::new_row, i});
    return out;
  }

  size_t param_count() const { return params_.size(); }
  std::vector<statement_param> take_params() { return std::move(params_); }

private:
  std::string column(uint32_t remote_index) const {
    return quote_identifier(table_.column_for[remote_index]);
  }
  std::string param(statement_param p) {
    params_.push_back(p);
    return "?" + std::to_string(params_.size());
  }

  const local_table& table_;
  const relation_info& relation_;
  std::vector<statement_param> params_;
};

column_type type_of_column(const std::vector<column_definition>& columns, const std::string& name) {
  for (const auto& c : columns)
    if (same_identifier(c.name, name))
      return c.type;
  return column_type{};
}

// Whether the local column's equality is byte identity (its collation is BINARY).
bool compares_bytes(sqlite_connection& db, const std::string& table, const std::string& column) {
  const char* collation = nullptr;
  if (sqlite3_table_column_metadata(db.handle(), nullptr, table.c_str(), column.c_str(), nullptr, &collation,
                                    nullptr, nullptr, nullptr) != SQLITE_OK ||
      collation == nullptr)
    return false;
  return sqlite3_stricmp(collation, "BINARY") == 0;
}

pg_error not_updatable(const local_table& table) {
  return make_pg_error("55000",
                       "publisher did not send replica identity column expected by the logical "
                       "replication target relation \"" + table.remote_name + "\"");
}

}  // namespace

std::string local_table_name(const relation_info& relation) {
  return local_relation_name(relation.schema_name, relation.table_name);
}

std::string remote_relation_name(const relation_info& relation) {
  return (relation.schema_name.empty() ? std::string("pg_catalog") : relation.schema_name) + "." +
         relation.table_name;
}

result<local_table, pg_error> describe_local_table(sqlite_connection& db,
                                                   const relation_info& relation) {
  local_table table;
  table.name = local_table_name(relation);
  table.remote_name = remote_relation_name(relation);
  auto columns = read_columns(db, table.name);
  if (!columns)
    return fail(columns.error());
  if (columns->empty())
    return fail(make_pg_error("55000", "logical replication target relation \"" +
                                           table.remote_name + "\" does not exist"));
  auto types = read_table_columns(db, table.name);
  if (!types)
    return fail(make_pg_error("XX000", types.error().message));
  // As logicalrep_report_missing_or_gen_attrs (PostgreSQL 18): every published
  // column with no local column, else every one that is generated locally, in
  // the publisher's order; 55000 for both.
  std::vector<std::string> missing;
  std::vector<std::string> generated;
  for (const auto& remote : relation.columns) {
    auto it = std::find_if(columns->begin(), columns->end(),
                           [&](const local_column& c) { return same_identifier(c.name, remote.name); });
    if (it == columns->end()) {
      missing.push_back(remote.name);
      continue;
    }
    if (it->generated) {
      generated.push_back(remote.name);
      continue;
    }
    table.column_for.push_back(it->name);
    table.type_for.push_back(type_of_column(*types, it->name));
    table.compares_bytes.push_back(compares_bytes(db, table.name, it->name));
    table.not_null.push_back(it->not_null);
  }
  auto refuse = [&](const std::vector<std::string>& names, const char* singular,
                    const char* plural) {
    std::string list;
    for (const auto& n : names)
      list += (list.empty() ? "\"" : ", \"") + n + "\"";
    return make_pg_error("55000", "logical replication target relation \"" + table.remote_name +
                                      "\" " + (names.size() > 1 ? plural : singular) + ": " + list);
  };
  if (!missing.empty())
    return fail(refuse(missing, "is missing replicated column", "is missing replicated columns"));
  if (!generated.empty())
    return fail(refuse(generated, "has incompatible generated column",
                       "has incompatible generated columns"));
  std::vector<const local_column*> pk;
  for (const auto& c : *columns)
    if (c.pk > 0)
      pk.push_back(&c);
  std::sort(pk.begin(), pk.end(), [](auto* a, auto* b) { return a->pk < b->pk; });
  for (auto* c : pk)
    table.primary_key.push_back(c->name);
  table.rowid = rowid_alias(db, table.name, *columns);
  table.has_row_constraints = has_row_constraints(db, table.name);
  return table;
}

statement_text insert_statement_for(const local_table& table, const relation_info& relation, size_t rows) {
  statement_writer w(table, relation);
  std::string sql = "INSERT INTO " + quote_identifier(table.name) + " (" + column_list(table.column_for) + ") VALUES ";
  for (size_t r = 0; r < rows; ++r)
    sql += (r ? ",(" : "(") + w.insert_values() + ")";
  return statement_text{std::move(sql), w.take_params()};
}

result<statement_text, pg_error> statement_for(const local_table& table,
                                               const relation_info& relation,
                                               change_kind kind, const change_shape& shape,
                                               unchanged_keys keys) {
  if (kind == change_kind::insert)
    return insert_statement_for(table, relation, 1);
  statement_writer w(table, relation);
  const std::string name = quote_identifier(table.name);
  // The columns that identify the target row(s), and where their values are.
  std::vector<statement_param> identity;
  const bool full = shape.old_kind == 'O';
  for (uint32_t i = 0; i < relation.columns.size(); ++i) {
    if (full) {
      if (i >= shape.old_unchanged.size() || !shape.old_unchanged[i])
        identity.push_back({statement_param::tuple::old_row, i});
    } else if (relation.columns[i].is_key) {
      identity.push_back({shape.old_kind == 'K' ? statement_param::tuple::old_row
                                                : statement_param::tuple::new_row,
                          i});
    }
  }
  if (identity.empty())
    return fail(not_updatable(table));

  // SET parameters come first, then the match.
  std::string head = "DELETE FROM " + name;
  size_t set_params = 0;
  if (kind == change_kind::update) {
    std::vector<bool> left_out(relation.columns.size(), false);
    if (keys == unchanged_keys::left_out && !full && shape.old_kind != 'K')
      for (const statement_param& p : identity)
        left_out[p.column] = p.column < table.compares_bytes.size() && table.compares_bytes[p.column];
    std::string set = w.set_list(shape, left_out);
    if (set.empty())  // only key columns sent: assign them as they are
      set = w.set_list(shape);
    if (set.empty())  // every column unchanged TOAST: nothing to write
      return fail(make_pg_error("XX000", "UPDATE of \"" + table.remote_name +
                                             "\" sends no column values"));
    head = "UPDATE " + name + " SET " + set;
    set_params = w.param_count();
  }
  if (!full)
    return statement_text{head + " WHERE " + w.match(identity), w.take_params(), set_params};
  if (table.rowid) {
    const std::string& rowid = *table.rowid;
    return statement_text{head + " WHERE " + rowid + " = (SELECT " + rowid + " FROM " + name +
                              " WHERE " + w.match(identity) + " LIMIT 1)",
                          w.take_params(), set_params};
  }
  // WITHOUT ROWID: a match on every primary key column reaches at most one row.
  for (const auto& key : table.primary_key) {
    bool matched = std::any_of(identity.begin(), identity.end(), [&](const statement_param& p) {
      return same_identifier(table.column_for[p.column], key);
    });
    if (!matched)
      return fail(make_pg_error("0A000", "REPLICA IDENTITY FULL changes to WITHOUT ROWID table \"" +
                                             table.name + "\" need its primary key column \"" +
                                             key + "\" among the published columns"));
  }
  return statement_text{head + " WHERE " + w.match(identity), w.take_params(), set_params};
}

}  // namespace tributary
