// sequence_catalog: see the header.
#include "storage/sequence_catalog.hpp"

#include <sqlite3.h>

#include <cctype>
#include <map>
#include <mutex>
#include <variant>

#include "stages/core/sql_quote.hpp"

namespace tributary {
namespace {

using binding = std::variant<std::string, int64_t>;

// The states nextval() and setval() gave out, per database file and sequence,
// whatever became of their transactions: a rolled-back nextval leaves its value
// here, so it is not handed out again (PostgreSQL's sequences are not
// transactional). A transactional change of the sequence (CREATE, ALTER, DROP,
// RESTART) forgets the entry, and the catalog row is the truth again. Lost on
// restart, when the committed row is the truth.
class handed_out_states {
public:
  std::optional<sequence_state> find(sqlite3* db, const std::string& name) {
    std::lock_guard lock(mutex_);
    auto it = states_.find(key(db, name));
    if (it == states_.end())
      return std::nullopt;
    return it->second;
  }
  void keep(sqlite3* db, const std::string& name, const sequence_state& state) {
    std::lock_guard lock(mutex_);
    states_[key(db, name)] = state;
  }
  void forget(sqlite3* db, const std::string& name) {
    std::lock_guard lock(mutex_);
    states_.erase(key(db, name));
  }

private:
  static std::string key(sqlite3* db, std::string name) {
    for (char& c : name)
      c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const char* file = sqlite3_db_filename(db, "main");
    return std::string(file ? file : "") + '\0' + name;
  }
  std::mutex mutex_;
  std::map<std::string, sequence_state> states_;
};

handed_out_states& handed_out() {
  static handed_out_states states;
  return states;
}

std::string quoted_text(const std::string& text) {
  std::string out = "'";
  for (char c : text)
    out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

pg_error storage_error(sqlite3* db) { return make_pg_error("XX000", sqlite3_errmsg(db)); }

// One prepared statement with its bindings, finalized on scope exit.
class query {
public:
  query(sqlite3* db, const std::string& sql, const std::vector<binding>& bindings) : db_(db) {
    ok_ = sqlite3_prepare_v2(db, sql.c_str(), static_cast<int>(sql.size()), &stmt_, nullptr) == SQLITE_OK;
    for (size_t i = 0; ok_ && i < bindings.size(); ++i) {
      const int index = static_cast<int>(i + 1);
      if (const auto* text = std::get_if<std::string>(&bindings[i]))
        sqlite3_bind_text(stmt_, index, text->data(), static_cast<int>(text->size()), SQLITE_TRANSIENT);
      else
        sqlite3_bind_int64(stmt_, index, std::get<int64_t>(bindings[i]));
    }
  }
  ~query() { sqlite3_finalize(stmt_); }
  query(const query&) = delete;
  query& operator=(const query&) = delete;

  // true: a row; false: done. Errors as XX000.
  result<bool, pg_error> step() {
    if (!ok_)
      return fail(storage_error(db_));
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW)
      return true;
    if (rc == SQLITE_DONE)
      return false;
    return fail(storage_error(db_));
  }
  int64_t integer(int column) const { return sqlite3_column_int64(stmt_, column); }
  std::string text(int column) const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, column));
    return p ? std::string(p, static_cast<size_t>(sqlite3_column_bytes(stmt_, column))) : std::string();
  }

private:
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
  bool ok_ = false;
};

result<ok_t, pg_error> run(sqlite3* db, const std::string& sql, const std::vector<binding>& bindings = {}) {
  query q(db, sql, bindings);
  if (auto r = q.step(); !r)
    return fail(r.error());
  return ok_v;
}

const char* const sequence_columns =
    "seqname, seqtypid, seqstart, seqincrement, seqmax, seqmin, seqcache, seqcycle, last_value, "
    "is_called, owned_table, owned_column";

