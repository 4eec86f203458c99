// privilege_checks: a client statement's table privileges, checked before it
// runs, for what SQLite's authorizer (storage/secret_columns.hpp) does not see
// or what does not run as SQLite DML. PostgreSQL's rules, table-level:
//
//   every relation a query reads (FROM, JOIN, subqueries, USING, INSERT ...
//   SELECT's source)                                   SELECT
//   COPY t FROM / COPY t TO                            INSERT / SELECT
//   TRUNCATE t                                         TRUNCATE
//   EXPLAIN q, CREATE TABLE ... AS q                   what q needs
//   ALTER TABLE, DROP TABLE, CREATE INDEX ON, CREATE TRIGGER ON,
//   ALTER TABLE ... RENAME, COMMENT ON TABLE / COLUMN  ownership
//   DROP VIEW, CREATE OR REPLACE VIEW (an existing one) ownership
//   a view                                             SELECT on it; what it
//                                                      reads: its owner's (the
//                                                      authorizer's check)
//   a relation named schema.name (public.name too)     USAGE on the schema, first
//   CREATE TABLE / VIEW / SEQUENCE / TYPE / FUNCTION   CREATE on the schema
//   (public: PostgreSQL 15 grants it only to the database's owner)
//   CREATE TEMP TABLE                                  TEMPORARY on the database
//   pg_stat_reset_subscription_stats()                 superusers only (EXECUTE
//                                                      revoked from PUBLIC)
//
// (SQLite's authorizer also sees every column a statement reads, but not the
// tables of a JOIN ... USING / NATURAL JOIN whose columns it merges: the reads
// are checked here from the parse tree; the targets of INSERT / UPDATE / DELETE
// and the target's columns they read are the authorizer's.) CTE names are not
// relations. Names are the local tables' (qualified_names.hpp rewrote them).
// 42501 with PostgreSQL's messages; superusers are never checked.
#pragma once

#include "cli/server/statement_router.hpp"
#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "storage/table_access.hpp"

namespace tributary {

result<ok_t, pg_error> check_statement_privileges(const routed_statement& statement,
                                                  const table_access& access);

}  // namespace tributary
