// builtin_catalog_rows: the generated built-in operators and functions
// (builtin_catalog.hpp) as pg_operator, pg_proc and pg_description rows.
#include "cli/catalog/builtin_catalog_rows.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "cli/catalog/catalog_relation_oids.hpp"
#include "cli/catalog/builtin_catalog.hpp"
#include "cli/catalog/catalog_model.hpp"
#include "cli/catalog/catalog_values.hpp"

namespace tributary {

namespace {

constexpr int64_t bootstrap_superuser = 10;

// PostgreSQL 15's comments on the access methods Tributary has (pg_type_rows.cpp's pg_am).
const std::pair<int64_t, const char*> access_method_comments[] = {
    {2, "heap table access method"}, {403, "b-tree index access method"}, {405, "hash index access method"}};

using catalog_value::boolean;
using catalog_value::character;
using catalog_value::text_or_null;
const sql_value null_value = catalog_value::null();

// proacl with the bootstrap superuser's name for its "@" placeholder.
sql_value acl_text(const char* acl, const std::string& owner) {
  if (acl == nullptr)
    return null_value;
  std::string out;
  for (const char* c = acl; *c != '\0'; ++c)
    if (*c == '@')
      out += owner;
    else
      out += *c;
  return out;
}

template <typename Row>
const Row* find_by_oid(std::span<const Row> rows, int64_t oid) {
  auto it = std::lower_bound(rows.begin(), rows.end(), oid, [](const Row& r, int64_t o) { return r.oid < o; });
  return it != rows.end() && it->oid == oid ? &*it : nullptr;
}

}  // namespace

const builtin_operator* find_builtin_operator(int64_t oid) { return find_by_oid(builtin_operators(), oid); }
const builtin_function* find_builtin_function(int64_t oid) { return find_by_oid(builtin_functions(), oid); }

std::vector<snapshot_row> builtin_operator_rows() {
  std::vector<snapshot_row> out;
  out.reserve(builtin_operators().size());
  for (const builtin_operator& o : builtin_operators())
    out.push_back({o.oid, std::string(o.name), int64_t{pg_catalog_namespace_oid}, bootstrap_superuser,
                   character(o.kind), boolean(o.can_merge), boolean(o.can_hash), o.left, o.right, o.result,
                   o.commutator, o.negator, o.code, o.restrict_estimator, o.join_estimator});
  return out;
}

std::vector<snapshot_row> builtin_function_rows(const std::string& bootstrap_superuser_name) {
  std::vector<snapshot_row> out;
  out.reserve(builtin_functions().size());
  for (const builtin_function& f : builtin_functions())
    out.push_back({f.oid, std::string(f.name), int64_t{pg_catalog_namespace_oid}, bootstrap_superuser, f.language,
                   f.cost, f.rows, f.variadic, f.support, character(f.kind), boolean(f.security_definer),
                   boolean(f.leakproof), boolean(f.strict), boolean(f.returns_set), character(f.volatility),
                   character(f.parallel), f.argument_count, f.default_count, f.result_type,
                   std::string(f.argument_types), text_or_null(f.all_argument_types), text_or_null(f.argument_modes),
                   text_or_null(f.argument_names), null_value, null_value, std::string(f.source),
                   text_or_null(f.binary), null_value, text_or_null(f.config),
                   acl_text(f.acl, bootstrap_superuser_name)});
  return out;
}

std::vector<snapshot_row> builtin_init_privs_rows(const std::string& bootstrap_superuser_name) {
  std::vector<snapshot_row> out;
  for (const builtin_function& f : builtin_functions())
    if (f.acl != nullptr)
      out.push_back({f.oid, pg_proc_class, int64_t{0}, character('i'), acl_text(f.acl, bootstrap_superuser_name)});
  return out;
}

std::vector<snapshot_row> builtin_description_rows() {
  std::vector<snapshot_row> out;
  for (const builtin_operator& o : builtin_operators())
    if (o.description != nullptr)
      out.push_back({o.oid, pg_operator_class, int64_t{0}, std::string(o.description)});
  for (const builtin_function& f : builtin_functions())
    if (f.description != nullptr)
      out.push_back({f.oid, pg_proc_class, int64_t{0}, std::string(f.description)});
  for (const builtin_type_description& t : builtin_type_descriptions())
    out.push_back({t.oid, pg_type_class, int64_t{0}, std::string(t.description)});
  for (const auto& [oid, comment] : access_method_comments)
    out.push_back({oid, pg_am_class, int64_t{0}, std::string(comment)});
  return out;
}

const char* builtin_description(const std::string& catalog, int64_t oid) {
  if (catalog == "pg_operator")
    if (const builtin_operator* o = find_builtin_operator(oid))
      return o->description;
  if (catalog == "pg_proc")
    if (const builtin_function* f = find_builtin_function(oid))
      return f->description;
  if (catalog == "pg_am")
    for (const auto& [am, comment] : access_method_comments)
      if (am == oid)
        return comment;
  if (catalog == "pg_type")
    for (const builtin_type_description& t : builtin_type_descriptions())
      if (t.oid == oid)
        return t.description;
  return nullptr;
}

}  // namespace tributary
