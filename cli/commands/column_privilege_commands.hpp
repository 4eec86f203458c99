// column_privilege_commands: column privileges, as PostgreSQL 15's
// ExecGrant_Attribute, on the database file's tributary_column_acl
// (storage/column_acl_catalog.hpp):
//
//   GRANT { SELECT | INSERT | UPDATE | REFERENCES } (c [, ...]) [, ...] | ALL (c, ...)
//         ON [TABLE] t [, ...] TO ... [WITH GRANT OPTION]
//   REVOKE [GRANT OPTION FOR] ... (c, ...) ON t FROM ... [CASCADE | RESTRICT]
//
// A privilege with a column list changes the columns' ACLs (a column has none
// of its own until then); one without changes the table's (table_privilege_
// commands), and a table-level REVOKE also takes those privileges from every
// column's ACL, as PostgreSQL does. The grantor and grant options come from the
// column's ACL and its table's together; WARNINGs and 42501 name the column
// ("column "c" of relation "t""). Errors: 0LP01 "invalid privilege type DELETE
// for column", 42703 column "c" of relation "t" does not exist.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/commands/object_grant.hpp"
#include "cli/commands/subscription_commands.hpp"
#include "storage/table_access.hpp"

namespace tributary {

// The privileges of a GrantStmt that name columns, each with its bits.
struct column_privilege {
  uint32_t privileges = 0;
  std::vector<std::string> columns;
};

// The GrantStmt's privileges with column lists (0LP01 for one columns do not
// have); `fields` keeps only those without (its "privileges" emptied means
// none at table level: see `table_level`).
struct split_privileges {
  std::vector<column_privilege> columns;
  bool table_level = true;  // the statement also (or only) grants table privileges
};
result<split_privileges, pg_error> split_column_privileges(nlohmann::json& fields);

// GRANT / REVOKE on the columns of each table (`tables`, local names).
result<ok_t, pg_error> grant_on_columns(const std::vector<column_privilege>& privileges,
                                        const std::vector<std::string>& tables, const grant_request& request,
                                        const table_access& access, command_context& context);

// After a table-level REVOKE: the same privileges (that columns have) go from
// every column ACL of the table, for the same grantees.
result<ok_t, pg_error> revoke_from_all_columns(const std::string& table, const grant_request& request,
                                               const table_access& access, command_context& context);

}  // namespace tributary
