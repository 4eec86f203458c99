// role_options: the options of CREATE ROLE / CREATE USER / ALTER ROLE, read from
// libpg_query's parse tree (a list of DefElem), as PostgreSQL's user.c reads them.
//
//   [NO]SUPERUSER [NO]CREATEDB [NO]CREATEROLE [NO]INHERIT [NO]LOGIN
//   [NO]REPLICATION [NO]BYPASSRLS CONNECTION LIMIT n
//   [ENCRYPTED] PASSWORD 'p' | PASSWORD NULL   VALID UNTIL 'timestamp'
//   IN ROLE / ROLE / ADMIN / SYSID: 0A000 (no role membership yet)
// An option given twice is 42601 "conflicting or redundant options"; a connection
// limit below -1 is 22023 "invalid connection limit: n".
// password_text() turns a given password into what pg_authid stores: a
// SCRAM-SHA-256 verifier (a given verifier is kept as it is), NULL for PASSWORD
// NULL and for '' (with PostgreSQL's NOTICE). Pure.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary {

struct role_options {
  std::optional<bool> superuser, create_db, create_role, inherit, can_login, replication, bypass_rls;
  std::optional<int64_t> connection_limit;
  bool password_given = false;
  std::optional<std::string> password;  // as the client wrote it; nullopt with password_given = PASSWORD NULL
  std::optional<std::string> valid_until;

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

}  // namespace tributary
