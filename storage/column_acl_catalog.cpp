// column_acl_catalog: see the header.
#include "storage/column_acl_catalog.hpp"

#include "storage/text_query.hpp"

namespace tributary {
namespace {

result<ok_t, sqlite_error> run_texts(sqlite_connection& db, std::string_view sql, const std::vector<std::string>& texts) {
  auto q = db.prepare(sql);
  if (!q)
    return fail(q.error());
  for (size_t i = 0; i < texts.size(); ++i)
    q->bind_text(static_cast<int>(i + 1), texts[i]);
  return q->run();
}

}  // namespace

result<std::vector<column_acl_row>, sqlite_error> list_column_acls(sqlite_connection& db) {
  auto texts = query_rows(db, "SELECT relname, attname, attacl FROM tributary_column_acl ORDER BY relname, attname");
  if (!texts)
    return fail(texts.error());
  std::vector<column_acl_row> rows;
  for (const auto& text : *texts) {
    auto acl = parse_stored_acl(text[2]);  // damaged text reads as no privileges
    rows.push_back(column_acl_row{text[0], text[1], acl.value_or(table_acl{})});
  }
  return rows;
}

result<ok_t, sqlite_error> store_column_acl(sqlite_connection& db, const column_acl_row& row) {
  if (row.acl.empty())
    return run_texts(db, "DELETE FROM tributary_column_acl WHERE relname = ?1 AND attname = ?2",
                     {row.relname, row.attname});
  return run_texts(db, "INSERT OR REPLACE INTO tributary_column_acl (relname, attname, attacl) VALUES (?1, ?2, ?3)",
                   {row.relname, row.attname, stored_acl_text(row.acl)});
}

result<ok_t, sqlite_error> forget_column_acls(sqlite_connection& db, const std::string& relname) {
  return run_texts(db, "DELETE FROM tributary_column_acl WHERE relname = ?1", {relname});
}

result<ok_t, sqlite_error> rename_column_acls(sqlite_connection& db, const std::string& from, const std::string& to) {
  return run_texts(db, "UPDATE tributary_column_acl SET relname = ?2 WHERE relname = ?1", {from, to});
}

result<ok_t, sqlite_error> move_column_acl(sqlite_connection& db, const std::string& relname,
                                           const std::string& attname_from, const std::string& attname_to) {
  if (attname_to.empty())
    return run_texts(db, "DELETE FROM tributary_column_acl WHERE relname = ?1 AND attname = ?2",
                     {relname, attname_from});
  return run_texts(db, "UPDATE tributary_column_acl SET attname = ?3 WHERE relname = ?1 AND attname = ?2",
                   {relname, attname_from, attname_to});
}

}  // namespace tributary
