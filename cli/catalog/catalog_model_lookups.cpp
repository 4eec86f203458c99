// catalog_model's look-ups by OID and name, and the stable OIDs of objects
// Tributary stores without one (catalog_model.hpp).
#include <algorithm>

#include "cli/catalog/catalog_model.hpp"

namespace tributary {

namespace {

constexpr int64_t first_normal_oid = 16384;

}  // namespace

int64_t catalog_object_oid(const std::string& kind, const std::string& name) {
  uint64_t hash = 14695981039346656037ull;
  for (char c : kind + ":" + name) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ull;
  }
  return first_normal_oid + static_cast<int64_t>(hash % 1'000'000'000ull);
}

const catalog_relation* catalog_model::relation(int64_t oid) const {
  for (const auto& r : relations)
    if (r.oid == oid)
      return &r;
  return nullptr;
}

const catalog_relation* catalog_model::relation(const std::string& schema, const std::string& name) const {
  for (const auto& r : relations)
    if (r.schema == schema && r.name == name)
      return &r;
  return nullptr;
}

std::optional<std::pair<const catalog_relation*, const catalog_index*>> catalog_model::index(int64_t oid) const {
  for (const auto& r : relations)
    for (const auto& i : r.indexes)
      if (i.oid == oid)
        return std::make_pair(&r, &i);
  return std::nullopt;
}

std::optional<std::pair<const catalog_relation*, const catalog_index*>> catalog_model::constraint(
    int64_t oid) const {
  for (const auto& r : relations)
    for (const auto& i : r.indexes)
      if (i.constraint && i.constraint_oid == oid)
        return std::make_pair(&r, &i);
  return std::nullopt;
}

int64_t foreign_key_index_oid(const catalog_model& model, const catalog_foreign_key& key) {
  const catalog_relation* target = model.relation(key.referenced_oid);
  if (!target)
    return 0;
  auto wanted = key.referenced_columns;
  std::sort(wanted.begin(), wanted.end());
  for (const auto& i : target->indexes) {
    auto columns = i.columns;
    std::sort(columns.begin(), columns.end());
    if (i.unique && columns == wanted)
      return i.oid;
  }
  return 0;
}

std::optional<std::pair<const catalog_relation*, const catalog_foreign_key*>> catalog_model::foreign_key(
    int64_t oid) const {
  for (const auto& r : relations)
    for (const auto& k : r.foreign_keys)
      if (k.oid == oid)
        return std::make_pair(&r, &k);
  return std::nullopt;
}

const catalog_check* catalog_model::check(int64_t oid) const {
  for (const auto& r : relations)
    for (const auto& c : r.checks)
      if (c.oid == oid)
        return &c;
  for (const auto& t : types)
    for (const auto& c : t.checks)
      if (c.oid == oid)
        return &c;
  return nullptr;
}

const catalog_function* catalog_model::function(int64_t oid) const {
  for (const auto& f : functions)
    if (f.oid == oid)
      return &f;
  return nullptr;
}

const catalog_function* catalog_model::function(const std::string& name) const {
  for (const auto& f : functions)
    if (f.name == name)
      return &f;
  return nullptr;
}

std::optional<std::pair<const catalog_relation*, const catalog_trigger*>> catalog_model::trigger(int64_t oid) const {
  for (const auto& r : relations)
    for (const auto& t : r.triggers)
      if (t.oid == oid)
        return std::make_pair(&r, &t);
  return std::nullopt;
}

const catalog_namespace* catalog_model::namespace_of(int64_t oid) const {
  for (const auto& n : namespaces)
    if (n.oid == oid)
      return &n;
  return nullptr;
}

bool catalog_model::is_other_temporary_schema(int64_t oid) const {
  const catalog_namespace* n = namespace_of(oid);
  if (n == nullptr || !(n->name.starts_with("pg_temp_") || n->name.starts_with("pg_toast_temp_")))
    return false;
  const std::string own_toast = "pg_toast_temp_" + temporary_schema.substr(std::string("pg_temp_").size());
  return !temporary_schema_made || (n->name != temporary_schema && n->name != own_toast);
}

std::string sqlite_schema_of(const catalog_relation& r) {
  return r.temporary ? "temp.sqlite_schema" : "main.sqlite_schema";
}

}  // namespace tributary
