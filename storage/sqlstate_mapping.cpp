// sqlstate_mapping: SQLite result codes and messages -> PostgreSQL SQLSTATEs.
//
// The extended result code decides first (constraints, interrupt, busy, I/O);
// plain SQLITE_ERROR is told apart by SQLite's message, whose prefixes are
// stable across SQLite versions ("no such table: ", "near \"x\": syntax error").
#include "storage/sqlstate_mapping.hpp"

#include <sqlite3.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace tributary {
namespace {

bool starts_with(std::string_view s, std::string_view prefix) { return s.rfind(prefix, 0) == 0; }

// "main.t" -> "t": SQLite sometimes qualifies names with the schema.
std::string unqualified(std::string_view name) {
  if (starts_with(name, "main."))
    name.remove_prefix(5);
  return std::string(name);
}

pg_error unique_violation(const sqlite_error& e, bool primary_key) {
  constraint_failure f = parse_constraint_failure(e.message);
  std::string constraint = f.index;
  if (constraint.empty()) {
    constraint = f.table;
    if (primary_key) {
      constraint += "_pkey";
    } else {
      for (const auto& c : f.columns)
        constraint += "_" + c;
      constraint += "_key";
    }
  }
  return make_pg_error("23505",
                       "duplicate key value violates unique constraint \"" + constraint + "\"",
                       e.message);
}

pg_error not_null_violation(const sqlite_error& e) {
  constraint_failure f = parse_constraint_failure(e.message);
  if (f.columns.empty())
    return make_pg_error("23502", e.message);
  return make_pg_error("23502", "null value in column \"" + f.columns[0] + "\" of relation \"" +
                                    f.table + "\" violates not-null constraint");
}

pg_error check_violation(const sqlite_error& e) {
  auto colon = e.message.find(": ");
  std::string what = colon == std::string::npos ? std::string() : e.message.substr(colon + 2);
  // A domain's NOT NULL (stages/sql/create_table.hpp names the constraint).
  constexpr std::string_view domain_not_null = "domain_not_null:";
  if (starts_with(what, domain_not_null))
    return make_pg_error("23502", "domain " + what.substr(domain_not_null.size()) +
                                      " does not allow null values");
  return make_pg_error("23514", "new row violates check constraint \"" + what + "\"", e.message);
}

pg_error constraint_error(const sqlite_error& e) {
  switch (e.code) {
    case SQLITE_CONSTRAINT_PRIMARYKEY: return unique_violation(e, true);
    case SQLITE_CONSTRAINT_UNIQUE: return unique_violation(e, false);
    case SQLITE_CONSTRAINT_NOTNULL: return not_null_violation(e);
    case SQLITE_CONSTRAINT_CHECK: return check_violation(e);
    case SQLITE_CONSTRAINT_FOREIGNKEY:
      return make_pg_error("23503", "insert or update on table violates foreign key constraint",
                           e.message);
    case SQLITE_CONSTRAINT_TRIGGER: return make_pg_error("P0001", e.message);
    default: return make_pg_error("23000", e.message);
  }
}

// A message "<prefix><name>" -> name, or "" when it does not start with prefix.
std::string name_after(std::string_view message, std::string_view prefix) {
  if (!starts_with(message, prefix))
    return {};
  return unqualified(message.substr(prefix.size()));
}

// "table t already exists" / "index i already exists" / "view v ..." -> "t".
std::string already_existing(std::string_view message) {
  static constexpr std::string_view suffix = " already exists";
  if (message.size() <= suffix.size() || message.substr(message.size() - suffix.size()) != suffix)
    return {};
  std::string_view head = message.substr(0, message.size() - suffix.size());
  for (std::string_view kind : {"table ", "index ", "view ", "trigger "})
    if (starts_with(head, kind)) {
      std::string name = unqualified(head.substr(kind.size()));
      // SQLite names the object as the statement wrote it: "v" for CREATE VIEW "v".
      if (name.size() >= 2 && name.front() == '"' && name.back() == '"') {
        std::string unquoted;
        for (size_t i = 1; i + 1 < name.size(); ++i) {
          unquoted += name[i];
          if (name[i] == '"' && name[i + 1] == '"')
            ++i;
        }
        name = std::move(unquoted);
      }
      return name;
    }
  return {};
}

pg_error plain_error(const sqlite_error& e) {
  const std::string& m = e.message;
  if (auto name = name_after(m, "no such table: "); !name.empty())
    return make_pg_error("42P01", "relation \"" + name + "\" does not exist");
  if (auto name = name_after(m, "no such view: "); !name.empty())
    return make_pg_error("42P01", "relation \"" + name + "\" does not exist");
  if (auto name = name_after(m, "no such column: "); !name.empty())
    return make_pg_error("42703", "column \"" + name + "\" does not exist");
  if (auto name = name_after(m, "no such function: "); !name.empty())
    return make_pg_error("42883", "function " + name + " does not exist");
  if (auto name = name_after(m, "no such savepoint: "); !name.empty())
    return make_pg_error("3B001", "savepoint \"" + name + "\" does not exist");
  if (auto name = name_after(m, "no such index: "); !name.empty())
    return make_pg_error("42704", "index \"" + name + "\" does not exist");
  if (auto name = name_after(m, "no such trigger: "); !name.empty())
    return make_pg_error("42704", "trigger \"" + name + "\" does not exist");
  if (auto name = name_after(m, "ambiguous column name: "); !name.empty())
    return make_pg_error("42702", "column reference \"" + name + "\" is ambiguous");
  if (auto name = name_after(m, "duplicate column name: "); !name.empty())
    return make_pg_error("42701", "column \"" + name + "\" specified more than once");
  if (auto name = already_existing(m); !name.empty())
    return make_pg_error(starts_with(m, "trigger ") ? "42710" : "42P07",
                         (starts_with(m, "trigger ") ? "trigger \"" : "relation \"") + name +
                             "\" already exists");
  if (starts_with(m, "near \"") && m.find("\": syntax error") != std::string::npos)
    return make_pg_error("42601", "syntax error at or near " + m.substr(5, m.find(": syntax") - 5));
  if (m == "incomplete input")
    return make_pg_error("42601", "syntax error at end of input");
  if (starts_with(m, "unrecognized token: "))
    return make_pg_error("42601", "syntax error at or near " + m.substr(20));
  if (starts_with(m, "wrong number of arguments to function "))
    return make_pg_error("42883", m);
  if (starts_with(m, "misuse of aggregate"))
    return make_pg_error("42803", m);
  if (m.find("values were supplied") != std::string::npos ||
      m.find(" values for ") != std::string::npos)
    return make_pg_error("42601", m);
  if (starts_with(m, "cannot start a transaction within a transaction"))
    return make_pg_error("25001", "there is already a transaction in progress");
  if (starts_with(m, "cannot commit - no transaction is active") ||
      starts_with(m, "cannot rollback - no transaction is active"))
    return make_pg_error("25P01", "there is no transaction in progress");
  if (m == "cannot VACUUM from within a transaction")
    return make_pg_error("25001", "VACUUM cannot run inside a transaction block");
  if (m == "ON CONFLICT clause does not match any PRIMARY KEY or UNIQUE constraint")
    return make_pg_error("42P10", "there is no unique or exclusion constraint matching the ON CONFLICT specification");
  if (m == "integer overflow")
    return make_pg_error("22003", "bigint out of range");
  if (starts_with(m, "too many SQL variables"))
    return make_pg_error("54000", m);
  return make_pg_error("XX000", m);
}

// "could not <action> file "f": <reason>", PostgreSQL's shape for a failed file
// operation; the reason is the OS error when SQLite saw one, else SQLite's text.
std::string file_failure(std::string_view action, std::string_view file, const sqlite_error& e) {
  std::string text = "could not " + std::string(action) + " file";
  if (!file.empty())
    text += " \"" + std::string(file) + "\"";
  return text + ": " + (e.system_errno != 0 ? std::string(std::strerror(e.system_errno)) : e.message);
}

pg_error cannot_open(const sqlite_error& e, std::string_view file) {
  const std::string message = file_failure("open", file, e);
  if (e.system_errno == ENOENT)
    return make_pg_error("58P01", message);
  if (e.system_errno == EACCES || e.system_errno == EPERM)
    return make_pg_error("42501", message);
  return make_pg_error("58030", message);
}

}  // namespace