stored_sequence read_row(const query& q) {
  stored_sequence s;
  s.name = q.text(0);
  s.parameters.type = static_cast<oid_t>(q.integer(1));
  s.parameters.start = q.integer(2);
  s.parameters.increment = q.integer(3);
  s.parameters.maximum = q.integer(4);
  s.parameters.minimum = q.integer(5);
  s.parameters.cache = q.integer(6);
  s.parameters.cycle = q.integer(7) != 0;
  s.state.last_value = q.integer(8);
  s.state.is_called = q.integer(9) != 0;
  s.owned_table = q.text(10);
  s.owned_column = q.text(11);
  return s;
}

result<std::vector<stored_sequence>, pg_error> read_sequences(sqlite3* db, const std::string& where,
                                                              const std::vector<binding>& bindings) {
  query q(db, std::string("SELECT ") + sequence_columns + " FROM tributary_sequences WHERE " + where,
          bindings);
  std::vector<stored_sequence> out;
  while (true) {
    auto row = q.step();
    if (!row)
      return fail(row.error());
    if (!*row)
      return out;
    out.push_back(read_row(q));
  }
}

}  // namespace

result<std::optional<stored_sequence>, pg_error> find_sequence(sqlite3* db, const std::string& name) {
  auto found = read_sequences(db, "seqname = ?1", {name});
  if (!found)
    return fail(found.error());
  if (found->empty())
    return std::optional<stored_sequence>{};
  stored_sequence sequence = std::move(found->front());
  if (auto state = handed_out().find(db, sequence.name))
    sequence.state = *state;
  return std::optional<stored_sequence>{std::move(sequence)};
}

result<bool, pg_error> relation_exists(sqlite3* db, const std::string& name) {
  query q(db, "SELECT 1 FROM sqlite_schema WHERE type IN ('table', 'view') AND name = ?1 COLLATE NOCASE",
          {name});
  return q.step();
}

result<ok_t, pg_error> create_sequence_relation(sqlite3* db, const stored_sequence& s) {
  auto exists = relation_exists(db, s.name);
  if (!exists)
    return fail(exists.error());
  if (*exists)
    return fail(make_pg_error("42P07", "relation \"" + s.name + "\" already exists"));
  handed_out().forget(db, s.name);
  const sequence_parameters& p = s.parameters;
  if (auto r = run(db,
                   std::string("INSERT INTO tributary_sequences (") + sequence_columns +
                       ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
                   {s.name, int64_t{p.type}, p.start, p.increment, p.maximum, p.minimum, p.cache,
                    int64_t{p.cycle}, s.state.last_value, int64_t{s.state.is_called}, s.owned_table,
                    s.owned_column});
      !r)
    return r;
  // log_cnt is 0: there is no WAL of sequence values to pre-log here.
  // The state through sequence_state() (sequence_functions.hpp): the one nextval
  // continues from, also after a rollback.
  const std::string name = quoted_text(s.name);
  if (auto r = run(db, "CREATE VIEW " + quote_identifier(s.name) + " AS SELECT sequence_state(" + name +
                           ", 'last_value') AS last_value, 0 AS log_cnt, sequence_state(" + name +
                           ", 'is_called') AS is_called");
      !r)
    return r;
  const std::string insert_column =
      "INSERT INTO tributary_columns (relname, attnum, attname, atttypid, atttypmod, attndims, "
      "typname, attnotnull, attidentity) VALUES (?1, ?2, ?3, ?4, -1, 0, ?5, 1, '')";
  const struct {
    const char* name;
    int64_t oid;
    const char* type;
  } columns[] = {{"last_value", 20, "bigint"}, {"log_cnt", 20, "bigint"}, {"is_called", 16, "boolean"}};
  int64_t number = 1;
  for (const auto& c : columns)
    if (auto r = run(db, insert_column,
                     {s.name, number++, std::string(c.name), c.oid, std::string(c.type)});
        !r)
      return r;
  return ok_v;
}

