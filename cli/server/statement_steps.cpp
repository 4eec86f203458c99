// statement_steps: see statement_steps.hpp.
#include "cli/server/statement_steps.hpp"

#include "storage/sqlstate_mapping.hpp"

namespace tributary {

result<ok_t, pg_error> statement_scope::begin() {
  if (auto begun = db.exec("SAVEPOINT " + savepoint); !begun)
    return fail(pg_error_from_sqlite(begun.error()));
  active = true;
  return ok_v;
}

statement_scope::~statement_scope() {
  for (const std::string& name : names)
    (void)db.exec("DROP TABLE IF EXISTS " + name);
  if (!active)
    return;
  if (!succeeded)
    (void)db.exec("ROLLBACK TO " + savepoint);
  (void)db.exec("RELEASE " + savepoint);
}

std::string empty_rows(size_t width) {
  std::string sql = "(SELECT ";
  for (size_t c = 0; c < width; ++c)
    sql += (c ? ", NULL AS c" : "NULL AS c") + std::to_string(c + 1);
  if (width == 0)
    sql += "NULL";
  return sql + " WHERE false)";
}

pg_error placed_error(const routed_statement& statement, const located_error& located) {
  pg_error error = located.error;
  if (located.location >= 0 && static_cast<size_t>(located.location) <= statement.text.size())
    error.position = statement.position + character_count(statement.text, static_cast<size_t>(located.location)) + 1;
  return error;
}

}  // namespace tributary