constraint_failure parse_constraint_failure(std::string_view message) {
  constraint_failure out;
  static constexpr std::string_view marker = "constraint failed: ";
  auto at = message.find(marker);
  if (at == std::string_view::npos)
    return out;
  std::string_view rest = message.substr(at + marker.size());
  if (starts_with(rest, "index '") && rest.size() > 8 && rest.back() == '\'') {
    out.index = std::string(rest.substr(7, rest.size() - 8));
    return out;
  }
  while (!rest.empty()) {
    auto comma = rest.find(", ");
    std::string_view item = rest.substr(0, comma);
    auto dot = item.rfind('.');
    if (dot != std::string_view::npos) {
      out.table = std::string(item.substr(0, dot));
      out.columns.emplace_back(item.substr(dot + 1));
    }
    if (comma == std::string_view::npos)
      break;
    rest.remove_prefix(comma + 2);
  }
  return out;
}

bool is_lock_wait_failure(const sqlite_error& error) {
  return (error.code & 0xff) == SQLITE_BUSY || (error.code & 0xff) == SQLITE_LOCKED;
}

bool is_unique_violation(const sqlite_error& error) {
  return error.code == SQLITE_CONSTRAINT_UNIQUE || error.code == SQLITE_CONSTRAINT_PRIMARYKEY;
}

