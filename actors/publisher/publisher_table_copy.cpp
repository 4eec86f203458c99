// publisher_connection, initial-copy part: what a table-sync actor asks the
// publisher (reference §1.10, PostgreSQL's fetch_remote_table_info and
// copy_table) and the reading of `COPY ... TO STDOUT`.
//
//   1. the table: pg_class oid, relkind, replica identity;
//   2. PG 15+: its column list in these publications (one distinct list, or
//      none; two different lists are an error, as in PostgreSQL);
//   3. its columns (name, type OID, replica-identity key), the dropped and
//      (before PG 18) generated ones left out, filtered by the column list;
//   4. PG 15+: its row filters; any publication without one means all rows.
// Every name is quoted; every query runs inside the caller's snapshot.
#include <cstdlib>
#include <set>
#include <sstream>

#include "actors/publisher/publisher_connection.hpp"

namespace tributary {

namespace {

std::string table_label(const std::string& schema, const std::string& table) {
  return "\"" + schema + "." + table + "\"";
}

// int2vector text ("1 3 4") -> attribute numbers.
std::set<int> attribute_numbers(const char* text) {
  std::set<int> out;
  std::istringstream in(text);
  int n = 0;
  while (in >> n)
    out.insert(n);
  return out;
}

}  // namespace

result<remote_table_info, pg_error> publisher_connection::fetch_remote_table_info(
    const std::string& schema, const std::string& table, const std::vector<std::string>& publications) {
  const int version = server_version();
  auto info_error = [&](const pg_error& e) {
    return make_pg_error(e.sqlstate, "could not fetch table info for table " + table_label(schema, table) +
                                         " from publisher: " + e.message);
  };
  remote_table_info info;
  auto rel = exec(
      "SELECT c.oid, c.relreplident, c.relkind, c.reltuples FROM pg_catalog.pg_class c "
      "INNER JOIN pg_catalog.pg_namespace n ON (c.relnamespace = n.oid) WHERE n.nspname = " +
      quote_literal(schema) + " AND c.relname = " + quote_literal(table));
  if (!rel)
    return fail(info_error(rel.error()));
  if (PQntuples(rel->get()) != 1)
    return fail(make_pg_error("42P01", "table " + table_label(schema, table) + " not found on publisher"));
  info.relid = static_cast<oid_t>(std::strtoul(PQgetvalue(rel->get(), 0, 0), nullptr, 10));
  info.replica_identity = PQgetvalue(rel->get(), 0, 1)[0];
  info.relkind = PQgetvalue(rel->get(), 0, 2)[0];
  info.estimated_rows = std::strtod(PQgetvalue(rel->get(), 0, 3), nullptr);
  const std::string relid = std::to_string(info.relid);

  std::string pubs;
  for (const auto& p : publications)
    pubs += (pubs.empty() ? "" : ", ") + quote_literal(p);

  std::optional<std::set<int>> column_list;
  if (version >= 150000) {
    auto lists = exec(
        "SELECT DISTINCT (CASE WHEN (array_length(gpt.attrs, 1) = c.relnatts) THEN NULL ELSE gpt.attrs END) "
        "FROM pg_catalog.pg_publication p, LATERAL pg_catalog.pg_get_publication_tables(p.pubname) gpt, "
        "pg_catalog.pg_class c WHERE gpt.relid = " + relid + " AND c.oid = gpt.relid AND p.pubname IN (" +
        pubs + ")");
    if (!lists)
      return fail(info_error(lists.error()));
    if (PQntuples(lists->get()) > 1)
      return fail(make_pg_error("0A000", "cannot use different column lists for table " +
                                             table_label(schema, table) + " in different publications"));
    if (PQntuples(lists->get()) == 1 && !PQgetisnull(lists->get(), 0, 0))
      column_list = attribute_numbers(PQgetvalue(lists->get(), 0, 0));
  }

  std::string columns_sql =
      "SELECT a.attnum, a.attname, a.atttypid, a.attnum = ANY(i.indkey)";
  columns_sql += version >= 180000 ? ", a.attgenerated <> ''" : ", false";
  columns_sql +=
      " FROM pg_catalog.pg_attribute a LEFT JOIN pg_catalog.pg_index i ON "
      "(i.indexrelid = pg_catalog.pg_get_replica_identity_index(" + relid + "))"
      " WHERE a.attnum > 0::pg_catalog.int2 AND NOT a.attisdropped";
  if (version >= 120000 && version < 180000)
    columns_sql += " AND a.attgenerated = ''";
  columns_sql += " AND a.attrelid = " + relid + " ORDER BY a.attnum";
  auto cols = exec(columns_sql);
  if (!cols)
    return fail(info_error(cols.error()));
  for (int i = 0; i < PQntuples(cols->get()); ++i) {
    int attnum = std::atoi(PQgetvalue(cols->get(), i, 0));
    if (column_list && !column_list->count(attnum))
      continue;
    remote_column c;
    c.name = PQgetvalue(cols->get(), i, 1);
    c.type_oid = static_cast<oid_t>(std::strtoul(PQgetvalue(cols->get(), i, 2), nullptr, 10));
    c.is_key = PQgetvalue(cols->get(), i, 3)[0] == 't';
    c.generated = PQgetvalue(cols->get(), i, 4)[0] == 't';
    info.columns.push_back(std::move(c));
  }

  if (version >= 150000) {
    auto filters = exec(
        "SELECT DISTINCT pg_catalog.pg_get_expr(gpt.qual, gpt.relid) FROM pg_catalog.pg_publication p, "
        "LATERAL pg_catalog.pg_get_publication_tables(p.pubname) gpt WHERE gpt.relid = " + relid +
        " AND p.pubname IN (" + pubs + ")");
    if (!filters)
      return fail(info_error(filters.error()));
    for (int i = 0; i < PQntuples(filters->get()); ++i) {
      if (PQgetisnull(filters->get(), i, 0)) {  // one publication sends every row
        info.row_filters.clear();
        break;
      }
      info.row_filters.emplace_back(PQgetvalue(filters->get(), i, 0));
    }
  }
  return info;
}

std::string publisher_connection::copy_out_query(const std::string& schema, const std::string& table,
                                                 const remote_table_info& info, bool binary) const {
  std::string columns;
  bool generated = false;
  for (const auto& c : info.columns) {
    columns += (columns.empty() ? "" : ", ") + quote_identifier(c.name);
    generated |= c.generated;
  }
  const std::string name = quote_identifier(schema) + "." + quote_identifier(table);
  std::string sql;
  if (info.relkind == 'r' && info.row_filters.empty() && !generated) {
    sql = "COPY " + name + (columns.empty() ? "" : " (" + columns + ")") + " TO STDOUT";
  } else {
    // ONLY for plain tables, so inheritance children are not copied twice.
    sql = "COPY (SELECT " + columns + " FROM " + (info.relkind == 'p' ? "" : "ONLY ") + name;
    for (size_t i = 0; i < info.row_filters.size(); ++i)
      sql += (i == 0 ? " WHERE (" : " OR (") + info.row_filters[i] + ")";
    sql += ") TO STDOUT";
  }
  if (binary && server_version() >= 160000)
    sql += " WITH (FORMAT binary)";
  return sql;
}

result<bool, pg_error> publisher_connection::start_copy_out(const std::string& sql) {
  pg_result_ptr r{PQexec(conn_, sql.c_str())};
  if (!r || PQresultStatus(r.get()) != PGRES_COPY_OUT)
    return fail(error_from(r.get(), ""));
  return PQbinaryTuples(r.get()) == 1;
}

result<publisher_connection::read_status, pg_error> publisher_connection::read_copy_out(
    const std::function<bool(std::string_view)>& consume, size_t max_bytes) {
  if (PQconsumeInput(conn_) == 0)
    return fail(make_pg_error("08006", "could not receive data from the publisher: " + last_error()));
  size_t bytes = 0;
  bool read_since_last_row = true;  // as read_copy_data: read again once libpq's buffer is taken
  while (bytes < max_bytes) {
    char* buf = nullptr;
    int n = PQgetCopyData(conn_, &buf, 1);
    if (n > 0) {
      bool more = consume(std::string_view(buf, static_cast<size_t>(n)));
      PQfreemem(buf);
      bytes += static_cast<size_t>(n);
      read_since_last_row = false;
      if (!more)
        return read_status::data;
      continue;
    }
    if (n == 0 && !read_since_last_row) {
      if (PQconsumeInput(conn_) == 0)
        return fail(make_pg_error("08006", "could not receive data from the publisher: " + last_error()));
      read_since_last_row = true;
      continue;
    }
    if (n == 0)
      return bytes ? read_status::data : read_status::would_block;
    if (n == -1) {
      // The COPY is over: its final result says whether it succeeded.
      pg_result_ptr r{PQgetResult(conn_)};
      bool ok = r && PQresultStatus(r.get()) == PGRES_COMMAND_OK;
      pg_error e = ok ? pg_error{} : error_from(r.get(), "");
      while (pg_result_ptr next{PQgetResult(conn_)})
        ;
      if (!ok)
        return fail(e);
      return read_status::ended;
    }
    return fail(make_pg_error("08006", "could not receive data from the publisher: " + last_error()));
  }
  return read_status::data;
}

}  // namespace tributary