result<ok_t, pg_error> update_sequence(sqlite3* db, const stored_sequence& s) {
  handed_out().forget(db, s.name);
  const sequence_parameters& p = s.parameters;
  return run(db,
             "UPDATE tributary_sequences SET seqtypid = ?2, seqstart = ?3, seqincrement = ?4, "
             "seqmax = ?5, seqmin = ?6, seqcache = ?7, seqcycle = ?8, last_value = ?9, "
             "is_called = ?10, owned_table = ?11, owned_column = ?12 WHERE seqname = ?1",
             {s.name, int64_t{p.type}, p.start, p.increment, p.maximum, p.minimum, p.cache,
              int64_t{p.cycle}, s.state.last_value, int64_t{s.state.is_called}, s.owned_table,
              s.owned_column});
}

result<ok_t, pg_error> save_sequence_state(sqlite3* db, const std::string& name,
                                           const sequence_state& state) {
  handed_out().keep(db, name, state);
  return run(db, "UPDATE tributary_sequences SET last_value = ?2, is_called = ?3 WHERE seqname = ?1",
             {name, state.last_value, int64_t{state.is_called}});
}

result<ok_t, pg_error> drop_sequence_relation(sqlite3* db, const std::string& name) {
  handed_out().forget(db, name);
  if (auto r = run(db, "DELETE FROM tributary_sequences WHERE seqname = ?1", {name}); !r)
    return r;
  if (auto r = run(db, "DELETE FROM tributary_columns WHERE relname = ?1", {name}); !r)
    return r;
  return run(db, "DROP VIEW IF EXISTS " + quote_identifier(name));
}

result<std::vector<stored_sequence>, pg_error> sequences_owned_by(sqlite3* db, const std::string& table) {
  return read_sequences(db, "owned_table = ?1 COLLATE NOCASE ORDER BY seqname", {table});
}

result<std::optional<stored_sequence>, pg_error> sequence_of_column(sqlite3* db, const std::string& table,
                                                                    const std::string& column) {
  auto found = read_sequences(
      db, "owned_table = ?1 COLLATE NOCASE AND owned_column = ?2 COLLATE NOCASE ORDER BY seqname",
      {table, column});
  if (!found)
    return fail(found.error());
  if (found->empty())
    return std::optional<stored_sequence>{};
  return std::optional<stored_sequence>{std::move(found->front())};
}

result<ok_t, pg_error> restart_owned_sequences(sqlite3* db, const std::vector<std::string>& tables) {
  for (const std::string& table : tables) {
    auto owned = sequences_owned_by(db, table);
    if (!owned)
      return fail(owned.error());
    for (const stored_sequence& s : *owned)
      handed_out().forget(db, s.name);
    if (auto r = run(db,
                     "UPDATE tributary_sequences SET last_value = seqstart, is_called = 0 "
                     "WHERE owned_table = ?1 COLLATE NOCASE",
                     {table});
        !r)
      return r;
  }
  return ok_v;
}

result<ok_t, pg_error> carry_owned_sequences(sqlite3* db, const std::string& old_table,
                                             const std::string& new_table,
                                             const std::vector<std::string>& columns_after,
                                             const std::string& renamed_from,
                                             const std::string& renamed_to) {
  auto owned = sequences_owned_by(db, old_table);
  if (!owned)
    return fail(owned.error());
  for (stored_sequence& s : *owned) {
    if (!renamed_from.empty() && s.owned_column == renamed_from)
      s.owned_column = renamed_to;
    bool still_there = false;
    for (const auto& c : columns_after)
      still_there = still_there || c == s.owned_column;
    if (!still_there) {
      if (auto r = drop_sequence_relation(db, s.name); !r)
        return r;
      continue;
    }
    if (auto r = run(db, "UPDATE tributary_sequences SET owned_table = ?2, owned_column = ?3 WHERE seqname = ?1",
                     {s.name, new_table, s.owned_column});
        !r)
      return r;
  }
  return ok_v;
}

result<ok_t, pg_error> drop_owned_sequences(sqlite3* db, const std::string& table) {
  auto owned = sequences_owned_by(db, table);
  if (!owned)
    return fail(owned.error());
  for (const stored_sequence& s : *owned)
    if (auto r = drop_sequence_relation(db, s.name); !r)
      return r;
  return ok_v;
}

}  // namespace tributary
