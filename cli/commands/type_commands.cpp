// type_commands: see the header.
#include "cli/commands/type_commands.hpp"

#include "cli/commands/composite_type_alter.hpp"

#include <algorithm>
#include <map>

#include "stages/core/local_relation_name.hpp"
#include "stages/core/sql_quote.hpp"
#include "stages/sql/composite_type_ddl.hpp"
#include "stages/sql/type_ddl.hpp"
#include "stages/types/verbatim/array_text.hpp"
#include "storage/column_type_catalog.hpp"
#include "storage/enum_collations.hpp"
#include "storage/row_type_collations.hpp"
#include "storage/namespace_catalog.hpp"
#include "storage/user_type_catalog.hpp"
#include "storage/text_query.hpp"

namespace tributary {
namespace {

pg_error storage_error(const sqlite_error& e) { return make_pg_error("XX000", e.message); }

void notice(command_context& context, std::string sqlstate, std::string message,
            std::string detail = {}) {
  pg_error n = make_pg_error(std::move(sqlstate), std::move(message));
  n.severity = "NOTICE";
  n.detail = std::move(detail);
  context.emit_notice(std::move(n));
}

std::string join_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& line : lines)
    out += (out.empty() ? "" : "\n") + line;
  return out;
}

result<user_type_set, pg_error> user_types_of(command_context& context) {
  auto types = read_user_types(context.database());
  if (!types)
    return fail(storage_error(types.error()));
  return std::move(*types);
}

result<bool, pg_error> relation_exists(sqlite_connection& db, const std::string& table) {
  auto exists =
      query_has_row(db, "SELECT 1 FROM sqlite_schema WHERE type IN ('table', 'view') AND name = ?1", table);
  if (!exists)
    return fail(storage_error(exists.error()));
  return *exists;
}

// The checks every CREATE TYPE / CREATE DOMAIN makes on its name.
result<ok_t, pg_error> check_new_type_name(const qualified_type_name& name,
                                           const user_type_set& existing,
                                           command_context& context) {
  if (name.schema == "pg_catalog" || name.schema == "information_schema")
    return fail(make_pg_error("42501", "permission denied to create \"" + name.display() + "\"",
                              "System catalog modifications are currently disallowed."));
  if (!name.schema.empty()) {
    auto owner = find_schema(context.database(), name.schema);
    if (!owner)
      return fail(storage_error(owner.error()));
    if (!*owner)
      return fail(make_pg_error("3F000", "schema \"" + name.schema + "\" does not exist"));
  }
  // A table's row type has the table's name, so a table takes the name too.
  auto table = relation_exists(context.database(), local_relation_name(name.schema, name.name));
  if (!table)
    return fail(table.error());
  if (existing.find(name.schema, name.name) || *table)
    return fail(make_pg_error("42710", "type \"" + name.name + "\" already exists"));
  return ok_v;
}

// A new type of `kind` as the statement names it (in public when unqualified).
user_type new_user_type(char kind, const qualified_type_name& name) {
  user_type type;
  type.kind = kind;
  type.schema = name.schema.empty() ? "public" : name.schema;
  type.name = name.name;
  return type;
}

result<command_outcome, pg_error> create_enum(const nlohmann::json& stmt,
                                              command_context& context) {
  auto request = read_create_enum(stmt);
  if (!request)
    return fail(request.error());
  auto existing = user_types_of(context);
  if (!existing)
    return fail(existing.error());
  if (auto r = check_new_type_name(request->name, *existing, context); !r)
    return fail(r.error());
  const user_type type = new_user_type('e', request->name);
  sqlite_connection& db = context.database();
  auto oid = record_user_type(db, type);
  if (!oid)
    return fail(storage_error(oid.error()));
  // Labels are checked once the type has its OID: PostgreSQL's duplicate-label
  // error names it.
  auto labels = new_enum_labels(request->labels, *oid);
  if (!labels)
    return fail(labels.error());
  for (const auto& label : *labels)
    if (auto r = record_enum_label(db, *oid, label); !r)
      return fail(storage_error(r.error()));
  publish_enum_labels(db, *oid, *labels);
  return command_outcome::tag_only("CREATE TYPE");
}

result<command_outcome, pg_error> create_domain(const nlohmann::json& stmt,
                                                std::string_view source,
                                                command_context& context,
                                                const type_settings& settings) {
  auto existing = user_types_of(context);
  if (!existing)
    return fail(existing.error());
  auto request = read_create_domain(stmt, source, settings, *existing);
  if (!request)
    return fail(request.error());
  if (auto r = check_new_type_name(request->name, *existing, context); !r)
    return fail(r.error());
  if (auto oid = record_user_type(context.database(), request->definition); !oid)
    return fail(storage_error(oid.error()));
  return command_outcome::tag_only("CREATE DOMAIN");
}

