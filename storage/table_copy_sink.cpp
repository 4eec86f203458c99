// table_copy_sink: see the header. One connection, one transaction, one
// prepared INSERT; per row only decode + bind + step.
#include "storage/table_copy_sink.hpp"
#include "storage/sql_functions.hpp"
#include "storage/wal_write_coalescing.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <cctype>

#include "stages/core/sql_quote.hpp"
#include "stages/types/value_io.hpp"
#include "storage/sql_functions.hpp"
#include "storage/subscription_catalog.hpp"

namespace tributary {

namespace {

// Rows per INSERT statement of the copy (fewer for very wide tables).
constexpr size_t copy_chunk_rows = 64;

constexpr int long_busy_timeout_ms = 60000;


apply_error plain_error(std::string sqlstate, std::string message, std::string context = {}) {
  apply_error e;
  e.error = make_pg_error(std::move(sqlstate), std::move(message));
  e.context = std::move(context);
  return e;
}

}  // namespace

result<table_copy_sink, apply_error> table_copy_sink::open(table_copy_config config) {
  // Its log's writes joined (wal_write_coalescing.hpp): a copy writes pages by the thousand.
  auto db = sqlite_connection::open(wal_write_coalescing_uri(config.database_file), long_busy_timeout_ms);
  if (!db)
    return fail(error_from_sqlite(db.error(), {}));
  // Local triggers that fire on replicated rows (ENABLE REPLICA / ALWAYS) run
  // translated SQL: they need the functions it calls, and so do CHECK constraints.
  register_sql_functions(db->handle());
  if (config.roles)
    config.roles->install(db->handle());
  std::string cache = "PRAGMA cache_size = -" + std::to_string(std::max(config.page_cache_kib, 2000));
  if (auto r = db->exec(cache); !r)
    return fail(error_from_sqlite(r.error(), {}));
  return table_copy_sink(std::move(config), std::move(db).value());
}

table_copy_sink::table_copy_sink(table_copy_config config, sqlite_connection db)
    : config_(std::move(config)), db_(std::move(db)) {}

table_copy_sink::~table_copy_sink() {
  if (db_.handle() && db_.in_transaction())
    rollback();
}

void table_copy_sink::rollback() {
  insert_.reset();
  if (db_.in_transaction())
    (void)db_.exec("ROLLBACK");
}

apply_error table_copy_sink::failed(apply_error e) {
  rollback();
  return e;
}

std::string table_copy_sink::context(std::optional<size_t> column, std::string_view value) const {
  std::string out = "COPY " + local_name() + ", line " + std::to_string(rows_copied_ + 1);
  if (column) {
    out += ", column " + config_.relation.columns[*column].name + ": \"";
    out.append(value);
    out += "\"";
  }
  return out;
}

result<ok_t, apply_error> table_copy_sink::begin() {
  sqlite3_busy_timeout(db_.handle(), config_.begin_busy_timeout_ms);
  auto began = db_.exec("BEGIN IMMEDIATE");
  sqlite3_busy_timeout(db_.handle(), long_busy_timeout_ms);
  if (!began)
    return fail(error_from_sqlite(began.error(), {}));  // busy: retryable
  auto table = describe_local_table(db_, config_.relation);
  if (!table) {
    apply_error e;
    e.error = table.error();
    return fail(failed(std::move(e)));
  }
  table_ = std::move(table).value();
  if (config_.roles) {
    auto role = config_.roles->refresh(db_);
    if (role)
      role = config_.roles->enter(table_->name, 'I');
    if (!role)
      return fail(failed(apply_error{role.error(), {}, false}));
  }
  auto text = statement_for(*table_, config_.relation, change_kind::insert, change_shape{});
  if (!text) {
    apply_error e;
    e.error = text.error();
    return fail(failed(std::move(e)));
  }
  auto stmt = db_.prepare(text->sql);
  if (!stmt)
    return fail(failed(error_from_sqlite(stmt.error(), context())));
  insert_.emplace(std::move(stmt).value());
  const size_t columns = config_.relation.columns.size();
  row_values_.assign(columns, sql_value{});
  verbatim_.assign(columns, false);
  for (size_t c = 0; c < columns; ++c)
    verbatim_[c] = text_is_stored_as_received(table_->type_for[c]);
  insert_chunk_.reset();
  chunk_rows_ = 0;
  if (columns > 0) {
    const auto limit = static_cast<size_t>(sqlite3_limit(db_.handle(), SQLITE_LIMIT_VARIABLE_NUMBER, -1));
    chunk_rows_ = std::min(copy_chunk_rows, limit / columns);
    if (chunk_rows_ > 1) {
      auto chunk = db_.prepare(insert_statement_for(*table_, config_.relation, chunk_rows_).sql);
      if (!chunk)
        return fail(failed(error_from_sqlite(chunk.error(), context())));
      insert_chunk_.emplace(std::move(chunk).value());
      chunk_values_.assign(chunk_rows_ * columns, sql_value{});
    }
  }
  return ok_v;
}

bool table_copy_sink::bind_chunk_row(const copy_rows& rows, size_t row, size_t first_param, sql_value* values) {
  const bool binary = config_.format == copy_format::binary;
  auto& stmt = *insert_chunk_;
  for (size_t c = 0; c < rows.columns(); ++c) {
    const int index = static_cast<int>(first_param + c + 1);
    if (rows.is_null(row, c)) {
      stmt.bind_null(index);
      continue;
    }
    auto bytes = rows.value(row, c);
    if (!binary && verbatim_[c]) {
      stmt.bind_text_borrowed(index, bytes);  // `rows` outlives the step
      continue;
    }
    const column_type& type = table_->type_for[c];
    auto value = binary ? parse_binary_value(type, bytes) : parse_text_value(type, bytes, publisher_type_settings());
    if (!value)
      return false;
    values[c] = std::move(value).value();
    stmt.bind_borrowed(index, values[c]);  // chunk_values_ outlives the step
  }
  return true;
}

result<ok_t, apply_error> table_copy_sink::insert(const copy_rows& rows) {
  if (!insert_)
    return fail(plain_error("55000", "the copy of \"" + local_name() + "\" has no open transaction"));
  const auto& columns = config_.relation.columns;
  if (rows.columns() != columns.size())
    return fail(failed(plain_error("XX000", "COPY row has " + std::to_string(rows.columns()) +
                                                " columns, expected " + std::to_string(columns.size()),
                                            context())));
  const bool binary = config_.format == copy_format::binary;
  auto& stmt = *insert_;
  // Columns whose text is stored as it comes: bound without parsing or copying.
  const std::vector<bool>& verbatim = verbatim_;
  size_t row = 0;
  // Whole chunks first, one statement each; a chunk that fails (SQLite undid
  // its rows) or does not parse goes again row by row below, so the error
  // names its row's line as ever.
  while (insert_chunk_ && rows.size() - row >= chunk_rows_) {
    bool bound = true;
    for (size_t r = 0; r < chunk_rows_ && bound; ++r)
      bound = bind_chunk_row(rows, row + r, r * columns.size(), chunk_values_.data() + r * columns.size());
    auto stepped = bound ? insert_chunk_->run() : result<ok_t, sqlite_error>(ok_v);
    insert_chunk_->reset();
    if (bound && stepped) {
      row += chunk_rows_;
      rows_copied_ += chunk_rows_;
      continue;
    }
    if (!stepped) {
      (void)take_sql_function_error(db_.handle());  // raised again by the row that fails alone
      if (!db_.in_transaction())  // an error that ended the transaction (I/O, disk full)
        return fail(failed(error_from_sqlite(stepped.error(), context())));
    }
    break;
  }
  for (; row < rows.size(); ++row) {
    for (size_t c = 0; c < columns.size(); ++c) {
      if (rows.is_null(row, c)) {
        row_values_[c] = sql_null{};
        stmt.bind_null(static_cast<int>(c + 1));
        continue;
      }
      auto bytes = rows.value(row, c);
      const column_type& type = table_->type_for[c];
      if (!binary && verbatim[c]) {
        row_values_[c] = sql_null{};  // filled in only if the row fails (row_error)
        stmt.bind_text_borrowed(static_cast<int>(c + 1), bytes);  // `rows` outlives the step
        continue;
      }
      auto value = binary ? parse_binary_value(type, bytes)
                          : parse_text_value(type, bytes, publisher_type_settings());
      if (!value) {
        // A binary value is not printable as it came; name the column only.
        std::string shown = binary ? std::string() : std::string(bytes);
        return fail(failed(plain_error(value.error().sqlstate, value.error().message,
                                       context(c, shown))));
      }
      row_values_[c] = std::move(value).value();
      stmt.bind_borrowed(static_cast<int>(c + 1), row_values_[c]);  // row_values_ outlives the step
    }
    auto stepped = stmt.step();
    stmt.rewind();
    if (!stepped) {
      for (size_t c = 0; c < columns.size(); ++c)
        if (!binary && !rows.is_null(row, c) && verbatim[c])
          row_values_[c] = std::string(rows.value(row, c));
      return fail(failed(row_error(stepped.error())));
    }
    ++rows_copied_;
  }
  return ok_v;
}

apply_error table_copy_sink::row_error(const sqlite_error& e) const {
  apply_error out = error_from_sqlite(e, context());
  if (auto raised = take_sql_function_error(db_.handle())) {  // a trigger's RAISE, a cast's error
    out.error = std::move(*raised);
    return out;
  }
  if (!is_unique_violation(e))
    return out;
  // The key's values as this row would have written them.
  std::vector<std::string> names = parse_constraint_failure(e.message).columns;
  std::vector<std::string> values;
  for (const auto& name : names) {
    std::string value = "?";
    for (size_t i = 0; i < table_->column_for.size(); ++i)
      if (same_identifier(table_->column_for[i], name)) {
        value = render_value(row_values_[i]);
        break;
      }
    values.push_back(std::move(value));
  }
  out.error.detail = existing_key_detail(names, values);
  return out;
}

result<ok_t, apply_error> table_copy_sink::commit(lsn sync_lsn) {
  if (!insert_)
    return fail(plain_error("55000", "the copy of \"" + local_name() + "\" has no open transaction"));
  const auto& rel = config_.relation;
  auto rels = list_subscription_rels(db_, config_.subscription_oid);
  if (!rels)
    return fail(failed(error_from_sqlite(rels.error(), {})));
  auto it = std::find_if(rels->begin(), rels->end(), [&](const subscription_rel_row& r) {
    return r.schema_name == rel.schema_name && r.table_name == rel.table_name;
  });
  if (it == rels->end())
    return fail(failed(plain_error("42704", "subscription table \"" + rel.schema_name + "." +
                                                rel.table_name + "\" in subscription " +
                                                std::to_string(config_.subscription_oid) +
                                                " does not exist")));
  // The table must still wait for this copy, in this same transaction: a copy
  // committed by someone else meanwhile (a second server on the directory, a
  // worker that outlived its subscription's change) is never committed twice.
  if (it->state != copy_start_state) {
    rollback();
    return fail(plain_error("55000", "table \"" + rel.schema_name + "." + rel.table_name +
                                         "\" of subscription " + std::to_string(config_.subscription_oid) +
                                         " is in state \"" + std::string(1, it->state) + "\", not \"" +
                                         std::string(1, copy_start_state) +
                                         "\": its copy was already committed; this copy is discarded"));
  }
  subscription_rel_row ready = *it;
  ready.state = 'r';
  ready.sync_lsn = sync_lsn;
  if (auto r = upsert_subscription_rel(db_, ready); !r)
    return fail(failed(error_from_sqlite(r.error(), {})));
  insert_.reset();
  if (auto r = db_.exec("COMMIT"); !r)
    return fail(failed(error_from_sqlite(r.error(), {})));
  return ok_v;
}

}  // namespace tributary
