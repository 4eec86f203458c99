// sequence_functions: see the header.
#include "storage/sequence_functions.hpp"

#include <sqlite3.h>

#include <map>
#include <mutex>
#include <optional>
#include <string>

#include "stages/core/sql_quote.hpp"
#include "stages/sql/sequence_definition.hpp"
#include "storage/sequence_catalog.hpp"
#include "storage/session_privileges.hpp"
#include "storage/sql_functions.hpp"

namespace tributary {
namespace {

// What one connection (session) remembers of the sequences it used.
struct session_sequences {
  sqlite3* db = nullptr;
  std::map<std::string, int64_t> current;  // currval per sequence (lower-cased name)
  std::optional<std::string> last_used;    // lastval's sequence
  const session_privileges* who = nullptr;  // a client session's: privileges are checked
  // Each sequence's state (by its local name) before the running statement's first
  // nextval() or setval() of it: what rewind_statement_sequences restores.
  std::map<std::string, sequence_state> before_statement;
};

// Each connection's state, for the calls that come from outside a SQLite function.
class connection_states {
public:
  void add(session_sequences* state) {
    std::lock_guard lock(mutex_);
    states_[state->db] = state;
  }
  void remove(session_sequences* state) {
    std::lock_guard lock(mutex_);
    if (auto it = states_.find(state->db); it != states_.end() && it->second == state)
      states_.erase(it);
  }
  session_sequences* find(sqlite3* db) {
    std::lock_guard lock(mutex_);
    auto it = states_.find(db);
    return it == states_.end() ? nullptr : it->second;
  }

private:
  std::mutex mutex_;
  std::map<sqlite3*, session_sequences*> states_;
};

connection_states& connections() {
  static connection_states states;
  return states;
}

session_sequences& state_of(sqlite3_context* context) {
  return *static_cast<session_sequences*>(sqlite3_user_data(context));
}

void forget_state(void* state) {
  auto* sequences = static_cast<session_sequences*>(state);
  connections().remove(sequences);
  delete sequences;
}

void remember_state_before(sqlite3_context* context, const stored_sequence& sequence) {
  state_of(context).before_statement.try_emplace(sequence.name, sequence.state);
}

void report(sqlite3_context* context, pg_error error) {
  sqlite3_result_error(context, error.message.c_str(), -1);
  keep_sql_function_error(sqlite3_context_db_handle(context), std::move(error));
}

std::string key_of(std::string name) {
  for (char& c : name)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return name;
}

std::string text_argument(sqlite3_value* value) {
  const auto* p = reinterpret_cast<const char*>(sqlite3_value_text(value));
  return p ? std::string(p, static_cast<size_t>(sqlite3_value_bytes(value))) : std::string();
}

// The sequence the argument names, or the error PostgreSQL gives for it.
result<stored_sequence, pg_error> named_sequence(sqlite3_context* context, sqlite3_value* argument) {
  sqlite3* db = sqlite3_context_db_handle(context);
  auto name = sequence_relation_name(text_argument(argument));
  if (!name)
    return fail(name.error());
  auto found = find_sequence(db, *name);
  if (!found)
    return fail(found.error());
  if (*found)
    return std::move(**found);
  auto exists = relation_exists(db, *name);
  if (!exists)
    return fail(exists.error());
  const std::string shown = name->substr(name->find('.') == std::string::npos ? 0 : name->find('.') + 1);
  if (*exists)
    return fail(make_pg_error("42809", "\"" + shown + "\" is not a sequence"));
  return fail(make_pg_error("42P01", "relation \"" + *name + "\" does not exist"));
}

// The relation's name as PostgreSQL's messages print it (without the schema).
std::string shown_name(const stored_sequence& s) {
  const size_t dot = s.name.find('.');
  return dot == std::string::npos ? s.name : s.name.substr(dot + 1);
}

// The owner and ACL of a sequence (see the header).
relation_acl_row sequence_acl(sqlite3* db, const stored_sequence& s, const table_access& access) {
  relation_acl_row row{s.name, default_relation_owner, std::nullopt};
  if (auto t = access.tables.find(s.owned_table); !s.owned_table.empty() && t != access.tables.end())
    row.owner = t->second.owner;
  sqlite3_stmt* q = nullptr;
  if (sqlite3_prepare_v2(db, "SELECT relowner, relacl FROM tributary_relation_acl WHERE relname = ?1", -1, &q,
                         nullptr) != SQLITE_OK) {
    sqlite3_finalize(q);
    return row;
  }
  sqlite3_bind_text(q, 1, s.name.c_str(), -1, SQLITE_TRANSIENT);
  if (sqlite3_step(q) == SQLITE_ROW) {
    row.owner = sqlite3_column_int64(q, 0);
    if (sqlite3_column_type(q, 1) != SQLITE_NULL)
      row.acl = parse_stored_acl(reinterpret_cast<const char*>(sqlite3_column_text(q, 1)));
  }
  sqlite3_finalize(q);
  return row;
}

// nullopt when the current user holds one of `any_of` on the sequence (or is not checked).
std::optional<pg_error> denied(sqlite3_context* context, const stored_sequence& s, uint32_t any_of) {
  const session_privileges* who = state_of(context).who;
  if (who == nullptr || !who->tables)
    return std::nullopt;
  const relation_acl_row row = sequence_acl(sqlite3_context_db_handle(context), s, *who->tables);
  for (uint32_t bit = 1; bit <= any_of; bit <<= 1)
    if ((any_of & bit) != 0 && holds(row.acl, row.owner, who->tables->roles, bit))
      return std::nullopt;
  const size_t dot = s.name.find('.');
  return make_pg_error("42501", "permission denied for sequence " +
                                    (dot == std::string::npos ? s.name : s.name.substr(dot + 1)));
}

void nextval(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  auto sequence = named_sequence(context, argv[0]);
  if (!sequence)
    return report(context, sequence.error());
  if (auto refused = denied(context, *sequence, privilege_usage | privilege_update))
    return report(context, std::move(*refused));
  remember_state_before(context, *sequence);
  auto value = next_sequence_value(sequence->parameters, sequence->state, shown_name(*sequence));
  if (!value)
    return report(context, value.error());
  if (auto r = save_sequence_state(sqlite3_context_db_handle(context), sequence->name, sequence->state); !r)
    return report(context, r.error());
  session_sequences& session = state_of(context);
  session.current[key_of(sequence->name)] = *value;
  session.last_used = key_of(sequence->name);
  sqlite3_result_int64(context, *value);
}

void currval(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  auto sequence = named_sequence(context, argv[0]);
  if (!sequence)
    return report(context, sequence.error());
  if (auto refused = denied(context, *sequence, privilege_select | privilege_usage))
    return report(context, std::move(*refused));
  const session_sequences& session = state_of(context);
  auto it = session.current.find(key_of(sequence->name));
  if (it == session.current.end())
    return report(context, make_pg_error("55000", "currval of sequence \"" + shown_name(*sequence) +
                                                      "\" is not yet defined in this session"));
  sqlite3_result_int64(context, it->second);
}

void lastval(sqlite3_context* context, int, sqlite3_value**) {
  const session_sequences& session = state_of(context);
  const pg_error undefined = make_pg_error("55000", "lastval is not yet defined in this session");
  if (!session.last_used)
    return report(context, undefined);
  auto still_there = find_sequence(sqlite3_context_db_handle(context), *session.last_used);
  if (!still_there)
    return report(context, still_there.error());
  if (!*still_there)
    return report(context, undefined);
  if (auto refused = denied(context, **still_there, privilege_select | privilege_usage))
    return report(context, std::move(*refused));
  sqlite3_result_int64(context, session.current.at(*session.last_used));
}

void setval(sqlite3_context* context, int argc, sqlite3_value** argv) {
  for (int i = 0; i < argc; ++i)
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL)
      return sqlite3_result_null(context);
  auto sequence = named_sequence(context, argv[0]);
  if (!sequence)
    return report(context, sequence.error());
  if (auto refused = denied(context, *sequence, privilege_update))
    return report(context, std::move(*refused));
  const int64_t value = sqlite3_value_int64(argv[1]);
  const bool is_called = argc < 3 || sqlite3_value_int64(argv[2]) != 0;
  if (auto r = check_setval(sequence->parameters, value, shown_name(*sequence)); !r)
    return report(context, r.error());
  remember_state_before(context, *sequence);
  if (auto r = save_sequence_state(sqlite3_context_db_handle(context), sequence->name,
                                   sequence_state{value, is_called});
      !r)
    return report(context, r.error());
  if (is_called)
    state_of(context).current[key_of(sequence->name)] = value;
  sqlite3_result_int64(context, value);
}

// sequence_state(name, 'last_value' | 'is_called'): the row SELECT * FROM s shows.
void sequence_state_of(sqlite3_context* context, int, sqlite3_value** argv) {
  auto found = find_sequence(sqlite3_context_db_handle(context), text_argument(argv[0]));
  if (!found)
    return report(context, found.error());
  if (!*found)
    return sqlite3_result_null(context);
  const sequence_state& state = (*found)->state;
  sqlite3_result_int64(context, text_argument(argv[1]) == "is_called" ? int64_t{state.is_called}
                                                                      : state.last_value);
}

// pg_get_serial_sequence(table, column): the sequence a serial or identity column (or
// OWNED BY) uses, schema-qualified and quoted where needed ("public.t_id_seq"); NULL
// for a column that owns none. The table is read as regclass reads it, the column
// literally (its case kept), as PostgreSQL's.
void serial_sequence_of(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || sqlite3_value_type(argv[1]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  sqlite3* db = sqlite3_context_db_handle(context);
  auto table = sequence_relation_name(text_argument(argv[0]));
  if (!table)
    return report(context, table.error());
  auto exists = relation_exists(db, *table);
  if (!exists)
    return report(context, exists.error());
  if (!*exists)
    return report(context, make_pg_error("42P01", "relation \"" + text_argument(argv[0]) + "\" does not exist"));
  const std::string column = text_argument(argv[1]);
  sqlite3_stmt* q = nullptr;
  bool has_column = false;
  if (sqlite3_prepare_v2(db, "SELECT 1 FROM pragma_table_info(?1) WHERE name = ?2", -1, &q, nullptr) == SQLITE_OK) {
    sqlite3_bind_text(q, 1, table->c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(q, 2, column.c_str(), -1, SQLITE_TRANSIENT);
    has_column = sqlite3_step(q) == SQLITE_ROW;
  }
  sqlite3_finalize(q);
  const size_t dot = table->find('.');
  const std::string relation = dot == std::string::npos ? *table : table->substr(dot + 1);
  if (!has_column)
    return report(context, make_pg_error("42703", "column \"" + column + "\" of relation \"" + relation +
                                                      "\" does not exist"));
  auto sequence = sequence_of_column(db, *table, column);
  if (!sequence)
    return report(context, sequence.error());
  if (!*sequence)
    return sqlite3_result_null(context);
  const std::string& name = (*sequence)->name;
  const size_t sequence_dot = name.find('.');
  const std::string qualified =
      sequence_dot == std::string::npos
          ? "public." + quote_identifier_if_needed(name)
          : quote_identifier_if_needed(name.substr(0, sequence_dot)) + "." +
                quote_identifier_if_needed(name.substr(sequence_dot + 1));
  sqlite3_result_text(context, qualified.c_str(), static_cast<int>(qualified.size()), SQLITE_TRANSIENT);
}

}  // namespace

void begin_statement_sequences(sqlite3* db) {
  if (session_sequences* state = connections().find(db))
    state->before_statement.clear();
}

bool rewind_statement_sequences(sqlite3* db) {
  session_sequences* state = connections().find(db);
  if (state == nullptr)
    return false;
  for (const auto& [name, before] : state->before_statement)
    if (!save_sequence_state(db, name, before))
      return false;
  return true;
}

int install_sequence_functions(sqlite3* db, const session_privileges* who) {
  auto* state = new session_sequences;
  state->db = db;
  state->who = who;
  connections().add(state);
  // Not deterministic: each call changes or reads the sequence's state.
  int rc = sqlite3_create_function_v2(db, "nextval", 1, SQLITE_UTF8, state, nextval, nullptr, nullptr,
                                      forget_state);
  if (rc != SQLITE_OK)
    return rc;
  const struct {
    const char* name;
    int arguments;
    void (*function)(sqlite3_context*, int, sqlite3_value**);
  } others[] = {{"currval", 1, currval}, {"lastval", 0, lastval}, {"setval", 2, setval}, {"setval", 3, setval},
                {"sequence_state", 2, sequence_state_of}, {"pg_get_serial_sequence", 2, serial_sequence_of}};
  for (const auto& f : others)
    if (rc = sqlite3_create_function_v2(db, f.name, f.arguments, SQLITE_UTF8, state, f.function,
                                        nullptr, nullptr, nullptr);
        rc != SQLITE_OK)
      return rc;
  return SQLITE_OK;
}

}  // namespace tributary