// CREATE TYPE name AS (...): the type (kind 'c') and its attributes, kept as a table's
// columns under the type's local name (the row-type machinery reads them as a table's:
// its OIDs are stages/core/row_type_oid.hpp's).
result<command_outcome, pg_error> create_composite(const nlohmann::json& stmt, std::string_view source,
                                                   command_context& context, const type_settings& settings) {
  auto existing = user_types_of(context);
  if (!existing)
    return fail(existing.error());
  sqlite_connection& db = context.database();
  std::optional<pg_error> storage_failure;
  const auto names_a_row_type = [&](const std::string& local) {
    auto row_type = names_row_type(db, local);
    if (!row_type)
      storage_failure = storage_error(row_type.error());
    return row_type && *row_type;
  };
  auto request = read_create_composite(stmt, source, settings, *existing, names_a_row_type);
  if (storage_failure)
    return fail(*storage_failure);
  if (!request)
    return fail(request.error());
  if (auto r = check_new_type_name(request->name, *existing, context); !r)
    return fail(r.error());
  if (auto oid = record_user_type(db, new_user_type('c', request->name)); !oid)
    return fail(storage_error(oid.error()));
  const std::string local = local_relation_name(request->name.schema, request->name.name);
  if (auto r = record_table_columns(db, local, request->attributes); !r)
    return fail(storage_error(r.error()));
  publish_row_type(db.handle(), local);  // its columns' order (record_cmp) in every connection
  return command_outcome::tag_only("CREATE TYPE");
}

// Forgets `type`: its catalog rows, and a composite type's attributes.
result<ok_t, pg_error> forget_type(const user_type& type, command_context& context) {
  if (auto r = forget_user_type(context.database(), type.oid); !r)
    return fail(storage_error(r.error()));
  if (type.kind == 'c')
    if (auto r = forget_table_columns(context.database(), local_relation_name(type.schema == "public" ? "" : type.schema,
                                                                              type.name));
        !r)
      return fail(storage_error(r.error()));
  return ok_v;
}

// What depends on `type`, in PostgreSQL's order: arrays of it, domains over it
// (each followed by what depends on the domain), then its own columns.
struct dependency {
  enum class kind { column, domain } what;
  std::string table, column;  // a column
  const user_type* domain = nullptr;
  std::string on_type;        // the type it depends on, as PostgreSQL names it
  bool of_composite = false;  // an attribute of a composite type (table: its local name)
};

// Whether `local` is a composite type's local name (its attributes are kept as columns).
bool is_composite(const user_type_set& all, const std::string& local) {
  return std::any_of(all.types.begin(), all.types.end(), [&](const user_type& t) {
    return t.kind == 'c' && local_relation_name(t.schema == "public" ? "" : t.schema, t.name) == local;
  });
}

result<ok_t, pg_error> collect_dependents(const user_type& type, const user_type_set& all,
                                          command_context& context,
                                          std::vector<dependency>& out) {
  auto columns = type_dependents(context.database(), type, /*drop_order=*/true);
  if (!columns)
    return fail(storage_error(columns.error()));
  const std::string name = type.display_name();
  for (const auto& c : *columns)
    if (c.array)
      out.push_back({dependency::kind::column, c.table, c.column, nullptr, name + "[]", is_composite(all, c.table)});
  // The domains over it: over an enum (feeling AS mood), over an array of a domain
  // over an array (ill AS il[], which depends on il[]).
  for (const auto& d : all.types) {
    const bool over_enum = type.kind == 'e' && d.base.oid == type.oid;
    const bool over_array = type.kind == 'd' && d.base.oid == type.array_oid;
    if (d.kind != 'd' || (!over_enum && !over_array))
      continue;
    out.push_back({dependency::kind::domain, {}, {}, &d, over_array ? name + "[]" : name});
    if (auto r = collect_dependents(d, all, context, out); !r)
      return r;
  }
  for (const auto& c : *columns)
    if (!c.array)
      out.push_back({dependency::kind::column, c.table, c.column, nullptr, name, is_composite(all, c.table)});
  return ok_v;
}

