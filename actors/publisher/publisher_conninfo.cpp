#include "actors/publisher/publisher_conninfo.hpp"

#include <libpq-fe.h>

#include <cstdlib>

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
  char* err = nullptr;
  PQconninfoOption* options = PQconninfoParse(conninfo.c_str(), &err);
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
  return params;
}

conninfo_params publisher_connection_params(const conninfo_params& given,
                                            const std::string& subscription_name,
                                            const std::string& owner,
                                            connection_purpose purpose) {
  conninfo_params out = given;
  if (!out.find("application_name"))
    out.set("application_name", subscription_name);
  if (!out.find("user") && !std::getenv("PGUSER") && !owner.empty())
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
