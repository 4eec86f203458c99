#include "actors/publisher/publisher_conninfo.hpp"

#include <libpq-fe.h>

#include <cstdlib>
#include <fstream>
#include <iterator>

#include "stages/core/conninfo_compat.hpp"

namespace tributary {

const std::string* conninfo_params::find(const std::string& keyword) const {
  for (const auto& [k, v] : keywords)
    if (k == keyword)
      return &v;
  return nullptr;
}

void conninfo_params::set(const std::string& keyword, std::string value) {
  for (auto& [k, v] : keywords)
    if (k == keyword) {
      v = std::move(value);
      return;
    }
  keywords.emplace_back(keyword, std::move(value));
}

bool conninfo_params::has_password() const {
  const auto* p = find("password");
  return p && !p->empty();
}

result<conninfo_params, pg_error> parse_conninfo(const std::string& conninfo) {
  // libpq 15 refuses libpq 16's load_balance_hosts: it is taken out here and
  // applied at connect time (publisher_connection::open).
  auto split = split_load_balance_hosts(conninfo);
  char* err = nullptr;
  PQconninfoOption* options = PQconninfoParse(split.conninfo.c_str(), &err);
  if (!options) {
    std::string message = err ? err : "out of memory";
    PQfreemem(err);
    while (!message.empty() && (message.back() == '\n' || message.back() == ' '))
      message.pop_back();
    return fail(make_pg_error("42601", "invalid connection string syntax: " + message));
  }
  conninfo_params params;
  for (auto* o = options; o->keyword; ++o)
    if (o->val)
      params.keywords.emplace_back(o->keyword, o->val);
  PQconninfoFree(options);
  if (split.load_balance)
    params.keywords.emplace_back("load_balance_hosts", std::move(*split.load_balance));
  return params;
}

namespace {

std::optional<std::string> file_text(const std::string& path) {
  std::ifstream in(path);
  if (!in)
    return std::nullopt;
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// Whether the connection's service (the `service` keyword or PGSERVICE) gives a
// user, in the files libpq reads: PGSERVICEFILE or ~/.pg_service.conf, then
// pg_service.conf in PGSYSCONFDIR (libpq's default when unset).
bool service_names_a_user(const conninfo_params& params) {
  const std::string* given = params.find("service");
  const char* from_environment = std::getenv("PGSERVICE");
  const std::string service = given ? *given : from_environment ? from_environment : "";
  if (service.empty())
    return false;
  std::vector<std::string> files;
  if (const char* f = std::getenv("PGSERVICEFILE"))
    files.emplace_back(f);
  else if (const char* home = std::getenv("HOME"))
    files.push_back(std::string(home) + "/.pg_service.conf");
  const char* sysconf = std::getenv("PGSYSCONFDIR");
  files.push_back(std::string(sysconf ? sysconf : "/etc/postgresql-common") + "/pg_service.conf");
  for (const auto& f : files)
    if (auto text = file_text(f)) {
      if (service_file_user(*text, service))
        return true;
    }
  return false;
}

}  // namespace

conninfo_params publisher_connection_params(const conninfo_params& given,
                                            const std::string& subscription_name,
                                            const std::string& owner,
                                            connection_purpose purpose) {
  conninfo_params out = given;
  if (!out.find("application_name"))
    out.set("application_name", subscription_name);
  if (!out.find("user") && !std::getenv("PGUSER") && !owner.empty() && !service_names_a_user(out))
    out.set("user", owner);
  out.set("client_encoding", "UTF8");
  std::string options = out.find("options") ? *out.find("options") + " " : std::string{};
  options += "-c datestyle=ISO -c intervalstyle=postgres -c extra_float_digits=3 -c TimeZone=UTC";
  out.set("options", options);
  if (purpose == connection_purpose::replication)
    out.set("replication", "database");
  return out;
}

}  // namespace tributary