// An array column of a renamed enum label: each stored array holding the old
// label, written again with the new one (the stored text compared by bytes).
result<ok_t, pg_error> rename_array_elements(sqlite_connection& db, const dependency& d,
                                             const std::string& from, const std::string& to) {
  const std::string column = quote_identifier(d.column);
  auto stored = query_texts(db, "SELECT DISTINCT " + column + " COLLATE BINARY FROM " +
                                    quote_identifier(d.table) + " WHERE " + column +
                                    " IS NOT NULL AND ?1 = ?1",
                            from);
  if (!stored)
    return fail(storage_error(stored.error()));
  for (const auto& text : *stored) {
    auto array = read_array_literal(text, ',');
    if (!array.ok() ||
        std::none_of(array->elements.begin(), array->elements.end(),
                     [&](const std::optional<std::string>& e) { return e && *e == from; }))
      continue;
    for (auto& e : array->elements)
      if (e && *e == from)
        *e = to;
    auto update = db.prepare("UPDATE " + quote_identifier(d.table) + " SET " + column +
                             " = ?1 WHERE " + column + " = ?2 COLLATE BINARY");
    if (!update)
      return fail(storage_error(update.error()));
    update->bind_text(1, write_array_literal(*array, ','));
    update->bind_text(2, text);
    if (auto r = update->run(); !r)
      return fail(storage_error(r.error()));
  }
  return ok_v;
}

std::string describe(const dependency& d) {
  return d.what == dependency::kind::domain ? "type " + d.domain->display_name()
                                            : "column " + d.column + (d.of_composite ? " of composite type " : " of table ") +
                                                  d.table;
}

// Drops one column of a table with recorded types, or one attribute of a composite
// type (CASCADE).
result<ok_t, pg_error> drop_column(const std::string& table, const std::string& column, bool of_composite,
                                   command_context& context) {
  sqlite_connection& db = context.database();
  auto columns = read_recorded_table_columns(db, table);
  if (!columns)
    return fail(storage_error(columns.error()));
  std::erase_if(*columns, [&](const column_definition& c) { return c.name == column; });
  if (of_composite) {  // its attributes anew (no SQLite table)
    if (auto r = record_table_columns(db, table, *columns); !r)
      return fail(storage_error(r.error()));
    publish_row_type(db.handle(), table);
    return ok_v;
  }
  if (auto r = db.exec("ALTER TABLE " + quote_identifier(table) + " DROP COLUMN " +
                       quote_identifier(column));
      !r)
    return fail(make_pg_error("0A000", "cannot drop column " + column + " of table " + table +
                                           " here: " + r.error().message));
  if (auto r = record_table_columns(db, table, *columns); !r)
    return fail(storage_error(r.error()));
  return ok_v;
}

result<ok_t, pg_error> drop_dependents_and_type(const user_type& type,
                                                const std::vector<dependency>& dependents,
                                                command_context& context) {
  for (const auto& d : dependents) {
    if (d.what == dependency::kind::column) {
      if (auto r = drop_column(d.table, d.column, d.of_composite, context); !r)
        return r;
    } else if (auto r = forget_user_type(context.database(), d.domain->oid); !r) {
      return fail(storage_error(r.error()));
    }
  }
  return forget_type(type, context);
}

}  // namespace

result<command_outcome, pg_error> create_type(const std::string& node_type,
                                              const nlohmann::json& stmt, std::string_view source,
                                              command_context& context,
                                              const type_settings& settings) {
  if (node_type == "CreateEnumStmt")
    return create_enum(stmt, context);
  if (node_type == "CreateDomainStmt")
    return create_domain(stmt, source, context, settings);
  if (node_type == "CompositeTypeStmt")
    return create_composite(stmt, source, context, settings);
  return fail(unsupported_type_definition(node_type));
}

