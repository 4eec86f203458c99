// column_type_catalog: see the header.
#include "storage/column_type_catalog.hpp"

#include "stages/core/row_type_oid.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/type_names.hpp"
#include "stages/types/user/domain_over_array.hpp"
#include "storage/temporary_tables.hpp"
#include "storage/text_query.hpp"
#include "storage/user_type_catalog.hpp"

namespace tributary {
namespace {

// temp for the session's temporary table `table`; else as asked (resolve: not a
// temporary table, its columns in tributary_columns, SQLite's own declarations found
// by SQLite's name resolution, as for a temporary view).
result<relation_schema, sqlite_error> resolved(sqlite_connection& db, const std::string& table,
                                               relation_schema schema) {
  if (schema != relation_schema::resolve)
    return schema;
  auto temporary = is_temporary_table(db, table);
  if (!temporary)
    return fail(temporary.error());
  return *temporary ? relation_schema::temp : relation_schema::resolve;
}

std::string columns_table(relation_schema schema) {
  return schema == relation_schema::temp ? "temp.tributary_temp_columns" : "tributary_columns";
}

// pragma_table_info's schema argument.
std::string schema_argument(relation_schema schema) {
  return schema == relation_schema::temp ? ", 'temp'" : schema == relation_schema::main ? ", 'main'" : "";
}

result<std::vector<column_definition>, sqlite_error> read_declared(sqlite_connection& db,
                                                                const std::string& table,
                                                                relation_schema schema) {
  auto q = db.prepare("SELECT name, type, \"notnull\", dflt_value FROM pragma_table_info(?1" +
                      schema_argument(schema) + ")");
  if (!q)
    return fail(q.error());
  q->bind_text(1, table);
  std::vector<column_definition> columns;
  for (;;) {
    auto s = q->step();
    if (!s)
      return fail(s.error());
    if (*s == sqlite_statement::step_result::done)
      break;
    column_definition c;
    c.name = q->column_text(0);
    c.type = declared_type(q->column_text(1));
    c.not_null = q->column_int(2) != 0;
    if (!q->column_is_null(3)) {
      c.default_expression = q->column_text(3);
      c.sqlite_default = c.default_expression;
    }
    columns.push_back(std::move(c));
  }
  return columns;
}


// Nested composite types are read this deep at most (PostgreSQL refuses a type
// that contains itself; this only bounds the work).
constexpr int max_composite_depth = 16;

result<std::vector<column_definition>, sqlite_error> read_recorded(sqlite_connection& db, const std::string& table,
                                                                   relation_schema schema, int depth);

// A user's type a composite field carries whole (record_field::type): another
// composite type, an array of one, an enum or an array of one, a domain's array.
bool field_needs_its_type(const column_type& type) {
  return !find_builtin_type(type.oid) || type.record_fields || type.record_element || type.enum_labels ||
         type.domain_array;
}

// The composite type `written` names ("pair", "sales.pair") with its fields, each
// of a user's type with that type whole; nullptr when it has no recorded columns.
result<std::shared_ptr<const column_type>, sqlite_error> composite_type(sqlite_connection& db,
                                                                         const std::string& written, int depth) {
  if (depth >= max_composite_depth)
    return std::shared_ptr<const column_type>{};
  // A composite type's fields are recorded in the database file (a temporary
  // table's row type is not a field's type here).
  auto columns = read_recorded(db, row_type_local_name(written), relation_schema::main, depth + 1);
  if (!columns)
    return fail(columns.error());
  if (columns->empty())
    return std::shared_ptr<const column_type>{};
  auto fields = std::make_shared<std::vector<record_field>>();
  for (const column_definition& c : *columns)
    fields->push_back({c.name, c.dimensions > 0 && !c.type.known() ? 0 : c.type.oid, c.type.typmod,
                       field_needs_its_type(c.type) ? std::make_shared<const column_type>(c.type) : nullptr});
  column_type type;
  type.name = written;
  type.record_fields = std::move(fields);
  return std::shared_ptr<const column_type>(std::make_shared<const column_type>(std::move(type)));
}

result<std::vector<column_definition>, sqlite_error> read_recorded(sqlite_connection& db, const std::string& table,
                                                                   relation_schema schema, int depth) {
  auto where = resolved(db, table, schema);
  if (!where)
    return fail(where.error());
  auto q = db.prepare(
      "SELECT attname, atttypid, atttypmod, typname, attndims, attnotnull, attdefault, attidentity, "
      "attdomain, (SELECT dflt_value FROM pragma_table_info(?1" + schema_argument(*where) + ") WHERE name = attname) "
      "FROM " + columns_table(*where) + " WHERE relname = ?1 ORDER BY attnum");
  if (!q) {
    // A file the catalog migrations never ran on (a plain SQLite file) records nothing.
    if (q.error().message.find("no such table") != std::string::npos)
      return std::vector<column_definition>{};
    return fail(q.error());
  }
  q->bind_text(1, table);
  std::vector<column_definition> columns;
  for (;;) {
    auto s = q->step();
    if (!s)
      return fail(s.error());
    if (*s == sqlite_statement::step_result::done)
      break;
    column_definition c;
    c.name = q->column_text(0);
    c.type.oid = static_cast<oid_t>(q->column_int(1));
    c.type.typmod = static_cast<int32_t>(q->column_int(2));
    if (!c.type.known() || !find_builtin_type(c.type.oid))
      c.type.name = q->column_text(3);
    c.dimensions = static_cast<int>(q->column_int(4));
    c.not_null = q->column_int(5) != 0;
    if (!q->column_is_null(6))
      c.default_expression = q->column_text(6);
    c.identity = q->column_text(7);
    c.domain = q->column_text(8);
    if (!q->column_is_null(9))
      c.sqlite_default = q->column_text(9);
    columns.push_back(std::move(c));
  }
  // An array of a domain (price[]): the domain's array type, as clients see it;
  // an array of a domain over an array (il[], recorded with _il's OID), and a
  // column of a domain over one (ill AS il[]): elements of il's base array type
  // (domain_over_array.hpp).
  for (auto& c : columns) {
    if (c.domain.empty() || c.dimensions == 0)
      continue;
    // b: the domain over an array whose array type is this domain's base (ill AS il[]: il).
    auto q = db.prepare(
        "SELECT d.oid, d.typarray, d.typndims, d.typbasetype, d.typtypmod, b.oid, b.typbasetype, b.typtypmod, "
        "CASE b.nspname WHEN 'public' THEN b.typname ELSE b.nspname || '.' || b.typname END "
        "FROM tributary_types d LEFT JOIN tributary_types b ON b.typtype = 'd' AND b.typndims > 0 AND "
        "b.typarray = d.typbasetype WHERE d.typtype = 'd' AND "
        "CASE d.nspname WHEN 'public' THEN d.typname ELSE d.nspname || '.' || d.typname END = ?1");
    if (!q)
      return fail(q.error());
    q->bind_text(1, c.domain);
    auto s = q->step();
    if (!s)
      return fail(s.error());
    if (*s != sqlite_statement::step_result::row)
      continue;
    const auto domain_oid = static_cast<oid_t>(q->column_int(0));
    const auto array_oid = static_cast<oid_t>(q->column_int(1));
    if (q->column_int(2) == 0)
      c.type.domain_array =
          std::make_shared<const domain_array_type>(domain_array_type{array_oid, domain_oid, c.domain});
    else if (c.type.oid == array_oid) {
      column_type element =
          builtin_column_type(static_cast<oid_t>(q->column_int(3)), static_cast<int32_t>(q->column_int(4)));
      if (!q->column_is_null(5))  // ill[] (ill AS il[]): each element an il[] value
        element = domain_over_array_column_type(
            element.oid, static_cast<oid_t>(q->column_int(5)), q->column_text(8),
            builtin_column_type(static_cast<oid_t>(q->column_int(6)), static_cast<int32_t>(q->column_int(7))));
      c.type = domain_over_array_column_type(array_oid, domain_oid, c.domain, element);
    }
    else if (!q->column_is_null(5) && c.type.oid == static_cast<oid_t>(q->column_int(3)))  // a column of ill
      c.type = domain_over_array_column_type(
          c.type.oid, static_cast<oid_t>(q->column_int(5)), q->column_text(8),
          builtin_column_type(static_cast<oid_t>(q->column_int(6)), static_cast<int32_t>(q->column_int(7))));
  }
  // A column of a composite type (its own or a table's row type) or of an array of
  // one: the type's fields, for the record codec (stages/types/verbatim/type_record.cpp:
  // printing under the session's settings, binary = true, binary results), each
  // field of a user's type with that type (nested composite types, their arrays, enums).
  for (auto& c : columns) {
    if (c.type.known() || c.type.name.empty() || !c.domain.empty())
      continue;
    std::string written = c.type.name;  // an array of one is recorded by the type's name too
    if (c.dimensions > 0 && written.ends_with("[]"))
      written.resize(written.size() - 2);
    auto composite = composite_type(db, written, depth);
    if (!composite)
      return fail(composite.error());
    if (!*composite || (*composite)->record_fields->empty())
      continue;
    if (c.dimensions > 0)
      c.type.record_element = std::move(*composite);
    else
      c.type.record_fields = (*composite)->record_fields;
  }
  // A user's enum or an array of one: the enum's labels as they are in this
  // transaction.
  for (auto& c : columns) {
    if (!c.type.known() || find_builtin_type(c.type.oid))
      continue;
    auto labels = read_enum_definition(db, c.type.oid);
    if (!labels)
      return fail(labels.error());
    c.type.enum_labels = std::move(*labels);
  }
  return columns;
}

}  // namespace

result<std::vector<column_definition>, sqlite_error> read_recorded_table_columns(
    sqlite_connection& db, const std::string& table, relation_schema schema) {
  return read_recorded(db, table, schema, 0);
}

result<std::vector<column_definition>, sqlite_error> read_table_columns(sqlite_connection& db,
                                                                     const std::string& table,
                                                                     relation_schema schema) {
  auto where = resolved(db, table, schema);
  if (!where)
    return fail(where.error());
  auto recorded = read_recorded_table_columns(db, table, *where);
  if (!recorded || !recorded->empty())
    return recorded;
  return read_declared(db, table, *where);
}

result<ok_t, sqlite_error> record_table_columns(sqlite_connection& db, const std::string& table,
                                                const std::vector<column_definition>& columns,
                                                relation_schema schema) {
  auto where = resolved(db, table, schema);
  if (!where)
    return fail(where.error());
  if (auto r = forget_table_columns(db, table, *where); !r)
    return r;
  auto insert = db.prepare(
      "INSERT INTO " + columns_table(*where) + " (relname, attnum, attname, atttypid, atttypmod, attndims, "
      "typname, attnotnull, attdefault, attidentity, attdomain) "
      "VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11)");
  if (!insert)
    return fail(insert.error());
  for (size_t i = 0; i < columns.size(); ++i) {
    const column_definition& c = columns[i];
    insert->bind_text(1, table);
    insert->bind_int(2, static_cast<int64_t>(i + 1));
    insert->bind_text(3, c.name);
    insert->bind_int(4, c.type.oid);
    insert->bind_int(5, c.type.typmod);
    insert->bind_int(6, c.dimensions);
    insert->bind_text(7, format_type(c.type));
    insert->bind_int(8, c.not_null ? 1 : 0);
    if (c.default_expression)
      insert->bind_text(9, *c.default_expression);
    else
      insert->bind_null(9);
    insert->bind_text(10, c.identity);
    insert->bind_text(11, c.domain);
    if (auto r = insert->run(); !r)
      return r;
    insert->reset();
  }
  return ok_v;
}

result<ok_t, sqlite_error> forget_table_columns(sqlite_connection& db, const std::string& table,
                                               relation_schema schema) {
  auto where = resolved(db, table, schema);
  if (!where)
    return fail(where.error());
  auto remove = db.prepare("DELETE FROM " + columns_table(*where) + " WHERE relname = ?1");
  if (!remove)
    return fail(remove.error());
  remove->bind_text(1, table);
  return remove->run();
}


}  // namespace tributary
