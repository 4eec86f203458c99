// pq_session: libpq calls of the load harness. See pq_session.hpp.
#include "cli/load/pq_session.hpp"

namespace tributary::load {
namespace {

struct result_clearer {
  void operator()(PGresult* r) const { PQclear(r); }
};
using pq_result = std::unique_ptr<PGresult, result_clearer>;

constexpr const char* session_settings =
    "SET TimeZone = 'UTC'; SET DateStyle = 'ISO, MDY'; SET IntervalStyle = 'postgres'; "
    "SET extra_float_digits = 1; SET bytea_output = 'hex'";

pq_row row_of(const PGresult* r, int row) {
  pq_row out;
  const int columns = PQnfields(r);
  out.reserve(columns);
  for (int c = 0; c < columns; ++c) {
    if (PQgetisnull(r, row, c))
      out.emplace_back(std::nullopt);
    else
      out.emplace_back(std::string(PQgetvalue(r, row, c), PQgetlength(r, row, c)));
  }
  return out;
}

}  // namespace

result<pq_session, pq_failure> pq_session::open(const std::string& conninfo) {
  pq_session session(PQconnectdb(conninfo.c_str()));
  if (!session.usable()) {
    std::string message = session.connection_ ? PQerrorMessage(session.connection_.get()) : "out of memory";
    while (!message.empty() && message.back() == '\n') message.pop_back();
    return fail(pq_failure{"", message, true});
  }
  // Tributary takes the settings one statement at a time, like any server.
  std::string settings = session_settings;
  size_t start = 0;
  while (start < settings.size()) {
    size_t end = settings.find(';', start);
    if (end == std::string::npos) end = settings.size();
    if (auto r = session.exec(settings.substr(start, end - start)); !r) return fail(r.error());
    start = end + 1;
  }
  return session;
}

pq_failure pq_session::failure_of(const PGresult* r) const {
  pq_failure out;
  const char* state = r == nullptr ? nullptr : PQresultErrorField(r, PG_DIAG_SQLSTATE);
  out.sqlstate = state == nullptr ? "" : state;
  out.message = r != nullptr && *PQresultErrorMessage(r) ? PQresultErrorMessage(r) : PQerrorMessage(connection_.get());
  while (!out.message.empty() && out.message.back() == '\n') out.message.pop_back();
  out.connection_lost = PQstatus(connection_.get()) != CONNECTION_OK || out.sqlstate.rfind("08", 0) == 0 ||
                        out.sqlstate == "57P01" || out.sqlstate == "57P02" || out.sqlstate == "57P03";
  return out;
}

result<int64_t, pq_failure> pq_session::exec(const std::string& sql) {
  pq_result r(PQexec(connection_.get(), sql.c_str()));
  const auto status = r ? PQresultStatus(r.get()) : PGRES_FATAL_ERROR;
  if (status == PGRES_TUPLES_OK) return static_cast<int64_t>(PQntuples(r.get()));
  if (status != PGRES_COMMAND_OK) return fail(failure_of(r.get()));
  const char* affected = PQcmdTuples(r.get());
  return affected != nullptr && *affected ? std::stoll(affected) : 0;
}

result<std::vector<pq_row>, pq_failure> pq_session::query(const std::string& sql) {
  pq_result r(PQexec(connection_.get(), sql.c_str()));
  if (!r || PQresultStatus(r.get()) != PGRES_TUPLES_OK) return fail(failure_of(r.get()));
  std::vector<pq_row> rows;
  for (int i = 0; i < PQntuples(r.get()); ++i) rows.push_back(row_of(r.get(), i));
  return rows;
}

result<std::string, pq_failure> pq_session::value(const std::string& sql) {
  auto rows = query(sql);
  if (!rows) return fail(rows.error());
  if (rows->empty() || rows->front().empty() || !rows->front().front())
    return fail(pq_failure{"", "no value returned by: " + sql, false});
  return *rows->front().front();
}

result<int64_t, pq_failure> pq_session::for_each_row(const std::string& sql,
                                                     const std::function<void(const pq_row&)>& on_row) {
  if (PQsendQuery(connection_.get(), sql.c_str()) != 1) return fail(failure_of(nullptr));
  PQsetSingleRowMode(connection_.get());
  int64_t rows = 0;
  std::optional<pq_failure> failed;
  while (PGresult* raw = PQgetResult(connection_.get())) {
    pq_result r(raw);
    const auto status = PQresultStatus(r.get());
    if (status == PGRES_SINGLE_TUPLE) {
      on_row(row_of(r.get(), 0));
      ++rows;
    } else if (status != PGRES_TUPLES_OK && !failed) {
      failed = failure_of(r.get());
    }
  }
  if (failed) return fail(*failed);
  return rows;
}

result<std::string, std::string> conninfo_with(const std::string& conninfo, const std::string& keyword,
                                               const std::string& value) {
  char* error = nullptr;
  PQconninfoOption* options = PQconninfoParse(conninfo.c_str(), &error);
  if (options == nullptr) {
    std::string message = error != nullptr ? error : "invalid connection string";
    PQfreemem(error);
    while (!message.empty() && message.back() == '\n') message.pop_back();
    return fail(message);
  }
  auto quoted = [](const std::string& v) {
    std::string out = "'";
    for (char c : v) {
      if (c == '\'' || c == '\\') out.push_back('\\');
      out.push_back(c);
    }
    return out + "'";
  };
  std::string out;
  for (PQconninfoOption* o = options; o->keyword != nullptr; ++o) {
    if (keyword == o->keyword) continue;
    if (o->val == nullptr || *o->val == '\0') continue;
    out += std::string(out.empty() ? "" : " ") + o->keyword + "=" + quoted(o->val);
  }
  PQconninfoFree(options);
  return out + (out.empty() ? "" : " ") + keyword + "=" + quoted(value);
}

std::string conninfo_value(const std::string& conninfo, const std::string& keyword) {
  PQconninfoOption* options = PQconninfoParse(conninfo.c_str(), nullptr);
  if (options == nullptr) return "";
  std::string out;
  for (PQconninfoOption* o = options; o->keyword != nullptr; ++o)
    if (keyword == o->keyword && o->val != nullptr) out = o->val;
  PQconninfoFree(options);
  return out;
}

std::string sql_literal(const std::string& text) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\'') out.push_back('\'');
    out.push_back(c);
  }
  return out + "'";
}

}  // namespace tributary::load