pg_error pg_error_from_sqlite(const sqlite_error& error) { return pg_error_from_sqlite(error, ""); }

pg_error pg_error_from_sqlite(const sqlite_error& error, std::string_view file) {
  // A read transaction that tries to write after another connection wrote: the
  // snapshot is stale and waiting does not help, like a serialization failure.
  if (error.code == SQLITE_BUSY_SNAPSHOT)
    return make_pg_error("40001", "could not serialize access due to concurrent update",
                         error.message);
  switch (error.code & 0xff) {
    case SQLITE_CONSTRAINT: return constraint_error(error);
    case SQLITE_INTERRUPT: return make_pg_error("57014", "canceling statement due to user request");
    case SQLITE_BUSY:
    case SQLITE_LOCKED: return make_pg_error("55P03", "could not obtain lock: " + error.message);
    case SQLITE_READONLY: return make_pg_error("25006", error.message);
    case SQLITE_MISMATCH: return make_pg_error("42804", error.message);
    case SQLITE_TOOBIG: return make_pg_error("54000", error.message);
    case SQLITE_FULL:
      // SQLite's own "database or disk is full" also covers max_page_count; with an
      // OS error it is the disk, which is what PostgreSQL names.
      return make_pg_error("53100", file_failure("extend", file, error));
    case SQLITE_NOMEM: return make_pg_error("53200", "out of memory");
    case SQLITE_IOERR:
      if (error.system_errno == ENOSPC)
        return make_pg_error("53100", file_failure("write to", file, error));
      return make_pg_error("58030", file_failure("access", file, error));
    case SQLITE_CANTOPEN: return cannot_open(error, file);
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
      // PostgreSQL's data_corrupted, naming the file when the caller knows it.
      return make_pg_error("XX001", file.empty() ? error.message : file_failure("read", file, error));
    case SQLITE_RANGE: return make_pg_error("08P01", error.message);
    case SQLITE_AUTH: {
      // The authorizer's "access to t.c is prohibited" (storage/secret_columns): PostgreSQL
      // names the table whose column the role may not read.
      const std::string& m = error.message;
      if (starts_with(m, "access to ") && m.find(" is prohibited") != std::string::npos) {
        const std::string object = m.substr(10, m.find(" is prohibited") - 10);
        return make_pg_error("42501", "permission denied for table " + object.substr(0, object.find('.')));
      }
      return make_pg_error("42501", m);
    }
    case SQLITE_PERM: return make_pg_error("42501", error.message);
    case SQLITE_ERROR: return plain_error(error);
    default: return make_pg_error("XX000", error.message);
  }
}

bool is_sqlite_syntax_error(const sqlite_error& error) {
  if ((error.code & 0xff) != SQLITE_ERROR)
    return false;
  const std::string& m = error.message;
  return (starts_with(m, "near \"") && m.find(": syntax error") != std::string::npos) ||
         m == "incomplete input" || starts_with(m, "unrecognized token: ");
}

}  // namespace tributary
