#include "cli/catalog/pg_type_rows.hpp"

#include <algorithm>

#include "cli/catalog/internal_types.hpp"
#include "stages/core/row_type_oid.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/user/enum_type.hpp"

namespace tributary {

namespace {

const sql_value null_value = sql_null{};
sql_value boolean(bool b) { return int64_t{b ? 1 : 0}; }
sql_value character(char c) { return std::string(1, c); }

// PostgreSQL's last built-in type OID is below this.
constexpr oid_t builtin_type_oid_limit = 10000;

// typcollation of a string type (category S): "C" (950) for name, else the
// database's default (100); 0 for the rest.
int64_t string_collation(oid_t oid, char category) {
  return category == 'S' ? (oid == 19 ? 950 : 100) : 0;
}

// typcollation of a built-in type; an array type has its element's (_text 100,
// _name 950), as PostgreSQL's.
int64_t builtin_collation(oid_t oid) {
  const type_descriptor* t = find_builtin_type(oid);
  if (t == nullptr)
    return 0;
  if (t->element != 0)
    return builtin_collation(t->element);
  return string_collation(oid, t->category);
}

snapshot_row type_row(int64_t oid, const std::string& name, int64_t ns, int64_t owner, int64_t length,
                      char type, char category, int64_t element, int64_t array, int64_t base, int64_t typmod,
                      bool not_null, int64_t stored_as, int64_t collation) {
  // typstorage: a domain's is its base type's (stored_as).
  const int64_t storage_oid = stored_as ? stored_as : oid;
  const char align = length == 8 ? 'd' : length == 2 ? 's' : length == 1 ? 'c' : 'i';
  return snapshot_row{oid, name, ns, owner, length, boolean(length > 0 && length <= 8), character(type),
                      character(category), boolean(false), boolean(true), character(','), int64_t{0}, int64_t{0},
                      element, array, int64_t{0}, int64_t{0}, int64_t{0}, int64_t{0}, int64_t{0}, int64_t{0},
                      int64_t{0}, character(align),
                      character(storage_oid == 1700 || storage_oid == 869 || storage_oid == 650 ? 'm'
                                : length == -1                                          ? 'x'
                                                                                        : 'p'),
                      boolean(not_null),
                      base, typmod, int64_t{0}, collation, null_value, null_value, null_value};
}

}  // namespace

std::vector<snapshot_row> pg_type_rows(const catalog_model& model, int64_t owner) {
  std::vector<snapshot_row> out;
  for (oid_t oid = 1; oid < builtin_type_oid_limit; ++oid) {
    const type_descriptor* t = find_builtin_type(oid);
    if (t == nullptr || t->oid != oid)
      continue;
    const char category = t->element != 0 ? 'A' : t->category;
    const char kind = category == 'R' ? 'r' : category == 'P' ? 'p' : 'b';
    // Fixed-length types subscripted as their parts, yet not arrays: name as "char"s,
    // point and line as float8s, lseg and box as points (PostgreSQL's typelem).
    const int64_t element = oid == 19                ? 18
                            : oid == 600 || oid == 628 ? 701
                            : oid == 601 || oid == 603 ? 600
                                                       : t->element;
    out.push_back(type_row(oid, std::string(t->typname), pg_catalog_namespace_oid, 10, t->typlen, kind, category,
                           element, t->array, 0, -1, false, 0, builtin_collation(oid)));
  }
  for (const internal_type& t : internal_types()) {  // int2vector, record, any, _line, ...
    if (find_builtin_type(t.oid) != nullptr)
      continue;
    out.push_back(type_row(t.oid, t.typname, pg_catalog_namespace_oid, 10, t.typlen, t.typtype, t.typcategory,
                           t.typelem, t.typarray, 0, -1, false, 0, t.typcollation));
    auto& row = out.back();
    row[5] = boolean(t.typbyval);
    row[22] = character(t.typalign);
    row[23] = character(t.typstorage);
  }
  // Each table's and view's row type (typtype c, typrelid the relation) and its array type.
  for (const auto& r : model.relations) {
    if (!has_row_type(r))
      continue;
    const int64_t oid = table_row_type_oid(r.local_name);
    const int64_t array = table_row_type_oid(r.local_name, true);
    out.push_back(type_row(oid, r.name, r.namespace_oid, owner, -1, 'c', 'C', 0, array, 0, -1, false, 0, 0));
    out.back()[11] = r.oid;  // typrelid
    out.back()[22] = character('d');
    out.push_back(type_row(array, "_" + r.name, r.namespace_oid, owner, -1, 'b', 'A', oid, 0, 0, -1, false, 0, 0));
    out.back()[22] = character('d');
  }
  for (const auto& t : model.types) {
    const int64_t ns = t.schema == "public" || t.schema.empty() ? public_namespace_oid : catalog_object_oid("n", t.schema);
    if (t.kind == 'c')  // a composite type: its relation's row type, above
      continue;
    if (t.kind == 'e') {  // the enum and its array type, _mood
      const int64_t array = t.array;
      out.push_back(type_row(t.oid, t.name, ns, owner, 4, 'e', 'E', 0, array, 0, -1, false, 0, 0));
      out.push_back(type_row(array, "_" + t.name, ns, owner, -1, 'b', 'A', t.oid, 0, 0, -1, false, 0, 0));
      continue;
    }
    // The domain and its array type, _price (element: the domain); both have the
    // base type's collation (a domain over text: 100).
    const type_descriptor* base = find_builtin_type(static_cast<oid_t>(t.base_type));
    const bool over_user_array = std::any_of(model.types.begin(), model.types.end(),
                                             [&](const catalog_user_type& u) { return u.array == t.base_type; });
    const char category = base ? (base->element != 0 ? 'A' : base->category) : over_user_array ? 'A' : 'U';
    const int64_t collation = builtin_collation(static_cast<oid_t>(t.base_type));
    out.push_back(type_row(t.oid, t.name, ns, owner, base ? base->typlen : -1, 'd', category, 0,
                           t.array, t.base_type, t.base_typmod, t.not_null, t.base_type, collation));
    out.back()[27] = int64_t{t.dimensions};  // typndims
    if (t.default_text) {  // typdefaultbin (pg_get_expr gives its text back) and typdefault
      auto& row = out.back();
      row[row.size() - 3] = *t.default_text;
      row[row.size() - 2] = *t.default_text;
    }
    if (t.array != 0)
      out.push_back(type_row(t.array, "_" + t.name, ns, owner, -1, 'b', 'A', t.oid, 0, 0, -1, false, 0,
                             collation));
  }
  return out;
}

std::vector<snapshot_row> pg_am_rows() {
  // amhandler: PostgreSQL 15's handler functions (pg_proc has them: builtin_catalog.hpp).
  return {{int64_t{2}, std::string("heap"), int64_t{3}, character('t')},
          {int64_t{403}, std::string("btree"), int64_t{330}, character('i')},
          {int64_t{405}, std::string("hash"), int64_t{331}, character('i')}};
}

std::vector<snapshot_row> pg_collation_rows() {
  const auto row = [](int64_t oid, const char* name, char provider, const char* locale) {
    return snapshot_row{oid, std::string(name), pg_catalog_namespace_oid, int64_t{10}, character(provider),
                        boolean(true), int64_t{oid == 100 ? -1 : -1},
                        locale ? sql_value{std::string(locale)} : null_value,
                        locale ? sql_value{std::string(locale)} : null_value, null_value, null_value};
  };
  return {row(100, "default", 'd', nullptr), row(950, "C", 'c', "C"), row(951, "POSIX", 'c', "POSIX")};
}

}  // namespace tributary
