// copy_command: COPY ... FROM STDIN and COPY ... TO STDOUT (statement_dispatcher::
// copy_statement), the way psql's \copy, pg_dump/pg_restore and drivers' copy
// APIs use them.
//
// FROM STDIN: the table's columns (or those listed) come from the column type
// catalog; the client's CopyData is parsed as it arrives (stages/pipeline/
// copy_format: text, CSV or binary, with COPY's options) and inserted in batches
// of whole rows through one prepared INSERT, each value read by its column's
// type under the session's settings (value_io: the same input functions as a
// local INSERT and the apply). Columns left out take their defaults. It runs in
// the client's transaction or in one of its own: all rows or none. Errors as
// PostgreSQL reports them, with its CONTEXT: `COPY t, line 2: "raw line"` for a
// malformed line, `COPY t, line 1, column a: "q"` for a value its type refuses,
// `COPY t, line 3: "raw line"` for NOT NULL and CHECK, `COPY t, line 3` for a
// unique key (checked after the line is gone in PostgreSQL), with its DETAIL (`Key (a)=(1) already exists.`,
// `Failing row contains (1, null).` when COPY gives every column).
//
// TO STDOUT: the table's columns (or the query) run as a SELECT through the same
// path as any query, so values are PostgreSQL's text (or binary send) output;
// they are written one CopyData per row (stages/sql/copy_output).
//
// FROM 'file' / TO 'file': the same over a file of the server (copy_file_channel),
// for superusers. Only the simple query protocol carries a client's channel here.
#include <set>

#include "cli/server/copy_file_channel.hpp"
#include "cli/server/statement_dispatcher.hpp"
#include "stages/core/sql_quote.hpp"
#include "stages/sql/copy_output.hpp"
#include "stages/sql/copy_statement.hpp"
#include "stages/types/value_io.hpp"
#include "storage/apply_error.hpp"
#include "storage/column_type_catalog.hpp"
#include "storage/sql_functions.hpp"
#include "storage/sqlstate_mapping.hpp"
#include "storage/unique_conflicts.hpp"

