// conninfo_compat: the connection-string keywords of libpq 16 that Debian's libpq 15
// does not know, provided by Tributary before libpq sees the string.
//
// - `load_balance_hosts = disable | random` (libpq 16): with `random`, the hosts of a
//   host list are tried in a random order (host, hostaddr and port lists permuted
//   together; a single port applies to every host). libpq 15 refuses the keyword as
//   an invalid connection option, so it is taken out of the string first
//   (split_load_balance_hosts) and applied to the parsed keywords (apply_libpq16_keywords).
// - `sslrootcert = system` (libpq 16): the system's trust store. The default sslmode
//   becomes verify-full and a weaker one, given or from PGSSLMODE, is refused with
//   libpq 16's wording.
//
// Pure: no libpq, no environment, no randomness of its own (the caller passes the
// environment values, the system CA file and a random source), so every rule is
// testable. Errors are libpq 16's connection errors (the caller prefixes them as
// PostgreSQL's subscriber does: `could not connect to the publisher: ...`).
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary {

struct split_conninfo {
  std::string conninfo;                     // the string without the keyword
  std::optional<std::string> load_balance;  // its value, when it was given
};

// Takes `load_balance_hosts` out of a keyword/value string or out of a URI's query
// parameters. A string libpq cannot parse is returned as it was (libpq reports it).
split_conninfo split_load_balance_hosts(const std::string& conninfo);

// The `user` a connection service file gives service `service` (libpq's
// pg_service.conf format: [name] sections of keyword=value lines, # comments), or
// nullopt. libpq expands the service only when it connects; Tributary needs to know
// whether the service names a user before it defaults the user to the owner.
std::optional<std::string> service_file_user(std::string_view file_text, std::string_view service);

using conninfo_keywords = std::vector<std::pair<std::string, std::string>>;

struct libpq16_environment {
  std::optional<std::string> pgsslmode;           // PGSSLMODE
  std::optional<std::string> pgloadbalancehosts;  // PGLOADBALANCEHOSTS
  std::string system_ca_file;                     // the trust store `system` stands for
};

// Resolves load_balance_hosts and sslrootcert=system in parsed keywords into what
// libpq 15 understands. `random_below(n)` returns a uniform value in [0, n).
result<conninfo_keywords, pg_error> apply_libpq16_keywords(
    conninfo_keywords keywords, const libpq16_environment& environment,
    const std::function<std::size_t(std::size_t)>& random_below);

}  // namespace tributary
