#include "cli/catalog/pg_class_rows.hpp"

#include <algorithm>

#include "cli/catalog/pg_type_rows.hpp"
#include "stages/core/row_type_oid.hpp"
#include "stages/sql/view_options.hpp"
#include "stages/types/builtin_types.hpp"

namespace tributary {

namespace {

const sql_value null_value = sql_null{};
sql_value boolean(bool b) { return int64_t{b ? 1 : 0}; }
sql_value character(char c) { return std::string(1, c); }

// int2vector's text form: "1 2".
std::string int2vector(const std::vector<int>& values) {
  std::string out;
  for (int v : values)
    out += (out.empty() ? "" : " ") + std::to_string(v);
  return out;
}

std::string int2_array(const std::vector<int>& values) { return "{" + [&] {
    std::string out;
    for (int v : values)
      out += (out.empty() ? "" : ",") + std::to_string(v);
    return out;
  }() + "}"; }

bool collatable(int64_t type_oid) {
  const type_descriptor* t = find_builtin_type(static_cast<oid_t>(type_oid));
  return t != nullptr && t->category == 'S';
}

}  // namespace

namespace {

// A column of a domain's array type (price[], il[]), not of a domain over one (ill AS il[]).
bool of_domain_array_type(const column_definition& column) {
  return column.type.domain_array && (column.domain.empty() || column.domain == column.type.domain_array->domain_name);
}

// A column of a domain (price, il, ill AS il[]): its type is the domain's.
bool of_domain(const column_definition& column) { return !column.domain.empty() && !of_domain_array_type(column); }

// attndims: the dimensions the column's declaration wrote; a domain's own (il over
// int[], ill over il[]) do not count: 0 for a column of a domain, as PostgreSQL's.
int64_t attribute_dimensions(const column_definition& column) { return of_domain(column) ? 0 : column.dimensions; }

// atttypmod: -1 for a column of a domain (the domain's is its pg_type.typtypmod).
int32_t attribute_typmod(const column_definition& column) {
  return of_domain(column) ? -1 : column.type.client_typmod();
}

}  // namespace

int64_t attribute_type_oid(const catalog_model& model, const column_definition& column) {
  // price[], il[]: the domain's array type (a column of ill AS il[] is ill's, below).
  if (of_domain_array_type(column))
    return column.type.domain_array->array_oid;
  if (!column.domain.empty())
    for (const auto& t : model.types)
      if (t.name == column.domain || t.schema + "." + t.name == column.domain)
        return t.oid;
  return column.type.oid;
}

std::vector<snapshot_row> pg_namespace_rows(const catalog_model& model, const relation_owner& owner,
                                            const std::map<std::string, schema_acl_entry>& schemas) {
  std::vector<snapshot_row> out;
  for (const auto& n : model.namespaces) {
    auto it = schemas.find(n.name);
    int64_t nspowner = n.oid == pg_catalog_namespace_oid || n.oid == information_schema_namespace_oid ||
                               n.oid == pg_toast_namespace_oid
                           ? int64_t{10}
                       : n.oid == public_namespace_oid                                               ? database_owner_role_oid
                                                                                                     : owner.oid;
    sql_value nspacl = null_value;
    if (it != schemas.end()) {
      nspowner = it->second.owner;
      if (it->second.shown && owner.role_name)
        nspacl = shown_acl_text(it->second.acl, owner.role_name);
    }
    out.push_back({n.oid, n.name, nspowner, nspacl});
  }
  return out;
}

std::vector<snapshot_row> pg_class_rows(const catalog_model& model, const relation_owner& owner) {
  std::vector<snapshot_row> out;
  // No statistics are kept (relpages, reltuples): a table shows PostgreSQL's
  // "never vacuumed or analyzed" (0 pages, -1 tuples); an index what PostgreSQL
  // records when it builds one on an empty table (its 1 root page, 0 tuples).
  const auto row = [&](int64_t oid, const std::string& name, int64_t ns, int64_t am, bool has_index, char kind,
                       int64_t natts, int64_t relowner, const sql_value& relacl, bool has_triggers = false,
                       int64_t checks = 0, const sql_value& reloptions = sql_null{}) {
    const bool index = kind == 'i';
    return snapshot_row{oid, name, ns, int64_t{0}, int64_t{0}, relowner, am, oid, int64_t{0},
                        int64_t{index ? 1 : 0}, index ? 0.0 : -1.0, int64_t{0}, int64_t{0}, boolean(has_index), boolean(false), character('p'),
                        character(kind), natts, checks, boolean(false), boolean(has_triggers), boolean(false),
                        boolean(false), boolean(false), boolean(true), character(kind == 'r' ? 'd' : 'n'),
                        boolean(false), int64_t{0}, int64_t{0}, int64_t{0}, relacl, reloptions, null_value};
  };
  for (const auto& r : model.relations) {
    const int64_t am = r.kind == 'r' ? 2 : 0;
    const int64_t relowner = owner.of(r);
    const sql_value relacl = r.acl && owner.role_name ? sql_value{shown_acl_text(*r.acl, owner.role_name)}
                                                      : null_value;
    // relhastriggers: PostgreSQL keeps foreign keys by triggers on both tables
    // (psql's \d and pg_dump read a table's foreign keys only then).
    out.push_back(row(r.oid, r.name, r.namespace_oid, am, !r.indexes.empty(), r.kind,
                      static_cast<int64_t>(r.columns.size()), relowner, relacl,
                      !r.foreign_keys.empty() || r.referenced || !r.triggers.empty(), static_cast<int64_t>(r.checks.size()),
                      r.options.empty() ? null_value : sql_value{reloptions_array_text(r.options)}));
    if (has_row_type(r))  // reltype: the table's row type (pg_type_rows)
      out.back()[3] = table_row_type_oid(r.local_name);
    if (r.temporary)  // relpersistence: a temporary view's or table's
      out.back()[15] = character('t');
    for (const auto& i : r.indexes) {
      out.push_back(row(i.oid, i.name, r.namespace_oid, 403, false, 'i', static_cast<int64_t>(i.columns.size()),
                        relowner, null_value));
      if (r.temporary)  // a temporary table's index is temporary too
        out.back()[15] = character('t');
    }
  }
  return out;
}

std::vector<snapshot_row> pg_attribute_rows(const catalog_model& model, const relation_owner& owner) {
  std::vector<snapshot_row> out;
  const auto row = [&](int64_t relid, const std::string& name, int64_t type, int64_t attnum, int64_t typmod,
                       int64_t dims, bool not_null, bool has_default, const std::string& identity,
                       const sql_value& attacl = null_value) {
    // Length and storage: an enum's are those of a 4-byte value, a domain's its base type's.
    int64_t stored = type;
    for (const auto& u : model.types)
      if (u.oid == type)
        stored = u.kind == 'e' ? 26 : u.base_type;
    const type_descriptor* t = find_builtin_type(static_cast<oid_t>(stored));
    const int64_t length = t ? t->typlen : -1;
    const int64_t collation = collatable(type) ? (type == 19 ? 950 : 100) : 0;
    return snapshot_row{relid, name, type, int64_t{-1}, length, attnum, dims, int64_t{-1}, typmod,
                        boolean(length > 0 && length <= 8), character(length == 8 ? 'd' : length == 2 ? 's' : 'i'),
                        character(stored == 1700 || stored == 869 || stored == 650 ? 'm' : length == -1 ? 'x' : 'p'),
                        std::string(), boolean(not_null), boolean(has_default),
                        boolean(false), identity, std::string(), boolean(false), boolean(true), int64_t{0},
                        collation, attacl, null_value, null_value, null_value};
  };
  for (const auto& r : model.relations) {
    for (size_t i = 0; i < r.columns.size(); ++i) {
      const auto& c = r.columns[i];
      auto own = r.column_acls.find(c.name);
      const sql_value attacl = own != r.column_acls.end() && owner.role_name
                                   ? sql_value{shown_acl_text(own->second, owner.role_name)}
                                   : null_value;
      out.push_back(row(r.oid, c.name, attribute_type_oid(model, c), static_cast<int64_t>(i + 1),
                        attribute_typmod(c), attribute_dimensions(c), c.not_null, c.default_expression.has_value(),
                        c.identity, attacl));
    }
    for (const auto& index : r.indexes)
      for (size_t k = 0; k < index.columns.size(); ++k) {
        const int attnum = index.columns[k];
        if (attnum < 1 || static_cast<size_t>(attnum) > r.columns.size())
          continue;
        const auto& c = r.columns[static_cast<size_t>(attnum - 1)];
        out.push_back(row(index.oid, c.name, attribute_type_oid(model, c), static_cast<int64_t>(k + 1),
                          attribute_typmod(c), attribute_dimensions(c), false, false, ""));
      }
  }
  return out;
}

std::vector<snapshot_row> pg_attrdef_rows(const catalog_model& model) {
  std::vector<snapshot_row> out;
  for (const auto& r : model.relations)
    for (size_t i = 0; i < r.columns.size(); ++i)
      if (r.columns[i].default_expression)
        out.push_back({catalog_object_oid("d", r.local_name + "." + r.columns[i].name), r.oid,
                       static_cast<int64_t>(i + 1),
                       attrdef_node(static_cast<int64_t>(i + 1), *r.columns[i].default_expression)});
  return out;
}

namespace {
constexpr std::string_view attrdef_opening = "{DEFAULT :adnum ";
constexpr std::string_view attrdef_expr = " :expr ";
}  // namespace

std::string attrdef_node(int64_t adnum, const std::string& expression) {
  return std::string(attrdef_opening) + std::to_string(adnum) + std::string(attrdef_expr) +
         expression + "}";
}

std::optional<attrdef_expression> read_attrdef_node(const std::string& node) {
  if (!node.starts_with(attrdef_opening) || !node.ends_with("}"))
    return std::nullopt;
  const size_t expr = node.find(attrdef_expr, attrdef_opening.size());
  if (expr == std::string::npos)
    return std::nullopt;
  attrdef_expression out;
  const std::string number(node.substr(attrdef_opening.size(), expr - attrdef_opening.size()));
  if (number.empty() || number.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  out.adnum = std::stoll(number);
  const size_t start = expr + attrdef_expr.size();
  out.expression = node.substr(start, node.size() - 1 - start);
  return out;
}

std::vector<snapshot_row> pg_index_rows(const catalog_model& model) {
  std::vector<snapshot_row> out;
  for (const auto& r : model.relations)
    for (const auto& i : r.indexes) {
      const auto n = static_cast<int64_t>(i.columns.size());
      std::string zeros, options;
      for (size_t k = 0; k < i.columns.size(); ++k) {
        zeros += (k ? " " : "") + std::string("0");
        // indoption: INDOPTION_DESC (1) | INDOPTION_NULLS_FIRST (2), DESC's default
        // NULLS FIRST (an explicit NULLS order is not kept).
        const bool descending = k < i.descending.size() && i.descending[k];
        options += (k ? " " : "") + std::string(descending ? "3" : "0");
      }
      out.push_back({i.oid, r.oid, n, n, boolean(i.unique), boolean(false), boolean(i.primary), boolean(false),
                     boolean(true), boolean(false), boolean(true), boolean(false), boolean(true), boolean(true),
                     boolean(false), int2vector(i.columns), zeros, zeros, options, null_value, null_value});
    }
  return out;
}

std::vector<snapshot_row> pg_constraint_rows(const catalog_model& model) {
  std::vector<snapshot_row> out;
  for (const auto& r : model.relations)
    for (const auto& k : r.foreign_keys) {
      const int64_t index = foreign_key_index_oid(model, k);  // conindid
      out.push_back({k.oid, k.name, r.namespace_oid, character('f'), boolean(false), boolean(false), boolean(true),
                     r.oid, int64_t{0}, index, int64_t{0}, k.referenced_oid, character(k.on_update),
                     character(k.on_delete), character('s'), boolean(true), int64_t{0}, boolean(true),
                     int2_array(k.columns), int2_array(k.referenced_columns), null_value, null_value, null_value,
                     null_value, null_value, null_value});
    }
  for (const auto& t : model.types)  // a domain's CHECKs: contypid, no conrelid
    for (const auto& c : t.checks) {
      const std::string& def = c.definition;
      const std::string expression = def.size() > 8 ? def.substr(7, def.size() - 8) : def;
      const int64_t ns = t.schema == "public" || t.schema.empty() ? public_namespace_oid : catalog_object_oid("n", t.schema);
      out.push_back({c.oid, c.name, ns, character('c'), boolean(false), boolean(false), boolean(true),
                     int64_t{0}, t.oid, int64_t{0}, int64_t{0}, int64_t{0}, character(' '), character(' '),
                     character(' '), boolean(true), int64_t{0}, boolean(false), null_value, null_value,
                     null_value, null_value, null_value, null_value, null_value, expression});
    }
  for (const auto& r : model.relations)
    for (const auto& c : r.checks) {
      // conbin: the expression's text (pg_get_expr(conbin, conrelid) prints it).
      const std::string& def = c.definition;
      const std::string expression = def.size() > 8 ? def.substr(7, def.size() - 8) : def;
      out.push_back({c.oid, c.name, r.namespace_oid, character('c'), boolean(false), boolean(false), boolean(true),
                     r.oid, int64_t{0}, int64_t{0}, int64_t{0}, int64_t{0}, character(' '), character(' '),
                     character(' '), boolean(true), int64_t{0}, boolean(false), int2_array(c.columns), null_value,
                     null_value, null_value, null_value, null_value, null_value, expression});
    }
  for (const auto& r : model.relations)
    for (const auto& i : r.indexes) {
      if (!i.constraint)
        continue;
      out.push_back({i.constraint_oid, i.name, r.namespace_oid, character(i.primary ? 'p' : 'u'), boolean(false),
                     boolean(false), boolean(true), r.oid, int64_t{0}, i.oid, int64_t{0}, int64_t{0},
                     character(' '), character(' '), character(' '), boolean(true), int64_t{0}, boolean(true),
                     int2_array(i.columns), null_value, null_value, null_value, null_value, null_value, null_value,
                     null_value});
    }
  return out;
}

std::vector<snapshot_row> pg_tables_rows(const catalog_model& model, const relation_owner& owner) {
  std::vector<snapshot_row> out;
  for (const auto& r : model.relations)
    if (r.kind == 'r')
      out.push_back({r.schema, r.name, owner.name_of(r), null_value, boolean(!r.indexes.empty()), boolean(false),
                     boolean(!r.foreign_keys.empty() || r.referenced || !r.triggers.empty()), boolean(false)});
  return out;
}

std::vector<snapshot_row> pg_indexes_rows(const catalog_model& model) {
  std::vector<snapshot_row> out;
  for (const auto& r : model.relations)
    for (const auto& i : r.indexes)
      out.push_back({r.schema, r.name, i.name, null_value, index_definition(r, i)});
  return out;
}

}  // namespace tributary
