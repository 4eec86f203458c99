// foreign_key_violation: see the header.
#include "storage/foreign_key_violation.hpp"

#include <set>
#include <tuple>
#include <vector>

#include "stages/core/sql_quote.hpp"
#include "stages/sql/sqlite_table_text.hpp"
#include "stages/types/value_io.hpp"
#include "storage/column_type_catalog.hpp"

namespace tributary {
namespace {

// SQLite numbers a table's foreign keys from the last declared (0) up, so the
// highest fkid is the key declared first, the one PostgreSQL checks first.
struct violation {
  std::string table;
  int64_t rowid = 0;
  std::string parent;
  int64_t fkid = 0;
  bool operator<(const violation& o) const {
    return std::tie(table, rowid, fkid) < std::tie(o.table, o.rowid, o.fkid);
  }
};

std::optional<std::vector<violation>> violations(sqlite_connection& db) {
  auto q = db.prepare("PRAGMA foreign_key_check");
  if (!q)
    return std::nullopt;
  std::vector<violation> out;
  for (;;) {
    auto s = q->step();
    if (!s)
      return std::nullopt;
    if (*s == sqlite_statement::step_result::done)
      return out;
    if (q->column_is_null(1))  // a WITHOUT ROWID table: its rows cannot be read back here
      continue;
    out.push_back({q->column_text(0), q->column_int(1), q->column_text(2), q->column_int(3)});
  }
}

// The relation's own name: "sales.orders" -> "orders".
std::string relation_name(const std::string& local) {
  const auto dot = local.find('.');
  return dot == std::string::npos ? local : local.substr(dot + 1);
}

std::string joined(const std::vector<std::string>& parts, const std::string& separator) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i)
    out += (i ? separator : "") + parts[i];
  return out;
}

bool has_row(sqlite_statement& q) {
  auto s = q.step();
  return s && *s == sqlite_statement::step_result::row;
}

struct foreign_key {
  std::vector<std::string> from;  // the referencing columns
  std::vector<std::string> to;    // the referenced columns
};

foreign_key read_foreign_key(sqlite_connection& db, const violation& v) {
  foreign_key fk;
  if (auto q = db.prepare("SELECT \"from\", \"to\" FROM pragma_foreign_key_list(?1) WHERE id = ?2 "
                          "ORDER BY seq")) {
    q->bind_text(1, v.table);
    q->bind_int(2, v.fkid);
    while (has_row(*q)) {
      fk.from.push_back(q->column_text(0));
      if (!q->column_is_null(1))
        fk.to.push_back(q->column_text(1));
    }
  }
  if (fk.to.size() != fk.from.size()) {  // REFERENCES p: p's primary key
    fk.to.clear();
    if (auto q = db.prepare("SELECT name FROM pragma_table_info(?1) WHERE pk > 0 ORDER BY pk")) {
      q->bind_text(1, v.parent);
      while (has_row(*q))
        fk.to.push_back(q->column_text(0));
    }
  }
  return fk;
}

// The row's values of `columns`, as PostgreSQL prints them.
std::vector<std::string> key_values(sqlite_connection& db, const violation& v,
                                    const std::vector<std::string>& columns,
                                    const type_settings& settings) {
  std::vector<std::string> out;
  auto types = read_table_columns(db, v.table);
  std::vector<std::string> quoted;
  for (const auto& c : columns)
    quoted.push_back(quote_identifier(c));
  auto q = db.prepare("SELECT " + joined(quoted, ", ") + " FROM " + quote_identifier(v.table) +
                      " WHERE rowid = ?1");
  if (!q)
    return out;
  q->bind_int(1, v.rowid);
  auto s = q->step();
  if (!s || *s != sqlite_statement::step_result::row)
    return out;
  for (size_t i = 0; i < columns.size(); ++i) {
    column_type type = builtin_column_type(25);
    if (types)
      for (const auto& c : *types)
        if (same_identifier(c.name, columns[i]))
          type = c.type;
    out.push_back(format_text_value(type, q->column(static_cast<int>(i)), settings).value_or("null"));
  }
  return out;
}

std::string constraint_name(sqlite_connection& db, const violation& v, const foreign_key& fk) {
  if (auto q = db.prepare("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?1")) {
    q->bind_text(1, v.table);
    if (auto s = q->step(); s && *s == sqlite_statement::step_result::row)
      if (auto text = split_table_text(q->column_text(0)))
        if (auto name = foreign_key_name(*text, fk.from))
          return *name;
  }
  return relation_name(v.table) + "_" + joined(fk.from, "_") + "_fkey";
}

pg_error report(sqlite_connection& db, const violation& v, const std::string& target,
                const type_settings& settings) {
  const foreign_key fk = read_foreign_key(db, v);
  const std::string name = constraint_name(db, v, fk);
  const std::string values = joined(key_values(db, v, fk.from, settings), ", ");
  if (same_identifier(v.table, target))
    return make_pg_error("23503",
                         "insert or update on table \"" + relation_name(v.table) +
                             "\" violates foreign key constraint \"" + name + "\"",
                         "Key (" + joined(fk.from, ", ") + ")=(" + values +
                             ") is not present in table \"" + relation_name(v.parent) + "\".");
  return make_pg_error("23503",
                       "update or delete on table \"" + relation_name(v.parent) +
                           "\" violates foreign key constraint \"" + name + "\" on table \"" +
                           relation_name(v.table) + "\"",
                       "Key (" + joined(fk.to, ", ") + ")=(" + values +
                           ") is still referenced from table \"" + relation_name(v.table) + "\".");
}

}  // namespace

std::optional<pg_error> describe_foreign_key_violation(sqlite_connection& db,
                                                       const std::string& target,
                                                       const std::function<void()>& run_again,
                                                       const type_settings& settings) {
  if (!db.exec("SAVEPOINT tributary_foreign_key_probe"))
    return std::nullopt;
  std::optional<pg_error> out;
  auto before = violations(db);
  if (before && db.exec("PRAGMA defer_foreign_keys = ON")) {
    run_again();
    auto after = violations(db);
    const std::set<violation> known(before->begin(), before->end());
    std::optional<violation> first;  // the first new row; of its keys the one declared first
    if (after)
      for (const auto& v : *after)
        if (!known.count(v) && (!first || (v.table == first->table && v.rowid == first->rowid &&
                                           v.fkid > first->fkid)))
          first = v;
    if (first)
      out = report(db, *first, target, settings);
  }
  (void)db.exec("ROLLBACK TO tributary_foreign_key_probe; RELEASE tributary_foreign_key_probe; "
                "PRAGMA defer_foreign_keys = OFF");
  return out;
}

}  // namespace tributary
