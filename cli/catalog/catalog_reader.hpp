// catalog_reader: what the catalog relations and functions of one session
// connection read: the database file's catalog model (catalog_model.hpp), the
// server's roles and databases, and who owns the database's relations.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/catalog/catalog_model.hpp"
#include "cli/catalog/catalog_relations.hpp"
#include "cli/catalog/pg_class_rows.hpp"

namespace tributary {

struct catalog_reader {
  sqlite_connection* db = nullptr;  // the session's connection (outlives the reader)
  catalog_sources sources;
  std::string database;             // this connection's database

  // The database's catalog model; read again only when the database changed (its
  // schema, a commit of another connection, a row this connection changed; inside a
  // transaction block, at each statement), so a catalog query calling a function
  // per row (pg_get_indexdef, obj_description) reads it once.
  catalog_model model() const;
  std::vector<role_record> roles() const;
  std::vector<role_grant> memberships() const;
  std::vector<database_info> databases() const;
  relation_owner owner() const;
  // The schemas named in the session's search_path (without "$user"): a
  // relation of another schema is printed schema-qualified.
  std::vector<std::string> visible_schemas() const;

  // What the catalog relations computed from the model and the owners are computed
  // from, as text: the database's state (as model()'s), the roles and the
  // databases' owners; "" when unknown (nothing to reuse).
  std::string version_key() const;

  struct cached_model {
    std::string key;
    catalog_model model;
  };
  mutable std::shared_ptr<const cached_model> cache;  // model()'s last read
};

using catalog_reader_ptr = std::shared_ptr<const catalog_reader>;

// A relation's (or function's) name as a regclass (regproc) text gives it: 'name',
// 'schema.name', '"Quoted"' -> (schema, name); "" schema: unqualified; unquoted
// whitespace ignored.
std::pair<std::string, std::string> split_relation_name(const std::string& text);

// has_table_privilege([role,] table, privileges) (privilege_functions.cpp):
// the answer the table's owner and ACL give for the role (default: the
// session's current user, sources.current_user), as PostgreSQL's.
result<ok_t, sqlite_error> install_privilege_functions(sqlite_connection& db, const catalog_reader_ptr& reader);

// The SQL functions tools call (catalog_functions.cpp): format_type,
// pg_get_userbyid, pg_table_is_visible, pg_get_indexdef, pg_get_constraintdef,
// pg_get_expr, obj_description & co., pg_encoding_to_char, has_*_privilege,
// pg_size_pretty, the size functions, quote_ident, array_to_string and the
// regclass conversions, each under a pg_catalog_ name the translator calls.
result<ok_t, sqlite_error> install_catalog_functions(sqlite_connection& db, const catalog_reader_ptr& reader);

// pg_get_indexdef, pg_get_constraintdef, pg_get_expr and pg_get_viewdef
// (definition_functions.cpp); install_catalog_functions installs them too.
result<ok_t, sqlite_error> install_definition_functions(sqlite_connection& db, const catalog_reader_ptr& reader);

// pg_get_viewdef(view [, pretty]): the view's SELECT as PostgreSQL prints it back
// (stages/sql/view_deparse.hpp), or where that does not cover it as CREATE VIEW wrote it, each table
// outside the search path schema-qualified; nullopt when SQLite has no such view.
std::optional<std::string> view_definition(const catalog_reader& reader, const catalog_model& model,
                                           const catalog_relation& view, bool pretty = false);

// array_to_string, array_upper and the pg_array_* helpers over arrays' text form
// (array_text_functions.cpp); install_catalog_functions installs them too.
result<ok_t, sqlite_error> install_array_text_functions(sqlite_connection& db);
// The elements of a one-dimensional array's text form ("{a,\"b c\",NULL}"); NULL: nullopt.
std::vector<std::optional<std::string>> array_text_elements(const std::string& text);

}  // namespace tributary
