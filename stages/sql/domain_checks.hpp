// domain_checks: a domain's CHECK constraints on the columns of the domain. Each
// is a CHECK clause of the column's SQLite item, its expression translated with
// VALUE standing for the column (check_translation.hpp):
//
//   CREATE DOMAIN pos AS int CHECK (VALUE > 0);  CREATE TABLE t (n pos)
//   -> "n" INTEGER CONSTRAINT "domain_check:pos:pos_check"
//                  CHECK (pg_domain_check((("n" > 0)), 'pos', 'pos_check'))
// pg_domain_check (storage/sql_functions_checks.cpp) passes when the expression is
// true or NULL, else fails with PostgreSQL's
//   23514 value for domain pos violates check constraint "pos_check"
// ALTER DOMAIN adds and drops such clauses in every column of the domain
// (domain_clause / without_domain_clause), and the caller rebuilds the tables.
//
// A column of the domain's array type (price[]) tests each element, with the
// same constraint names (so DROP CONSTRAINT / DROP NOT NULL find them):
//   "p" TEXT CONSTRAINT "domain_check:price:price_check"
//            CHECK (pg_domain_elements("p", 1700, 786438,
//                   'SELECT pg_domain_check((...), ''price'', ''price_check'')
//                    FROM (SELECT ?1 AS "value")'))
//   NOT NULL: 'SELECT CASE WHEN ?1 IS NULL THEN pg_raise(''23502'', ''domain
//   price does not allow null values'') END' — a NULL array passes, as PostgreSQL's.
// Pure.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/sql/translator/check_translation.hpp"
#include "stages/types/user/user_types.hpp"

namespace tributary {

// `check`'s expression over `column` (a column of `domain`), as SQLite SQL.
result<translated_check, located_error> translate_domain_check(const domain_check& check,
                                                               const user_type& domain,
                                                               const std::string& column,
                                                               const type_settings& settings);

// The test of one domain check, true or failing with 23514 naming the check:
// pg_domain_check((<expression_sql>), 'd', 'd_check').
std::string domain_check_test(const user_type& domain, const std::string& check_name,
                              const std::string& expression_sql);

// A value of the domain's base type (`value_sql`), tested by the domain's NOT NULL
// (23502 domain d does not allow null values) and each CHECK as a cast to the domain
// tests it: (SELECT "value" FROM (SELECT <value_sql> AS "value") WHERE <tests>).
result<std::string, pg_error> domain_tested_value(const std::string& value_sql, const user_type& domain,
                                                  const type_settings& settings);

// The CHECK clause of one domain check on a column (with its leading space).
std::string domain_clause(const user_type& domain, const std::string& check_name,
                          const std::string& expression_sql);

// Every check clause of `domain` on `column`, in the domain's order.
result<std::string, pg_error> domain_clauses(const user_type& domain, const std::string& column,
                                             const type_settings& settings);

// The same for a column of the domain's array type: each element tested.
// `expression_sql` is the check translated over the column "value"
// (translate_domain_check(check, domain, "value", ...)).
std::string domain_element_clause(const user_type& domain, const std::string& check_name,
                                  const std::string& expression_sql, const std::string& column);
std::string domain_element_not_null_clause(const user_type& domain, const std::string& column);
// Every clause of `domain` (NOT NULL first, then its checks) on `column`, an array of it.
result<std::string, pg_error> domain_element_clauses(const user_type& domain,
                                                     const std::string& column,
                                                     const type_settings& settings);

// The same tests as one SQL condition on the array `array_sql` (a cast to price[]):
// "" when the domain has none. `position` > 0 (a literal's, 1-based in the
// statement) is carried by their error, as PostgreSQL reports a literal's.
result<std::string, pg_error> domain_element_tests(const user_type& domain, const std::string& array_sql,
                                                   const type_settings& settings, int position = 0);

// A column item without the clause of `domain`'s check `check_name` (unchanged
// when it has none).
std::string without_domain_clause(std::string_view item, const user_type& domain,
                                  const std::string& check_name);

// A column item without the clause CONSTRAINT "<constraint_name>" CHECK (...).
std::string without_named_clause(std::string_view item, const std::string& constraint_name);

// The clause of a domain's NOT NULL on `column` (as create_table.hpp writes it).
std::string domain_not_null_clause(const user_type& domain, const std::string& column);
std::string domain_not_null_name(const user_type& domain);

// The parse tree of a domain check's expression, as kept in domain_check.
std::string expression_tree_text(const nlohmann::json& expression);

}  // namespace tributary
