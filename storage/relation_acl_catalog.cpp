// relation_acl_catalog: see the header.
#include "storage/relation_acl_catalog.hpp"

namespace tributary {
namespace {

relation_acl_row read_row(const sqlite_statement& q) {
  relation_acl_row row;
  row.relname = q.column_text(0);
  row.owner = q.column_int(1);
  if (!q.column_is_null(2))
    row.acl = parse_stored_acl(q.column_text(2));  // damaged text reads as acldefault
  return row;
}

result<ok_t, sqlite_error> run_with(sqlite_connection& db, std::string_view sql,
                                    const std::string& first, const std::string& second) {
  auto q = db.prepare(sql);
  if (!q)
    return fail(q.error());
  q->bind_text(1, first);
  q->bind_text(2, second);
  return q->run();
}

}  // namespace

result<std::vector<relation_acl_row>, sqlite_error> list_relation_acls(sqlite_connection& db) {
  auto q = db.prepare("SELECT relname, relowner, relacl FROM tributary_relation_acl");
  if (!q)
    return fail(q.error());
  std::vector<relation_acl_row> rows;
  for (;;) {
    auto s = q->step();
    if (!s)
      return fail(s.error());
    if (*s == sqlite_statement::step_result::done)
      return rows;
    rows.push_back(read_row(*q));
  }
}

result<relation_acl_row, sqlite_error> relation_acl_of(sqlite_connection& db, const std::string& relname) {
  auto q = db.prepare("SELECT relname, relowner, relacl FROM tributary_relation_acl WHERE relname = ?1");
  if (!q)
    return fail(q.error());
  q->bind_text(1, relname);
  auto s = q->step();
  if (!s)
    return fail(s.error());
  if (*s == sqlite_statement::step_result::row)
    return read_row(*q);
  return relation_acl_row{relname, default_relation_owner, std::nullopt};
}

result<ok_t, sqlite_error> store_relation_acl(sqlite_connection& db, const relation_acl_row& row) {
  auto q = db.prepare("INSERT OR REPLACE INTO tributary_relation_acl (relname, relowner, relacl) "
                      "VALUES (?1, ?2, ?3)");
  if (!q)
    return fail(q.error());
  q->bind_text(1, row.relname);
  q->bind_int(2, row.owner);
  if (row.acl)
    q->bind_text(3, stored_acl_text(*row.acl));
  else
    q->bind_null(3);
  return q->run();
}

result<ok_t, sqlite_error> forget_relation_acl(sqlite_connection& db, const std::string& relname) {
  auto q = db.prepare("DELETE FROM tributary_relation_acl WHERE relname = ?1");
  if (!q)
    return fail(q.error());
  q->bind_text(1, relname);
  return q->run();
}

result<ok_t, sqlite_error> rename_relation_acl(sqlite_connection& db, const std::string& from,
                                               const std::string& to) {
  return run_with(db, "UPDATE tributary_relation_acl SET relname = ?2 WHERE relname = ?1", from, to);
}

}  // namespace tributary
