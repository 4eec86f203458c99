// role_options: the options of CREATE ROLE / CREATE USER / ALTER ROLE, read from
// libpg_query's parse tree (a list of DefElem), as PostgreSQL's user.c reads them.
//
//   [NO]SUPERUSER [NO]CREATEDB [NO]CREATEROLE [NO]INHERIT [NO]LOGIN
//   [NO]REPLICATION [NO]BYPASSRLS CONNECTION LIMIT n
//   [ENCRYPTED] PASSWORD 'p' | PASSWORD NULL   VALID UNTIL 'timestamp'
//   IN ROLE r, ... / ROLE m, ... / ADMIN m, ... (kept as RoleSpec lists); SYSID: 0A000
// An option given twice is 42601 "conflicting or redundant options"; a connection
// limit below -1 is 22023 "invalid connection limit: n".
// password_text() turns a given password into what pg_authid stores: a
// SCRAM-SHA-256 verifier (a given verifier is kept as it is), NULL for PASSWORD
// NULL and for '' (with PostgreSQL's NOTICE). Pure.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/types/type_settings.hpp"

namespace tributary {

struct role_options {
  std::optional<bool> superuser, create_db, create_role, inherit, can_login, replication, bypass_rls;
  std::optional<int64_t> connection_limit;
  bool password_given = false;
  std::optional<std::string> password;  // as the client wrote it; nullopt with password_given = PASSWORD NULL
  std::optional<std::string> valid_until;
  // CREATE ROLE's IN ROLE / ROLE / ADMIN: lists of RoleSpec nodes (the caller
  // resolves them: CURRENT_USER needs the session).
  nlohmann::json in_roles = nlohmann::json::array();
  nlohmann::json members = nlohmann::json::array();
  nlohmann::json admins = nlohmann::json::array();

  // Only a password (or nothing): what a role may change about itself.
  bool only_password() const {
    return !superuser && !create_db && !create_role && !inherit && !can_login && !replication &&
           !bypass_rls && !connection_limit && !valid_until;
  }
};

// `statement_text` is the statement as written (libpg_query's JSON drops negative
// integers: CONNECTION LIMIT -2 is read from the text).
result<role_options, pg_error> parse_role_options(const nlohmann::json& options,
                                                  std::string_view statement_text = {});

struct stored_password {
  std::optional<std::string> verifier;
  std::optional<pg_error> notice;
};
// What pg_authid.rolpassword gets for the given password.
result<stored_password, pg_error> password_text(const std::optional<std::string>& given);

// VALID UNTIL: the text read as timestamptz under the session's settings (its
// TimeZone for a text without a zone; 22007/22008 as PostgreSQL), kept as the
// instant's UTC text ("2030-01-01 00:00:00+00", "infinity").
result<std::string, pg_error> valid_until_text(std::string_view given, const type_settings& session);
// The instant a kept VALID UNTIL text names (timestamptz's stored form:
// microseconds since 2000-01-01 UTC); nullopt when it cannot be read.
std::optional<int64_t> valid_until_instant(const std::string& kept);
// Whether a kept VALID UNTIL lies before `now`: a password login then fails.
bool valid_until_passed(const std::string& kept, std::chrono::system_clock::time_point now);

}  // namespace tributary
