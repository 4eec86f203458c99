// Specification of sqlstate_mapping, the one SQLite -> SQLSTATE map: what a
// client session and the apply path report for each SQLite failure, and how
// SQLite's constraint messages are read.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <cerrno>

#include "storage/apply_error.hpp"
#include "storage/sqlstate_mapping.hpp"

namespace tributary {
namespace {

TEST(SqlstateMapping, SqliteSyntaxErrorsAre42601) {
  pg_error e = pg_error_from_sqlite({1, "near \"selec\": syntax error"});
  EXPECT_EQ(e.sqlstate, "42601");
  EXPECT_EQ(e.message, "syntax error at or near \"selec\"");
  EXPECT_EQ(pg_error_from_sqlite({1, "incomplete input"}).message, "syntax error at end of input");
  EXPECT_TRUE(is_sqlite_syntax_error({1, "unrecognized token: \"'abc\""}));
  EXPECT_FALSE(is_sqlite_syntax_error({1, "no such table: t"}));
}

TEST(SqlstateMapping, AnUpsertTargetWithoutItsUniqueIndexIs42P10) {
  pg_error e = pg_error_from_sqlite({1, "ON CONFLICT clause does not match any PRIMARY KEY or UNIQUE constraint"});
  EXPECT_EQ(e.sqlstate, "42P10");
  EXPECT_EQ(e.message, "there is no unique or exclusion constraint matching the ON CONFLICT specification");
}

TEST(SqlstateMapping, InterruptIsQueryCanceled) {
  pg_error e = pg_error_from_sqlite({9, "interrupted"});
  EXPECT_EQ(e.sqlstate, "57014");
  EXPECT_EQ(e.message, "canceling statement due to user request");
}

TEST(SqlstateMapping, BusyAndLockedAreLockNotAvailable) {
  EXPECT_EQ(pg_error_from_sqlite({5, "database is locked"}).sqlstate, "55P03");
  EXPECT_EQ(pg_error_from_sqlite({6, "database table is locked"}).sqlstate, "55P03");
}

TEST(SqlstateMapping, StaleSnapshotIsSerializationFailure) {
  EXPECT_EQ(pg_error_from_sqlite({517, "database is locked"}).sqlstate, "40001");
}

TEST(SqlstateMapping, VacuumInsideTransactionIs25001) {
  pg_error e = pg_error_from_sqlite({1, "cannot VACUUM from within a transaction"});
  EXPECT_EQ(e.sqlstate, "25001");
  EXPECT_EQ(e.message, "VACUUM cannot run inside a transaction block");
}

TEST(SqlstateMapping, UniqueIndexOnExpressionNamesTheIndex) {
  pg_error e = pg_error_from_sqlite({2067, "UNIQUE constraint failed: index 'ui'"});
  EXPECT_EQ(e.message, "duplicate key value violates unique constraint \"ui\"");
}

TEST(SqlstateMapping, SavepointAndQualifiedNamesAreUnderstood) {
  EXPECT_EQ(pg_error_from_sqlite({1, "no such savepoint: sp"}).sqlstate, "3B001");
  EXPECT_EQ(pg_error_from_sqlite({1, "no such table: main.t"}).message, "relation \"t\" does not exist");
  EXPECT_EQ(pg_error_from_sqlite({1, "index i already exists"}).sqlstate, "42P07");
}

TEST(SqlstateMapping, AnExistingRelationNamedQuotedIsNamedOnce) {
  EXPECT_EQ(pg_error_from_sqlite({1, "view \"v\" already exists"}).message, "relation \"v\" already exists");
  EXPECT_EQ(pg_error_from_sqlite({1, "table \"a\"\"b\" already exists"}).message,
            "relation \"a\"b\" already exists");
  EXPECT_EQ(pg_error_from_sqlite({1, "table t already exists"}).message, "relation \"t\" already exists");
}

TEST(SqlstateMapping, AnythingElseIsInternalErrorWithSqlitesMessage) {
  pg_error e = pg_error_from_sqlite({1, "something odd happened"});
  EXPECT_EQ(e.sqlstate, "XX000");
  EXPECT_EQ(e.message, "something odd happened");
  EXPECT_EQ(pg_error_from_sqlite({11, "database disk image is malformed"}).sqlstate, "XX001");
  EXPECT_EQ(pg_error_from_sqlite({26, "file is not a database"}, "global.db").message,
            "could not read file \"global.db\": file is not a database");
}

TEST(SqlstateMapping, ConstraintViolationsGetPostgreSQLsCodesAndWording) {
  pg_error unique = pg_error_from_sqlite({SQLITE_CONSTRAINT_UNIQUE, "UNIQUE constraint failed: t.a, t.b"});
  EXPECT_EQ(unique.sqlstate, "23505");
  EXPECT_EQ(unique.message, "duplicate key value violates unique constraint \"t_a_b_key\"");
  EXPECT_EQ(pg_error_from_sqlite({SQLITE_CONSTRAINT_PRIMARYKEY, "UNIQUE constraint failed: t.id"}).message,
            "duplicate key value violates unique constraint \"t_pkey\"");
  pg_error not_null = pg_error_from_sqlite({SQLITE_CONSTRAINT_NOTNULL, "NOT NULL constraint failed: t.v"});
  EXPECT_EQ(not_null.sqlstate, "23502");
  EXPECT_EQ(not_null.message, "null value in column \"v\" of relation \"t\" violates not-null constraint");
  EXPECT_EQ(pg_error_from_sqlite({SQLITE_CONSTRAINT_CHECK, "CHECK constraint failed: positive"}).message,
            "new row violates check constraint \"positive\"");
  EXPECT_EQ(pg_error_from_sqlite({SQLITE_CONSTRAINT_FOREIGNKEY, "FOREIGN KEY constraint failed"}).sqlstate,
            "23503");
}

TEST(SqlstateMapping, ConstraintMessagesAreReadIntoTableColumnsOrIndex) {
  auto columns = parse_constraint_failure("UNIQUE constraint failed: t.a, t.b");
  EXPECT_EQ(columns.table, "t");
  EXPECT_EQ(columns.columns, (std::vector<std::string>{"a", "b"}));
  EXPECT_TRUE(columns.index.empty());
  auto dotted = parse_constraint_failure("UNIQUE constraint failed: sales.orders.id");
  EXPECT_EQ(dotted.table, "sales.orders");
  EXPECT_EQ(dotted.columns, (std::vector<std::string>{"id"}));
  auto index = parse_constraint_failure("UNIQUE constraint failed: index 'ui'");
  EXPECT_EQ(index.index, "ui");
  EXPECT_TRUE(index.columns.empty());
  auto other = parse_constraint_failure("database is locked");
  EXPECT_TRUE(other.table.empty());
  EXPECT_TRUE(other.columns.empty());
  EXPECT_TRUE(other.index.empty());
}

TEST(SqlstateMapping, LockWaitFailuresAreRetryableAndOnlyThey) {
  EXPECT_TRUE(is_lock_wait_failure({SQLITE_BUSY, "database is locked"}));
  EXPECT_TRUE(is_lock_wait_failure({SQLITE_BUSY_SNAPSHOT, "database is locked"}));
  EXPECT_TRUE(is_lock_wait_failure({SQLITE_LOCKED, "database table is locked"}));
  EXPECT_FALSE(is_lock_wait_failure({SQLITE_CONSTRAINT_UNIQUE, "UNIQUE constraint failed: t.a"}));
  EXPECT_FALSE(is_lock_wait_failure({SQLITE_ERROR, "no such table: t"}));
}

// The apply path and the client sessions report the same SQLSTATE for the same
// SQLite failure: there is one map.
TEST(SqlstateMapping, TheApplyPathReportsWhatAClientSessionWouldGet) {
  for (const sqlite_error& e : {sqlite_error{SQLITE_BUSY, "database is locked"},
                                sqlite_error{SQLITE_LOCKED, "database table is locked"},
                                sqlite_error{SQLITE_BUSY_SNAPSHOT, "database is locked"},
                                sqlite_error{SQLITE_CONSTRAINT_NOTNULL, "NOT NULL constraint failed: t.v"},
                                sqlite_error{SQLITE_CONSTRAINT_UNIQUE, "UNIQUE constraint failed: t.a"},
                                sqlite_error{SQLITE_ERROR, "no such table: t"}}) {
    apply_error applied = error_from_sqlite(e, "ctx");
    pg_error session = pg_error_from_sqlite(e);
    EXPECT_EQ(applied.error.sqlstate, session.sqlstate) << e.message;
    EXPECT_EQ(applied.error.message, session.message) << e.message;
    EXPECT_EQ(applied.retryable, is_lock_wait_failure(e)) << e.message;
    EXPECT_EQ(applied.context, "ctx");
  }
  EXPECT_EQ(error_from_sqlite({SQLITE_BUSY, "database is locked"}, {}).error.sqlstate, "55P03");
}

// A full disk or a failing device while a file is read or written: PostgreSQL's
// classes 53 (insufficient resources) and 58 (system error), with the OS's words.
TEST(SqlstateMapping, FullDiskIsDiskFullWithTheOperatingSystemsWords) {
  pg_error e = pg_error_from_sqlite({SQLITE_FULL, "database or disk is full", ENOSPC}, "global.db");
  EXPECT_EQ(e.sqlstate, "53100");
  EXPECT_EQ(e.message, "could not extend file \"global.db\": No space left on device");
  pg_error write = pg_error_from_sqlite({SQLITE_IOERR_WRITE, "disk I/O error", ENOSPC}, "global.db");
  EXPECT_EQ(write.sqlstate, "53100");
  EXPECT_EQ(write.message, "could not write to file \"global.db\": No space left on device");
  // Without an OS error (max_page_count reached) SQLite's own words remain.
  EXPECT_EQ(pg_error_from_sqlite({SQLITE_FULL, "database or disk is full"}).message,
            "could not extend file: database or disk is full");
}

TEST(SqlstateMapping, IoErrorIsIoErrorWithTheOperatingSystemsWords) {
  pg_error e = pg_error_from_sqlite({SQLITE_IOERR_READ, "disk I/O error", EIO}, "global.db");
  EXPECT_EQ(e.sqlstate, "58030");
  EXPECT_EQ(e.message, "could not access file \"global.db\": Input/output error");
  EXPECT_EQ(pg_error_from_sqlite({SQLITE_IOERR_SHMSIZE, "disk I/O error"}).message,
            "could not access file: disk I/O error");
}

TEST(SqlstateMapping, AFileThatCannotBeOpenedSaysWhy) {
  pg_error missing = pg_error_from_sqlite({SQLITE_CANTOPEN, "unable to open database file", ENOENT}, "global.db");
  EXPECT_EQ(missing.sqlstate, "58P01");
  EXPECT_EQ(missing.message, "could not open file \"global.db\": No such file or directory");
  EXPECT_EQ(pg_error_from_sqlite({SQLITE_CANTOPEN, "unable to open database file", EACCES}, "x.db").sqlstate,
            "42501");
  EXPECT_EQ(pg_error_from_sqlite({SQLITE_CANTOPEN, "unable to open database file", EISDIR}, "x.db").message,
            "could not open file \"x.db\": Is a directory");
}

}  // namespace
}  // namespace tributary
