// publisher_conninfo: turns a subscription's CONNECTION string into the
// keyword/value list Tributary connects with.
//
// libpq parses the string (keyword/value or URI; errors keep libpq's text).
// Then, as PostgreSQL's subscriber does: application_name defaults to the
// subscription name, the user to the subscription owner (unless PGUSER is set or
// the connection service names a user),
// client_encoding is UTF8, and `options` gets
// `-c datestyle=ISO -c intervalstyle=postgres -c extra_float_digits=3` (plus
// TimeZone=UTC, so text and binary timestamptz values read the same) so the
// publisher's own settings never change how values are read.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary {

struct conninfo_params {
  std::vector<std::pair<std::string, std::string>> keywords;  // in libpq's order
  // PostgreSQL 16+'s password_required for a subscription whose owner is not a
  // superuser: the connection must have used a password (publisher_connection
  // refuses it otherwise, 2F003 password is required).
  bool must_use_password = false;

  const std::string* find(const std::string& keyword) const;
  void set(const std::string& keyword, std::string value);
  bool has_password() const;
};

// 42601 `invalid connection string syntax: ...` when libpq rejects it.
result<conninfo_params, pg_error> parse_conninfo(const std::string& conninfo);

enum class connection_purpose { replication, sql };

conninfo_params publisher_connection_params(const conninfo_params& given,
                                            const std::string& subscription_name,
                                            const std::string& owner,
                                            connection_purpose purpose);

}  // namespace tributary
