// information_schema_rows: see the header.
#include "cli/catalog/information_schema_rows.hpp"

#include "stages/types/builtin_types.hpp"
#include "stages/types/type_names.hpp"
#include "stages/types/user/enum_type.hpp"
#include "storage/text_query.hpp"

namespace tributary {

namespace {

const sql_value null_value = sql_null{};

sql_value yes_no(bool b) { return std::string(b ? "YES" : "NO"); }

sql_value number_or_null(std::optional<int64_t> n) { return n ? sql_value{*n} : null_value; }

// What information_schema.columns says about a column's type (PostgreSQL's
// _pg_char_max_length, _pg_numeric_precision & co.).
struct type_facts {
  std::string data_type;
  std::string udt_schema = "pg_catalog";
  std::string udt_name;
  std::optional<int64_t> char_length, octet_length, precision, radix, scale, datetime_precision;
};

type_facts facts_of(const catalog_model& model, const column_definition& c) {
  type_facts out;
  const oid_t oid = c.type.oid;
  const int32_t typmod = c.type.typmod;
  const type_descriptor* t = find_builtin_type(oid);
  out.udt_name = t ? std::string(t->typname) : c.type.name;
  // price[], il[], mood[]: the user type's array type (_price), no domain.
  const int64_t user_element = c.type.domain_array ? c.type.domain_array->domain_oid
                               : c.type.is_enum_array() ? c.type.enum_labels->oid
                                                        : 0;
  if (user_element != 0) {
    out.data_type = "ARRAY";
    for (const auto& u : model.types)
      if (u.oid == user_element) {
        out.udt_schema = u.schema;
        out.udt_name = "_" + u.name;
      }
    return out;
  }
  if (c.type.is_enum() || (t == nullptr && !c.type.name.empty())) {
    out.data_type = "USER-DEFINED";
    for (const auto& u : model.types)
      if (u.name == c.type.name || u.schema + "." + u.name == c.type.name) {
        out.udt_schema = u.schema;
        out.udt_name = u.name;
      }
    return out;
  }
  if (t && t->category == 'A') {
    out.data_type = "ARRAY";
    return out;
  }
  column_type plain = c.type;
  plain.typmod = -1;
  out.data_type = oid == 1042 ? "character" : format_type(plain);
  switch (oid) {
    case 1042:  // bpchar, varchar: n characters, 4 bytes each at most (UTF8)
    case 1043:
      if (typmod >= 4) {
        out.char_length = typmod - 4;
        out.octet_length = (typmod - 4) * 4;
      } else {
        out.octet_length = 1073741824;
      }
      break;
    case 25:
      out.octet_length = 1073741824;
      break;
    case 21: out.precision = 16; out.radix = 2; out.scale = 0; break;
    case 23: out.precision = 32; out.radix = 2; out.scale = 0; break;
    case 20: out.precision = 64; out.radix = 2; out.scale = 0; break;
    case 700: out.precision = 24; out.radix = 2; break;
    case 701: out.precision = 53; out.radix = 2; break;
    case 1700:
      out.radix = 10;
      if (typmod >= 4) {
        out.precision = ((typmod - 4) >> 16) & 0xffff;
        out.scale = (typmod - 4) & 0xffff;
      }
      break;
    case 1082: out.datetime_precision = 0; break;
    case 1083: case 1114: case 1184: case 1266: case 1186:
      out.datetime_precision = typmod >= 0 ? (oid == 1186 ? typmod & 0xffff : typmod) : 6;
      break;
    default:
      break;
  }
  return out;
}

// A column's identity sequence: start, increment, maximum, minimum, cycle.
std::optional<std::vector<std::string>> identity_of(sqlite_connection& db, const catalog_relation& r,
                                                    const column_definition& c) {
  auto rows = query_rows(db, "SELECT seqstart, seqincrement, seqmax, seqmin, seqcycle FROM tributary_sequences "
                             "WHERE owned_table = ?1 AND owned_column = '" + [&] {
                               std::string quoted;
                               for (char ch : c.name)
                                 quoted += ch == '\'' ? std::string("''") : std::string(1, ch);
                               return quoted;
                             }() + "'",
                         r.local_name);
  if (!rows || rows->empty())
    return std::nullopt;
  return rows->front();
}

}  // namespace

std::vector<snapshot_row> information_schema_tables_rows(const catalog_model& model, const std::string& database) {
  std::vector<snapshot_row> out;
  for (const auto& r : model.relations)
    if (r.kind == 'r' || r.kind == 'v')
      out.push_back({database, r.schema, r.name, std::string(r.kind == 'r' ? "BASE TABLE" : "VIEW"), null_value,
                     null_value, null_value, null_value, null_value, yes_no(r.kind == 'r'), yes_no(false),
                     null_value});
  return out;
}

std::vector<snapshot_row> information_schema_columns_rows(sqlite_connection& db, const catalog_model& model,
                                                          const std::string& database) {
  std::vector<snapshot_row> out;
  for (const auto& r : model.relations) {
    if (r.kind != 'r' && r.kind != 'v')
      continue;
    for (size_t i = 0; i < r.columns.size(); ++i) {
      const column_definition& c = r.columns[i];
      const type_facts f = facts_of(model, c);
      const auto position = static_cast<int64_t>(i + 1);
      std::optional<std::vector<std::string>> identity;
      if (!c.identity.empty())
        identity = identity_of(db, r, c);
      const auto identity_field = [&](size_t k) -> sql_value {
        return identity ? sql_value{(*identity)[k]} : null_value;
      };
      sql_value domain_schema = null_value, domain_name = null_value, domain_catalog = null_value;
      if (!c.domain.empty() && !c.type.domain_array)
        for (const auto& u : model.types)
          if (u.name == c.domain || u.schema + "." + u.name == c.domain) {
            domain_catalog = database;
            domain_schema = u.schema;
            domain_name = u.name;
          }
      out.push_back({database, r.schema, r.name, c.name, position,
                     c.default_expression && c.identity.empty() ? sql_value{*c.default_expression} : null_value,
                     yes_no(!c.not_null), f.data_type, number_or_null(f.char_length),
                     number_or_null(f.octet_length), number_or_null(f.precision), number_or_null(f.radix),
                     number_or_null(f.scale), number_or_null(f.datetime_precision), null_value, null_value,
                     null_value, null_value, null_value, null_value, null_value, null_value, domain_catalog,
                     domain_schema, domain_name, database, f.udt_schema, f.udt_name, null_value,
                     null_value, null_value, null_value, std::to_string(position), yes_no(false),
                     yes_no(!c.identity.empty()),
                     c.identity.empty() ? null_value
                                        : sql_value{std::string(c.identity == "a" ? "ALWAYS" : "BY DEFAULT")},
                     identity_field(0), identity_field(1), identity_field(2), identity_field(3),
                     identity ? yes_no((*identity)[4] == "1") : sql_value{std::string("NO")},
                     std::string("NEVER"), null_value, yes_no(r.kind == 'r')});
    }
  }
  return out;
}

std::vector<snapshot_row> information_schema_schemata_rows(const catalog_model& model, const std::string& database,
                                                           const std::string& owner) {
  std::vector<snapshot_row> out;
  for (const auto& n : model.namespaces) {
    const std::string schema_owner = n.name == "public" ? "pg_database_owner"
                                     : n.name == "pg_catalog" || n.name == "information_schema" ? "" : owner;
    out.push_back({database, n.name, schema_owner.empty() ? null_value : sql_value{schema_owner}, null_value,
                   null_value, null_value, null_value});
  }
  return out;
}

std::vector<snapshot_row> information_schema_table_constraints_rows(const catalog_model& model,
                                                                    const std::string& database) {
  std::vector<snapshot_row> out;
  const auto row = [&](const catalog_relation& r, const std::string& name, const std::string& type) {
    return snapshot_row{database, r.schema, name, database, r.schema, r.name, type, yes_no(false), yes_no(false),
                        yes_no(true), type == "UNIQUE" ? yes_no(true) : null_value};
  };
  for (const auto& r : model.relations) {
    if (r.kind != 'r')
      continue;
    for (const auto& i : r.indexes)
      if (i.constraint)
        out.push_back(row(r, i.name, i.primary ? "PRIMARY KEY" : "UNIQUE"));
    for (const auto& k : r.foreign_keys)
      out.push_back(row(r, k.name, "FOREIGN KEY"));
    // A NOT NULL column shows as a CHECK constraint named by OIDs, as in PostgreSQL 15.
    for (size_t c = 0; c < r.columns.size(); ++c)
      if (r.columns[c].not_null)
        out.push_back(row(r,
                          std::to_string(r.namespace_oid) + "_" + std::to_string(r.oid) + "_" +
                              std::to_string(c + 1) + "_not_null",
                          "CHECK"));
  }
  return out;
}

std::vector<snapshot_row> information_schema_key_column_usage_rows(const catalog_model& model,
                                                                   const std::string& database) {
  std::vector<snapshot_row> out;
  const auto column_name = [](const catalog_relation& r, int attnum) -> std::string {
    return attnum >= 1 && static_cast<size_t>(attnum) <= r.columns.size()
               ? r.columns[static_cast<size_t>(attnum - 1)].name
               : std::string();
  };
  for (const auto& r : model.relations) {
    if (r.kind != 'r')
      continue;
    for (const auto& i : r.indexes)
      if (i.constraint)
        for (size_t k = 0; k < i.columns.size(); ++k)
          out.push_back({database, r.schema, i.name, database, r.schema, r.name, column_name(r, i.columns[k]),
                         static_cast<int64_t>(k + 1), null_value});
    for (const auto& f : r.foreign_keys) {
      const catalog_relation* target = model.relation(f.referenced_oid);
      for (size_t k = 0; k < f.columns.size(); ++k) {
        // The referenced column's position in the referenced key.
        sql_value in_unique = null_value;
        if (target != nullptr && k < f.referenced_columns.size())
          for (const auto& i : target->indexes)
            if (i.unique && i.columns.size() == f.referenced_columns.size())
              for (size_t p = 0; p < i.columns.size(); ++p)
                if (i.columns[p] == f.referenced_columns[k] && std::holds_alternative<sql_null>(in_unique))
                  in_unique = static_cast<int64_t>(p + 1);
        out.push_back({database, r.schema, f.name, database, r.schema, r.name, column_name(r, f.columns[k]),
                       static_cast<int64_t>(k + 1), in_unique});
      }
    }
  }
  return out;
}

}  // namespace tributary