namespace tributary {
namespace {

constexpr size_t rows_per_batch = 1000;
constexpr size_t bytes_per_batch = 1 << 20;

// The listed columns, checked against the table's, or all of them.
result<std::vector<column_definition>, pg_error> target_columns(
    const std::vector<column_definition>& table_columns, const copy_statement& copy,
    const std::string& shown_table) {
  if (copy.columns.empty())
    return table_columns;
  std::vector<column_definition> out;
  std::set<std::string> seen;
  for (const std::string& name : copy.columns) {
    auto it = std::find_if(table_columns.begin(), table_columns.end(),
                           [&](const column_definition& c) { return c.name == name; });
    if (it == table_columns.end())
      return fail(make_pg_error("42703", "column \"" + name + "\" of relation \"" + shown_table +
                                             "\" does not exist"));
    if (!seen.insert(name).second)
      return fail(make_pg_error("42701", "column \"" + name + "\" specified more than once"));
    out.push_back(*it);
  }
  return out;
}

// FORCE_QUOTE / FORCE_NOT_NULL / FORCE_NULL: one flag per copied column.
// A name must be a column of the table (42703) and one COPY copies (42P10).
result<std::vector<bool>, pg_error> flags_for(const std::vector<std::string>& named, bool all,
                                              const std::vector<std::string>& columns,
                                              const std::vector<column_definition>& table_columns,
                                              const std::string& shown_table, const std::string& option) {
  std::vector<bool> flags(columns.size(), all);
  for (const std::string& name : named) {
    if (!table_columns.empty() &&
        std::none_of(table_columns.begin(), table_columns.end(),
                     [&](const column_definition& c) { return c.name == name; }))
      return fail(make_pg_error("42703", "column \"" + name + "\" of relation \"" + shown_table +
                                             "\" does not exist"));
    auto it = std::find(columns.begin(), columns.end(), name);
    if (it == columns.end())
      return fail(make_pg_error("42P10", option + " column \"" + name + "\" not referenced by COPY"));
    flags[static_cast<size_t>(it - columns.begin())] = true;
  }
  return flags;
}

std::string line_context(const std::string& table, uint64_t line) {
  return "COPY " + table + ", line " + std::to_string(line);
}

}  // namespace

result<command_outcome, pg_error> statement_dispatcher::copy_statement(
    const routed_statement& statement, const statement_situation& situation) {
  // The option reader points at options by their location in this text alone.
  const routed_query own = route_query(statement.text);
  if (own.statements.size() != 1)
    return fail(make_pg_error("XX000", "statement could not be parsed again on its own"));
  auto copy = read_copy_statement(own.statements[0].fields(), statement.text, statement.position);
  if (!copy)
    return fail(copy.error());
  std::unique_ptr<copy_file_channel> file;
  if (copy->file) {
    if (!identity_.superuser)
      return fail(make_pg_error(
          "42501",
          std::string("must be superuser or a member of the ") +
              (copy->from ? "pg_read_server_files role to COPY from a file"
                          : "pg_write_server_files role to COPY to a file"),
          "", "Anyone can COPY to stdout or from stdin. psql's \\copy command also works for anyone."));
  } else if (situation.copy == nullptr) {
    return fail(make_pg_error("0A000", "COPY is supported only in the simple query protocol here"));
  }
  // Messages name the table as the statement did: "t" for public.t and sales.t alike.
  std::string shown = copy->table;
  if (!statement.schemas.empty() && shown.starts_with(statement.schemas.front() + "."))
    shown = shown.substr(statement.schemas.front().size() + 1);

  std::vector<column_definition> columns;
  std::vector<column_definition> all_columns;
  if (!copy->query) {
    auto table_columns = read_table_columns(db_, copy->table);
    if (!table_columns)
      return fail(pg_error_from_sqlite(table_columns.error()));
    if (table_columns->empty())
      return fail(make_pg_error("42P01", "relation \"" + shown + "\" does not exist"));
    auto targets = target_columns(*table_columns, *copy, shown);
    if (!targets)
      return fail(targets.error());
    columns = std::move(*targets);
    all_columns = std::move(*table_columns);
  }
  if (copy->file) {  // opened once the statement is known to be valid, as PostgreSQL does
    auto opened = copy_file_channel::open(*copy->file, copy->from, directory_.root());
    if (!opened)
      return fail(opened.error());
    file = std::move(*opened);
  }
  std::vector<std::string> names;
  for (const auto& c : columns)
    names.push_back(c.name);
  copy_channel& channel = file ? *file : *situation.copy;
  const type_settings settings = parameters_.type_settings_now();

  if (!copy->from) {
    std::string select = copy->query.value_or("");
    if (!copy->query) {
      select = "SELECT ";
      for (size_t i = 0; i < names.size(); ++i)
        select += (i ? ", " : "") + quote_identifier(names[i]);
      select += " FROM " + quote_identifier(copy->table);
    }
    const routed_query inner = route_query(select);
    if (inner.statements.size() != 1)
      return fail(make_pg_error("42601", "COPY's query must be one statement"));
    statement_situation inner_situation;
    if (copy->format == copy_format::binary)
      inner_situation.result_formats = {1};
    auto rows = sqlite_statement_outcome(inner.statements[0], inner_situation);
    if (!rows)
      return fail(rows.error());
    names.clear();
    for (const auto& c : rows->columns)
      names.push_back(c.name);
    auto force_quote = flags_for(copy->force_quote, copy->force_quote_all, names, all_columns, shown,
                                 "FORCE_QUOTE");
    if (!force_quote)
      return fail(force_quote.error());
    copy_row_writer writer(copy->format, copy->options, std::move(*force_quote));
    channel.begin_copy_out(copy->format == copy_format::binary ? 1 : 0, names.size());
    std::string line;
    writer.begin(names, line);
    for (const text_row& row : rows->rows) {
      writer.row(row, line);
      channel.send_data(line);
      line.clear();
    }
    writer.end(line);
    if (!line.empty())
      channel.send_data(line);
    channel.end_copy_out();
    if (file)
      if (auto r = file->finish(); !r)
        return fail(r.error());
    return command_outcome::tag_only("COPY " + std::to_string(rows->rows.size()));
  }

  auto force_not_null = flags_for(copy->force_not_null, false, names, all_columns, shown, "FORCE_NOT_NULL");
  if (!force_not_null)
    return fail(force_not_null.error());
  auto force_null = flags_for(copy->force_null, false, names, all_columns, shown, "FORCE_NULL");
  if (!force_null)
    return fail(force_null.error());
  copy->options.force_not_null = std::move(*force_not_null);
  copy->options.force_null = std::move(*force_null);

  return in_own_transaction([&]() -> result<command_outcome, pg_error> {
    std::string insert = "INSERT INTO " + quote_identifier(copy->table);
    if (names.empty()) {
      insert += " DEFAULT VALUES";
    } else {
      std::string list, values;
      for (size_t i = 0; i < names.size(); ++i) {
        list += (i ? "," : "") + quote_identifier(names[i]);
        values += (i ? ",?" : "?") + std::to_string(i + 1);
      }
      insert += " (" + list + ") VALUES (" + values + ")";
    }
    set_sql_function_settings(db_.handle(), settings);
    take_sql_function_error(db_.handle());
    auto prepared = db_.prepare(insert);
    if (!prepared)
      return fail(pg_error_from_sqlite(prepared.error()));
    sqlite_statement& stmt = *prepared;
    const bool binary = copy->format == copy_format::binary;
    const uint64_t header_lines = copy->options.header ? 1 : 0;
    copy_parser parser(copy->format, names, copy->options);
    copy_rows batch(names.size());
    batch.keep_lines();
    std::vector<sql_value> values(names.size());
    uint64_t inserted = 0;

    auto format_error = [&](const copy_format_error& e) {
      pg_error error = make_pg_error("22P04", e.message);
      if (e.line == 0)  // the binary header: PostgreSQL names no line
        return error;
      error.context = line_context(shown, e.line);
      if (!e.line_text.empty())
        error.context += ": \"" + e.line_text + "\"";
      return error;
    };
    // "Key (a)=(1) already exists.": the key's values as this row gave them.
    auto key_detail = [&](const sqlite_error& e, size_t row) {
      std::vector<std::string> key = parse_constraint_failure(e.message).columns;
      std::vector<std::string> shown_values;
      for (const std::string& name : key) {
        auto it = std::find(names.begin(), names.end(), name);
        const size_t c = static_cast<size_t>(it - names.begin());
        std::optional<std::string> text;
        if (it != names.end() && !batch.is_null(row, c))
          text = format_text_value(columns[c].type, values[c], settings);
        shown_values.push_back(text.value_or("null"));
      }
      return existing_key_detail(key, shown_values);
    };
    // "Failing row contains (1, null).": the row in the table's column order, when
    // COPY gives every column (otherwise the defaults of the others are not known
    // here, and the DETAIL is left out).
    auto failing_row_detail = [&](size_t row) -> std::string {
      if (names.size() != all_columns.size())
        return {};
      std::vector<std::optional<std::string>> shown_values;
      for (const column_definition& column : all_columns) {
        auto it = std::find(names.begin(), names.end(), column.name);
        if (it == names.end())
          return {};
        const size_t c = static_cast<size_t>(it - names.begin());
        std::optional<std::string> text;
        if (!batch.is_null(row, c))
          text = format_text_value(columns[c].type, values[c], settings);
        shown_values.push_back(std::move(text));
      }
      return "Failing row contains " + row_description(shown_values) + ".";
    };
    auto insert_batch = [&]() -> result<ok_t, pg_error> {
      for (size_t row = 0; row < batch.size(); ++row) {
        const uint64_t line = inserted + 1 + header_lines;
        for (size_t c = 0; c < names.size(); ++c) {
          if (batch.is_null(row, c)) {
            stmt.bind_null(static_cast<int>(c + 1));
            continue;
          }
          auto bytes = batch.value(row, c);
          auto value = binary ? parse_binary_value(columns[c].type, bytes)
                              : parse_text_value(columns[c].type, bytes, settings);
          if (!value) {
            pg_error error = value.error();
            error.context = line_context(shown, line) + ", column " + names[c];
            if (!binary)
              error.context += ": \"" + std::string(bytes) + "\"";
            return fail(std::move(error));
          }
          values[c] = std::move(*value);
          stmt.bind_borrowed(static_cast<int>(c + 1), values[c]);
        }
        auto stepped = stmt.step();
        stmt.rewind();
        if (!stepped) {
          pg_error error = take_sql_function_error(db_.handle()).value_or(pg_error_from_sqlite(stepped.error()));
          if (is_unique_violation(stepped.error()))
            error.detail = key_detail(stepped.error(), row);
          else if (error.sqlstate == "23502")
            error.detail = failing_row_detail(row);
          error.context = line_context(shown, line);
          // PostgreSQL checks NOT NULL and CHECK on the row it just read, so its line
          // is still there to show; a unique key is checked later, without it.
          if (error.sqlstate == "23502" || error.sqlstate == "23514")
            if (auto text = batch.line(row))
              error.context += ": \"" + std::string(*text) + "\"";
          return fail(std::move(error));
        }
        ++inserted;
      }
      batch.clear();
      return ok_v;
    };

    channel.begin_copy_in(binary ? 1 : 0, names.size());
    for (;;) {
      if (statement_cancelled() || statement_timeout_.expired())  // explained by run()
        return fail(make_pg_error("57014", "canceling statement due to user request"));
      auto data = channel.next_data();
      if (!data) {
        pg_error error = data.error();
        if (error.sqlstate == "57014")  // CopyFail: where the data stopped
          error.context = line_context(shown, parser.rows() + header_lines + 1);
        return fail(std::move(error));
      }
      if (!*data) {
        if (auto r = parser.finish(batch); !r)
          return fail(format_error(r.error()));
        if (auto r = insert_batch(); !r)
          return fail(r.error());
        break;
      }
      if (auto r = parser.feed(**data, batch); !r) {
        if (auto inserted_before = insert_batch(); !inserted_before)
          return fail(inserted_before.error());  // an earlier row's error comes first
        return fail(format_error(r.error()));
      }
      if (batch.size() >= rows_per_batch || batch.byte_size() >= bytes_per_batch)
        if (auto r = insert_batch(); !r)
          return fail(r.error());
    }
    return command_outcome::tag_only("COPY " + std::to_string(inserted));
  });
}

}  // namespace tributary