result<command_outcome, pg_error> alter_enum_type(const nlohmann::json& stmt,
                                                  command_context& context) {
  auto request = read_alter_enum(stmt);
  if (!request)
    return fail(request.error());
  auto types = user_types_of(context);
  if (!types)
    return fail(types.error());
  const user_type* type = types->find(request->name.schema, request->name.name);
  if (!type)
    return fail(make_pg_error("42704", "type \"" + request->name.display() + "\" does not exist"));
  if (type->kind != 'e')
    return fail(make_pg_error("42809", type->display_name() + " is not an enum"));
  sqlite_connection& db = context.database();
  auto definition = read_enum_definition(db, type->oid);
  if (!definition)
    return fail(storage_error(definition.error()));
  if (!request->rename) {
    auto placement = place_new_label(**definition, request->add);
    if (!placement)
      return fail(placement.error());
    if (!*placement) {
      notice(context, "42710", "enum label \"" + request->add.label + "\" already exists, skipping");
      return command_outcome::tag_only("ALTER TYPE");
    }
    for (const auto& label : (*placement)->renumbered)
      if (auto r = record_enum_label(db, type->oid, label); !r)
        return fail(storage_error(r.error()));
    if (auto r = record_enum_label(db, type->oid, (*placement)->added); !r)
      return fail(storage_error(r.error()));
    for (const auto& label : (*placement)->renumbered)
      publish_enum_label(db, type->oid, label);
    publish_enum_label(db, type->oid, (*placement)->added);
    return command_outcome::tag_only("ALTER TYPE");
  }
  auto renamed = rename_label(**definition, request->old_label, request->add.label);
  if (!renamed)
    return fail(renamed.error());
  if (auto r = rename_enum_label(db, type->oid, request->old_label, renamed->label); !r)
    return fail(storage_error(r.error()));
  // PostgreSQL stores an enum value by its OID, so a rename changes every stored
  // value at once; here the stored values are the labels: rename them too.
  std::vector<dependency> dependents;
  if (auto r = collect_dependents(*type, *types, context, dependents); !r)
    return fail(r.error());
  for (const auto& d : dependents) {
    if (d.what != dependency::kind::column)
      continue;
    if (d.on_type.ends_with("[]")) {
      if (auto r = rename_array_elements(db, d, request->old_label, renamed->label); !r)
        return fail(r.error());
      continue;
    }
    auto update = db.prepare("UPDATE " + quote_identifier(d.table) + " SET " +
                             quote_identifier(d.column) + " = ?1 WHERE " +
                             quote_identifier(d.column) + " = ?2");
    if (!update)
      return fail(storage_error(update.error()));
    update->bind_text(1, renamed->label);
    update->bind_text(2, request->old_label);
    if (auto r = update->run(); !r)
      return fail(storage_error(r.error()));
  }
  publish_enum_label(db, type->oid, *renamed);
  return command_outcome::tag_only("ALTER TYPE");
}

result<command_outcome, pg_error> drop_types(const nlohmann::json& stmt,
                                             command_context& context) {
  auto request = read_drop_types(stmt);
  if (!request)
    return fail(request.error());
  const std::string tag = request->domain ? "DROP DOMAIN" : "DROP TYPE";
  for (const auto& name : request->names) {
    auto types = user_types_of(context);
    if (!types)
      return fail(types.error());
    const user_type* type = types->find(name.schema, name.name);
    if (!type) {
      const std::string message = "type \"" + name.display() + "\" does not exist";
      if (!request->if_exists)
        return fail(make_pg_error("42704", message));
      notice(context, "00000", message + ", skipping");
      continue;
    }
    if (request->domain && type->kind != 'd')
      return fail(make_pg_error("42809", "\"" + type->display_name() + "\" is not a domain"));
    std::vector<std::string> cascaded;
    if (request->cascade) {
      if (auto r = drop_type_cascading(*type, context, cascaded); !r)
        return fail(r.error());
      if (cascaded.size() == 1)
        notice(context, "00000", cascaded.front());
      else if (!cascaded.empty())
        notice(context, "00000",
               "drop cascades to " + std::to_string(cascaded.size()) + " other objects",
               join_lines(cascaded));
      continue;
    }
    std::vector<dependency> dependents;
    if (auto r = collect_dependents(*type, *types, context, dependents); !r)
      return fail(r.error());
    if (!dependents.empty()) {
      std::vector<std::string> lines;
      for (const auto& d : dependents)
        lines.push_back(describe(d) + " depends on type " + d.on_type);
      return fail(make_pg_error("2BP01",
                                "cannot drop type " + type->display_name() +
                                    " because other objects depend on it",
                                join_lines(lines),
                                "Use DROP ... CASCADE to drop the dependent objects too."));
    }
    if (auto r = forget_type(*type, context); !r)
      return fail(r.error());
  }
  return command_outcome::tag_only(tag);
}

result<std::vector<user_type>, pg_error> schema_types(const std::string& schema,
                                                      command_context& context) {
  auto types = user_types_of(context);
  if (!types)
    return fail(types.error());
  std::vector<user_type> out;
  for (const auto& t : types->types)
    if (t.schema == schema)
      out.push_back(t);
  return out;
}

result<ok_t, pg_error> drop_type_cascading(const user_type& type, command_context& context,
                                           std::vector<std::string>& cascaded) {
  auto types = user_types_of(context);
  if (!types)
    return fail(types.error());
  const user_type* current = types->find(type.oid);
  if (!current)  // already dropped with another type of the same statement
    return ok_v;
  std::vector<dependency> dependents;
  if (auto r = collect_dependents(*current, *types, context, dependents); !r)
    return r;
  for (const auto& d : dependents)
    cascaded.push_back("drop cascades to " + describe(d));
  return drop_dependents_and_type(*current, dependents, context);
}

}  // namespace tributary
