// apply_sink_rows: the row loop of apply_sink (see the NOTES in
// apply_sink.hpp): one batch of one relation, kind and shape at a time, each
// row's values bound borrowed from its change and stepped through a cached
// statement; inserts go in chunks of rows per statement. Also the failed
// step's error (unique conflicts as PostgreSQL 18 words them) and the
// update/delete that finds no row.
#include <sqlite3.h>
#include <spdlog/spdlog.h>

#include <algorithm>

#include "stages/types/value_io.hpp"
#include "storage/apply_sink.hpp"
#include "storage/apply_sink_internal.hpp"
#include "storage/sql_functions.hpp"
#include "storage/sqlstate_mapping.hpp"
#include "storage/unique_conflicts.hpp"

namespace tributary {

namespace {

// Rows per INSERT statement (fewer when a table is so wide that they would
// pass SQLite's limit of parameters). SQLite then keeps its cursor on the
// table from row to row (no seek from the root, no statement setup per row):
// about 40 % less of its CPU per inserted row than one row per statement.
constexpr size_t insert_chunk_rows = 64;

std::string statement_key(change_kind kind, const change_shape& shape, unchanged_keys keys) {
  std::string key(1, static_cast<char>('0' + static_cast<int>(kind)));
  key += keys == unchanged_keys::assigned ? 'k' : '-';
  key += shape.old_kind ? shape.old_kind : '-';
  for (bool u : shape.new_unchanged)
    key += u ? 'u' : '.';
  key += '/';
  for (bool u : shape.old_unchanged)
    key += u ? 'u' : '.';
  return key;
}

}  // namespace

// Per parameter, once per statement: the local column's type and how its text
// values reach their stored form (received_text.hpp).
std::vector<apply_sink::param_binding> apply_sink::bindings_for(const local_table& table,
                                                                const statement_text& text) {
  std::vector<param_binding> out;
  out.reserve(text.params.size());
  for (const statement_param& p : text.params) {
    const column_type* type = &table.type_for[p.column];
    out.push_back(param_binding{type, received_text_form_for(*type)});
  }
  return out;
}

result<ok_t, apply_error> apply_sink::apply_rows(const apply_batch& batch,
                                                 std::span<const remote_transaction_ptr> group,
                                                 bool chunked_inserts) {
  const relation_info& rel = *batch.relation;
  const remote_transaction& first = *group[batch.rows.front().transaction_index];
  auto entry = table_for(batch.relation, first, batch.kind);
  if (!entry)
    return fail(entry.error());
  if (auto role = enter_table_role(config_.roles.get(), (*entry)->table.name, batch.kind); !role)
    return fail(apply_error{role.error(), context(first, batch.kind, &rel), false});
  // Local triggers (which run when inserts are not chunked) see every sent
  // column assigned, as PostgreSQL's apply marks them updated.
  const unchanged_keys keys = chunked_inserts ? unchanged_keys::left_out : unchanged_keys::assigned;
  auto& slot = (*entry)->statements[statement_key(batch.kind, batch.shape, keys)];
  if (!slot.statement) {
    auto text = statement_for((*entry)->table, rel, batch.kind, batch.shape, keys);
    if (!text)
      return fail(apply_error{text.error(), context(first, batch.kind, &rel), false});
    auto stmt = db_.prepare(text->sql);
    if (!stmt)
      return fail(error_from_sqlite(stmt.error(), context(first, batch.kind, &rel)));
    slot.text = std::move(*text);
    slot.statement = std::move(*stmt);
    slot.bindings = bindings_for((*entry)->table, slot.text);
  }
  std::span<const row_ref> rows(batch.rows);
  if (batch.kind == change_kind::insert && chunked_inserts) {
    if (slot.chunk_rows == 0) {
      const size_t per_row = std::max<size_t>(slot.text.params.size(), 1);
      const auto limit = static_cast<size_t>(sqlite3_limit(db_.handle(), SQLITE_LIMIT_VARIABLE_NUMBER, -1));
      slot.chunk_rows = std::max<size_t>(std::min(insert_chunk_rows, limit / per_row), 1);
      if (slot.chunk_rows > 1) {
        auto stmt = db_.prepare(insert_statement_for((*entry)->table, rel, slot.chunk_rows).sql);
        if (!stmt)
          return fail(error_from_sqlite(stmt.error(), context(first, batch.kind, &rel)));
        slot.chunk = std::move(*stmt);
      }
    }
    while (slot.chunk && rows.size() >= slot.chunk_rows) {
      auto chunk = rows.first(slot.chunk_rows);
      auto inserted = insert_chunk(batch, group, slot, chunk);
      // An error that ended the transaction (disk full, I/O) is the group's.
      if (!inserted && !db_.in_transaction())
        return fail(error_from_sqlite(inserted.error(), context(first, batch.kind, &rel)));
      if (!inserted || !*inserted) {
        // The statement failed as a whole (SQLite undid its rows) or a value
        // did not bind: the rows go one by one, so the error is the failing
        // row's, worded as ever.
        if (auto r = apply_each(batch, group, **entry, slot, chunk); !r)
          return r;
      }
      rows = rows.subspan(slot.chunk_rows);
    }
  }
  if (batch.kind == change_kind::update && chunked_inserts) {
    auto chains = superseded_chains(batch, group, (*entry)->table, slot, rows);
    return apply_each(batch, group, **entry, slot, rows, chains ? &*chains : nullptr);
  }
  return apply_each(batch, group, **entry, slot, rows);
}

// The batch's chains of updates by one key (superseded_updates.hpp), when its
// earlier updates may be skipped: each sets every column of a row it finds by
// its new tuple's key, and the table checks nothing across columns (no CHECK, no
// other unique index, a primary key within the match; no local trigger fires:
// the caller's condition).
std::optional<update_chains> apply_sink::superseded_chains(const apply_batch& batch,
                                                           std::span<const remote_transaction_ptr> group,
                                                           const local_table& table,
                                                           const table_entry_statements& slot,
                                                           std::span<const row_ref> rows) {
  if (rows.size() < 2 || batch.shape.old_kind != 0 || table.has_row_constraints ||
      std::find(batch.shape.new_unchanged.begin(), batch.shape.new_unchanged.end(), true) !=
          batch.shape.new_unchanged.end())
    return std::nullopt;
  const auto& params = slot.text.params;
  std::vector<uint32_t> key_columns;
  for (size_t i = slot.text.set_params; i < params.size(); ++i) {
    if (params[i].from != statement_param::tuple::new_row)
      return std::nullopt;
    key_columns.push_back(params[i].column);
  }
  if (key_columns.empty())
    return std::nullopt;
  // A local primary key outside the match is SET, and an earlier value could collide.
  for (const std::string& pk : table.primary_key)
    if (std::none_of(key_columns.begin(), key_columns.end(),
                     [&](uint32_t c) { return same_identifier(table.column_for[c], pk); }))
      return std::nullopt;
  return chains_of(group, rows, key_columns);
}

// A superseded update may be skipped when it would have applied without error:
// every value it sets fits its column (NOT NULL, the type's input and typmod).
bool apply_sink::update_would_apply(const table_entry& entry, const table_entry_statements& slot,
                                    const row_change& change) {
  const auto& params = slot.text.params;
  for (size_t i = 0; i < slot.text.set_params; ++i) {
    const statement_param& p = params[i];
    if (p.from != statement_param::tuple::new_row || p.column >= change.new_tuple.size())
      return false;
    const tuple_value& v = change.new_tuple[p.column];
    if (v.is_unchanged() || v.k == tuple_value::kind::binary)
      return false;
    if (v.is_null()) {
      if (p.column >= entry.table.not_null.size() || entry.table.not_null[p.column])
        return false;
      continue;
    }
    const column_type& type = *slot.bindings[i].type;
    if (read_received_text(slot.bindings[i].how, type, v.bytes).what == received_text::outcome::parse &&
        !parse_text_value(type, v.bytes, publisher_type_settings()))
      return false;
  }
  return true;
}

// One statement inserting every row of `chunk`: true when it did, false when
// a value did not bind, the step's error when it failed (nothing of it is left
// in the table). The caller applies the rows of a chunk that did not go in one
// at a time.
result<bool, sqlite_error> apply_sink::insert_chunk(const apply_batch& batch, std::span<const remote_transaction_ptr> group,
                              table_entry_statements& slot, std::span<const row_ref> chunk) {
  sqlite_statement& stmt = *slot.chunk;
  const size_t per_row = slot.text.params.size();
  row_values_.clear();
  row_values_.reserve(per_row * chunk.size());
  stmt.rewind();
  for (size_t r = 0; r < chunk.size(); ++r) {
    const remote_transaction& txn = *group[chunk[r].transaction_index];
    if (!bind_row(stmt, r * per_row, batch, slot, txn, txn.changes[chunk[r].change_index], nullptr)) {
      stmt.reset();
      return false;
    }
  }
  auto ran = stmt.run();
  // Rewound only: the next chunk binds every parameter again.
  stmt.rewind();
  if (!ran) {
    (void)take_sql_function_error(db_.handle());  // raised again by the row that fails alone
    return fail(ran.error());
  }
  counters_.inserted += chunk.size();
  return true;
}

// Binds the parameters of one row from its change at first_param + 1 onwards.
// Values are bound borrowed (SQLITE_STATIC): a text stored as received straight
// from the change, a parsed value from row_values_ (reserved by the caller, so
// it does not move); both outlive the step. `borrowed`, when given, notes which
// parameters point into the change (for the error of a failed step).
result<ok_t, apply_error> apply_sink::bind_row(sqlite_statement& stmt, size_t first_param,
                                               const apply_batch& batch, const table_entry_statements& slot,
                                               const remote_transaction& txn, const row_change& change,
                                               std::vector<const std::string_view*>* borrowed) {
  const relation_info& rel = *batch.relation;
  const auto& params = slot.text.params;
  for (size_t i = 0; i < params.size(); ++i) {
    const int index = static_cast<int>(first_param + i + 1);
    const statement_param& p = params[i];
    const tuple_data& tuple = p.from == statement_param::tuple::new_row ? change.new_tuple : change.old_tuple;
    if (p.column >= tuple.size()) {
      const std::string& column = rel.columns[p.column].name;
      return fail(plain_error("XX000", "tuple has no value for column \"" + column + "\"",
                              context(txn, batch.kind, &rel, column)));
    }
    const tuple_value& v = tuple[p.column];
    if (v.is_unchanged()) {
      const std::string& column = rel.columns[p.column].name;
      return fail(plain_error("XX000", "unchanged TOAST value where column \"" + column + "\" is needed",
                              context(txn, batch.kind, &rel, column)));
    }
    const param_binding& how = slot.bindings[i];
    const column_type& type = *how.type;
    // A text the publisher printed in the stored form (text, json, arrays, ...,
    // a numeric as numeric_out prints it for the column, a character(n) of n)
    // is bound as received, as the copy sink does: the publisher has validated
    // it already; a plain decimal integer as its value.
    if (!v.is_null() && v.k != tuple_value::kind::binary) {
      const received_text read = read_received_text(how.how, type, v.bytes);
      if (read.what == received_text::outcome::as_received) {
        stmt.bind_text_borrowed(index, v.bytes);
        if (borrowed)
          (*borrowed)[i] = &v.bytes;
        row_values_.emplace_back(sql_null{});
        continue;
      }
      if (read.what == received_text::outcome::integer) {
        stmt.bind_int(index, read.integer);
        if (borrowed)
          (*borrowed)[i] = nullptr;
        row_values_.emplace_back(read.integer);
        continue;
      }
    }
    auto value = v.is_null() ? result<sql_value, pg_error>(sql_value{sql_null{}})
                 : v.k == tuple_value::kind::binary
                     ? parse_binary_value(type, v.bytes)
                     : parse_text_value(type, v.bytes, publisher_type_settings());
    if (!value)
      return fail(plain_error(value.error().sqlstate, value.error().message,
                              context(txn, batch.kind, &rel, rel.columns[p.column].name)));
    if (borrowed)
      (*borrowed)[i] = nullptr;
    row_values_.push_back(std::move(*value));
    stmt.bind_borrowed(index, row_values_.back());
  }
  return ok_v;
}

// One statement per row of `rows`: bind + step. Every parameter is bound again
// for each row, so the statement is only rewound (no sqlite3_clear_bindings).
// The borrowed texts are copied into row_values_ only when the step fails and
// its error shows the key's values.
result<ok_t, apply_error> apply_sink::apply_each(const apply_batch& batch,
                                                 std::span<const remote_transaction_ptr> group,
                                                 const table_entry& entry, table_entry_statements& slot,
                                                 std::span<const row_ref> rows, const update_chains* chains) {
  const auto& params = slot.text.params;
  sqlite_statement& stmt = *slot.statement;
  row_values_.clear();
  row_values_.reserve(params.size());
  std::vector<const std::string_view*> borrowed(params.size(), nullptr);
  // Superseded updates skipped so far (by row of `rows`), and those a row that
  // ran stands for: counted with it.
  std::vector<bool> skipped(chains ? rows.size() : 0, false);
  std::vector<uint32_t> stood_for;
  for (uint32_t row = 0; row < rows.size(); ++row) {
    const row_ref ref = rows[row];
    const remote_transaction& txn = *group[ref.transaction_index];
    const row_change& change = txn.changes[ref.change_index];
    if (chains && chains->superseded[row] && update_would_apply(entry, slot, change)) {
      skipped[row] = true;
      continue;
    }
    stood_for.clear();
    for (uint32_t p = chains ? chains->previous[row] : update_chains::none; p != update_chains::none && skipped[p];
         p = chains->previous[p])
      stood_for.push_back(p);
    row_values_.clear();
    stmt.rewind();
    if (auto bound = bind_row(stmt, 0, batch, slot, txn, change, &borrowed); !bound)
      return bound;
    if (auto r = stmt.run(); !r) {
      stmt.reset();
      for (size_t i = 0; i < params.size(); ++i)
        if (borrowed[i])
          row_values_[i] = sql_value{std::string(*borrowed[i])};
      return fail(step_error(r.error(), batch, entry.table, slot.text, txn));
    }
    if (batch.kind == change_kind::insert) {
      ++counters_.inserted;
    } else if (db_.changes() == 0) {
      // The skipped updates of this key found no row either: each is reported, in order.
      for (auto p = stood_for.rbegin(); p != stood_for.rend(); ++p)
        report_missing(change_at(group, rows[*p]), *group[rows[*p].transaction_index]);
      report_missing(change, txn);
    } else if (auto allowed = config_.roles ? config_.roles->row_found() : result<ok_t, pg_error>(ok_v); !allowed) {
      stmt.reset();
      return fail(apply_error{allowed.error(), context(txn, batch.kind, batch.relation.get()), false});
    } else {
      (batch.kind == change_kind::update ? counters_.updated : counters_.deleted) += 1 + stood_for.size();
    }
  }
  stmt.reset();
  return ok_v;
}

apply_error apply_sink::step_error(const sqlite_error& e, const apply_batch& batch,
                                   const local_table& table, const statement_text& text,
                                   const remote_transaction& txn) {
  const relation_info& rel = *batch.relation;
  apply_error out = error_from_sqlite(e, context(txn, batch.kind, &rel));
  if (auto raised = take_sql_function_error(db_.handle())) {  // a trigger's RAISE, a cast's error
    out.error = std::move(*raised);
    return out;
  }
  if (!is_unique_violation(e))
    return out;
  // As PostgreSQL 18: every unique key the row collides with, each with the
  // existing local row; several keys make a multiple_unique_conflicts.
  const unique_violation_probe probe = probe_unique_violation(batch, table, text);
  const std::string local_name = relation_name_part(table.name);
  std::vector<key_conflict> conflicts;
  if (auto keys = unique_keys_of(db_, table.name, local_name))
    if (auto found = find_key_conflicts(db_, table.name, *keys, probe.row, publisher_type_settings()))
      conflicts = std::move(*found);
  const bool insert = batch.kind == change_kind::insert;
  const char* kind = conflicts.size() > 1 ? "multiple_unique_conflicts"
                     : insert             ? "insert_exists"
                                          : "update_exists";
  ++(conflicts.size() > 1 ? counters_.multiple_unique_conflicts
     : insert             ? counters_.insert_exists
                          : counters_.update_exists);
  out.error.message = "conflict detected on relation \"" + remote_relation_name(rel) + "\": conflict=" + kind;
  if (!conflicts.empty()) {
    out.error.detail = conflict_detail(conflicts, row_description(row_text(probe.row, publisher_type_settings())),
                                       probe.identity_description);
    return out;
  }
  // The key SQLite named, with this row's values (the probe found no row: a key
  // on an expression or a partial index).
  std::vector<std::string> names = parse_constraint_failure(e.message).columns;
  std::vector<std::string> values;
  for (const auto& name : names) {
    std::string value = "?";
    for (size_t i = 0; i < text.params.size(); ++i) {
      const auto& p = text.params[i];
      if (p.from == statement_param::tuple::new_row &&
          same_identifier(table.column_for[p.column], name)) {
        value = render_value(row_values_[i]);
        break;
      }
    }
    values.push_back(std::move(value));
  }
  out.error.detail = existing_key_detail(names, values);
  return out;
}

// The failed row as unique_conflicts probes it: the values it would have written
// (its SET or VALUES parameters) and, for an UPDATE, the identity of its target row.
apply_sink::unique_violation_probe apply_sink::probe_unique_violation(const apply_batch& batch,
                                                                      const local_table& table,
                                                                      const statement_text& text) const {
  unique_violation_probe out;
  // UPDATE: SET parameters first, then the match
  const size_t written = batch.kind == change_kind::update ? text.set_params : text.params.size();
  for (size_t c = 0; c < table.column_for.size(); ++c) {
    out.row.columns.push_back(table.column_for[c]);
    out.row.types.push_back(table.type_for[c]);
    out.row.values.emplace_back();
  }
  std::vector<std::string> identity_names;
  std::vector<std::optional<std::string>> identity_values;
  for (size_t i = 0; i < text.params.size() && i < row_values_.size(); ++i) {
    const auto& p = text.params[i];
    if (i < written) {
      out.row.values[p.column] = row_values_[i];
      continue;
    }
    // A key column left out of SET keeps the value it is matched by.
    if (p.from == statement_param::tuple::new_row && !out.row.values[p.column])
      out.row.values[p.column] = row_values_[i];
    out.row.identity.emplace_back(table.column_for[p.column], row_values_[i]);
    identity_names.push_back(table.column_for[p.column]);
    identity_values.push_back(format_text_value(table.type_for[p.column], row_values_[i], publisher_type_settings()));
  }
  if (identity_names.empty())
    return out;
  if (batch.shape.old_kind == 'O') {
    out.identity_description = "replica identity full " + row_description(identity_values);
  } else {
    std::string names, values;
    for (size_t i = 0; i < identity_names.size(); ++i) {
      names += (i ? ", " : "") + identity_names[i];
      values += (i ? ", " : "") + identity_values[i].value_or("null");
    }
    out.identity_description = "replica identity (" + names + ")=(" + values + ")";
  }
  return out;
}

void apply_sink::report_missing(const row_change& change, const remote_transaction& txn) {
  const bool update = change.kind == change_kind::update;
  ++(update ? counters_.update_missing : counters_.delete_missing);
  logger().info(
      "conflict detected on relation \"{}\": conflict={}\nDETAIL: Could not find the row to be "
      "{}.\nCONTEXT: {}",
      remote_relation_name(*change.relation), update ? "update_missing" : "delete_missing",
      update ? "updated" : "deleted", context(txn, change.kind, change.relation.get()));
}

}  // namespace tributary
