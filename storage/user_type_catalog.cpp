// user_type_catalog: see the header.
#include "storage/user_type_catalog.hpp"

#include "stages/types/type_names.hpp"
#include "storage/table_rebuild.hpp"

namespace tributary {
namespace {

constexpr oid_t first_user_oid = 16384;

bool catalog_missing(const sqlite_error& e) {
  return e.message.find("no such table") != std::string::npos;
}

double real_column(const sqlite_statement& q, int i) {
  const sql_value v = q.column(i);
  if (const auto* d = std::get_if<double>(&v))
    return *d;
  if (const auto* n = std::get_if<int64_t>(&v))
    return static_cast<double>(*n);
  return 0;
}

result<std::vector<enum_label>, sqlite_error> read_labels(sqlite_connection& db, oid_t oid) {
  auto q = db.prepare(
      "SELECT enumlabel, enumsortorder FROM tributary_enum_labels WHERE enumtypid = ?1 "
      "ORDER BY enumsortorder");
  if (!q)
    return fail(q.error());
  q->bind_int(1, oid);
  std::vector<enum_label> labels;
  for (;;) {
    auto s = q->step();
    if (!s)
      return fail(s.error());
    if (*s == sqlite_statement::step_result::done)
      break;
    labels.push_back({q->column_text(0), real_column(*q, 1)});
  }
  return labels;
}

// A domain's CHECK constraints, by name.
result<std::vector<domain_check>, sqlite_error> read_domain_checks(sqlite_connection& db, oid_t oid) {
  auto q = db.prepare(
      "SELECT conname, conbin, consrc, convalidated FROM tributary_domain_constraints "
      "WHERE contypid = ?1 ORDER BY conname");
  if (!q) {
    if (catalog_missing(q.error()))
      return std::vector<domain_check>{};
    return fail(q.error());
  }
  q->bind_int(1, oid);
  std::vector<domain_check> checks;
  for (;;) {
    auto s = q->step();
    if (!s)
      return fail(s.error());
    if (*s == sqlite_statement::step_result::done)
      break;
    checks.push_back({q->column_text(0), q->column_text(1), q->column_text(2), q->column_int(3) != 0});
  }
  return checks;
}

}  // namespace

result<user_type_set, sqlite_error> read_user_types(sqlite_connection& db) {
  auto q = db.prepare(
      "SELECT oid, nspname, typname, typtype, typbasetype, typtypmod, typndims, basetypname, "
      "typnotnull, typdefault, typdefaultbin, typarray FROM tributary_types ORDER BY oid");
  if (!q) {
    if (catalog_missing(q.error()))
      return user_type_set{};
    return fail(q.error());
  }
  user_type_set set;
  for (;;) {
    auto s = q->step();
    if (!s)
      return fail(s.error());
    if (*s == sqlite_statement::step_result::done)
      break;
    user_type t;
    t.oid = static_cast<oid_t>(q->column_int(0));
    t.schema = q->column_text(1);
    t.name = q->column_text(2);
    const std::string kind = q->column_text(3);
    t.kind = kind == "d" ? 'd' : kind == "c" ? 'c' : 'e';
    t.base = column_type{static_cast<oid_t>(q->column_int(4)),
                         static_cast<int32_t>(q->column_int(5)), {}, nullptr};
    t.base_dimensions = static_cast<int>(q->column_int(6));
    if (!t.base.known() || t.base.oid >= first_user_oid)
      t.base.name = q->column_text(7);
    t.not_null = q->column_int(8) != 0;
    t.array_oid = static_cast<oid_t>(q->column_int(11));
    if (!q->column_is_null(10)) {
      t.default_postgres = q->column_text(9);
      t.default_sqlite = q->column_text(10);
    }
    set.types.push_back(std::move(t));
  }
  for (auto& t : set.types) {
    if (t.kind == 'd') {
      auto checks = read_domain_checks(db, t.oid);
      if (!checks)
        return fail(checks.error());
      t.checks = std::move(*checks);
    }
    const oid_t enum_oid = t.kind == 'e' ? t.oid : t.base.oid;
    if (enum_oid < first_user_oid)
      continue;
    auto labels = read_enum_definition(db, enum_oid);
    if (!labels)
      return fail(labels.error());
    if (t.kind == 'e')
      t.labels = *labels;
    else
      t.base.enum_labels = *labels;
  }
  // A domain over an array of a domain over an array (ill AS il[]): its base is il[]'s
  // column type (domain_over_array.hpp), recorded by _il's OID.
  for (auto& t : set.types)
    if (t.kind == 'd' && t.base.oid >= first_user_oid)
      for (const auto& u : set.types)
        if (u.kind == 'd' && u.array_oid == t.base.oid && u.base_dimensions > 0)
          if (auto nested = u.domain_array_column_type())
            t.base = *nested;
  return set;
}

result<std::shared_ptr<const enum_definition>, sqlite_error> read_enum_definition(
    sqlite_connection& db, oid_t oid) {
  auto q = db.prepare(
      "SELECT oid, nspname, typname, typarray FROM tributary_types WHERE (oid = ?1 OR typarray = ?1) "
      "AND typtype = 'e'");
  if (!q) {
    if (catalog_missing(q.error()))
      return std::shared_ptr<const enum_definition>{};
    return fail(q.error());
  }
  q->bind_int(1, oid);
  auto s = q->step();
  if (!s)
    return fail(s.error());
  if (*s == sqlite_statement::step_result::done)
    return std::shared_ptr<const enum_definition>{};
  auto definition = std::make_shared<enum_definition>();
  definition->oid = static_cast<oid_t>(q->column_int(0));
  const std::string schema = q->column_text(1);
  definition->name = schema == "public" ? q->column_text(2) : schema + "." + q->column_text(2);
  definition->array_oid = static_cast<oid_t>(q->column_int(3));
  auto labels = read_labels(db, definition->oid);
  if (!labels)
    return fail(labels.error());
  definition->labels = std::move(*labels);
  return std::shared_ptr<const enum_definition>{std::move(definition)};
}

result<oid_t, sqlite_error> record_user_type(sqlite_connection& db, const user_type& type,
                                            const std::vector<enum_label>& labels) {
  auto insert = db.prepare(
      "INSERT INTO tributary_types (oid, nspname, typname, typtype, typbasetype, typtypmod, "
      "typndims, basetypname, typnotnull, typdefault, typdefaultbin) VALUES ("
      "max(?1, coalesce((SELECT seq + ?12 FROM sqlite_sequence WHERE name = 'tributary_types'), 0)),"
      "?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11) RETURNING oid");
  if (!insert)
    return fail(insert.error());
  // A type's array type takes the OID before it (PostgreSQL's AssignTypeArrayOid
  // runs first): that OID is skipped, never given to another type.
  insert->bind_int(1, first_user_oid + 1);
  insert->bind_int(12, 2);
  insert->bind_text(2, type.schema);
  insert->bind_text(3, type.name);
  insert->bind_text(4, std::string(1, type.kind));
  insert->bind_int(5, type.kind == 'd' ? type.base.oid : 0);
  insert->bind_int(6, type.kind == 'd' ? type.base.typmod : -1);
  insert->bind_int(7, type.base_dimensions);
  insert->bind_text(8, type.kind == 'd' ? format_type(type.base) : std::string());
  insert->bind_int(9, type.not_null ? 1 : 0);
  if (type.default_sqlite) {
    insert->bind_text(10, type.default_postgres.value_or(""));
    insert->bind_text(11, *type.default_sqlite);
  } else {
    insert->bind_null(10);
    insert->bind_null(11);
  }
  auto s = insert->step();
  if (!s)
    return fail(s.error());
  const oid_t oid = static_cast<oid_t>(insert->column_int(0));
  insert->reset();
  auto array = db.prepare("UPDATE tributary_types SET typarray = ?2 WHERE oid = ?1");
  if (!array)
    return fail(array.error());
  array->bind_int(1, oid);
  array->bind_int(2, oid - 1);
  if (auto r = array->run(); !r)
    return fail(r.error());
  for (const auto& label : labels)
    if (auto r = record_enum_label(db, oid, label); !r)
      return fail(r.error());
  for (const auto& check : type.checks)
    if (auto r = record_domain_check(db, oid, check); !r)
      return fail(r.error());
  return oid;
}

result<ok_t, sqlite_error> record_domain_check(sqlite_connection& db, oid_t domain_oid,
                                               const domain_check& check) {
  auto q = db.prepare(
      "INSERT OR REPLACE INTO tributary_domain_constraints (contypid, conname, conbin, consrc, "
      "convalidated) VALUES (?1, ?2, ?3, ?4, ?5)");
  if (!q)
    return fail(q.error());
  q->bind_int(1, domain_oid);
  q->bind_text(2, check.name);
  q->bind_text(3, check.expression_tree);
  q->bind_text(4, check.source);
  q->bind_int(5, check.validated ? 1 : 0);
  return q->run();
}

result<ok_t, sqlite_error> update_domain_rules(sqlite_connection& db, const user_type& domain) {
  auto q = db.prepare(
      "UPDATE tributary_types SET typnotnull = ?2, typdefault = ?3, typdefaultbin = ?4 WHERE oid = ?1");
  if (!q)
    return fail(q.error());
  q->bind_int(1, domain.oid);
  q->bind_int(2, domain.not_null ? 1 : 0);
  if (domain.default_sqlite) {
    q->bind_text(3, domain.default_postgres.value_or(""));
    q->bind_text(4, *domain.default_sqlite);
  } else {
    q->bind_null(3);
    q->bind_null(4);
  }
  return q->run();
}

result<ok_t, sqlite_error> forget_domain_check(sqlite_connection& db, oid_t domain_oid,
                                               const std::string& name) {
  auto q = db.prepare("DELETE FROM tributary_domain_constraints WHERE contypid = ?1 AND conname = ?2");
  if (!q)
    return fail(q.error());
  q->bind_int(1, domain_oid);
  q->bind_text(2, name);
  return q->run();
}

namespace {

// The next OID of the types' counter (the one CREATE TYPE and CREATE DOMAIN take
// theirs from).
result<oid_t, sqlite_error> next_type_oid(sqlite_connection& db) {
  auto q = db.prepare("UPDATE sqlite_sequence SET seq = seq + 1 WHERE name = 'tributary_types' RETURNING seq");
  if (!q)
    return fail(q.error());
  auto s = q->step();
  if (!s)
    return fail(s.error());
  if (*s != sqlite_statement::step_result::row)
    return fail(sqlite_error{0, "the types' OID counter is missing"});
  const oid_t oid = static_cast<oid_t>(q->column_int(0));
  q->reset();
  return oid;
}

// A new label's OID: drawn from the types' counter as pg_enum.c draws it.
result<oid_t, sqlite_error> new_label_oid(sqlite_connection& db, oid_t type_oid, double sort_order) {
  auto q = db.prepare("SELECT oid, enumsortorder FROM tributary_enum_labels WHERE enumtypid = ?1 AND oid IS NOT NULL");
  if (!q)
    return fail(q.error());
  q->bind_int(1, type_oid);
  std::vector<numbered_label> existing;
  for (;;) {
    auto s = q->step();
    if (!s)
      return fail(s.error());
    if (*s == sqlite_statement::step_result::done)
      break;
    existing.push_back({static_cast<oid_t>(q->column_int(0)), real_column(*q, 1)});
  }
  for (;;) {
    auto candidate = next_type_oid(db);
    if (!candidate || takes_label_oid(*candidate, sort_order, existing))
      return candidate;
  }
}

}  // namespace

result<ok_t, sqlite_error> record_enum_label(sqlite_connection& db, oid_t type_oid,
                                             const enum_label& label) {
  auto update = db.prepare(
      "UPDATE tributary_enum_labels SET enumsortorder = ?2 WHERE enumtypid = ?1 AND enumlabel = ?3");
  if (!update)
    return fail(update.error());
  update->bind_int(1, type_oid);
  update->bind(2, sql_value{label.sort_order});
  update->bind_text(3, label.label);
  if (auto r = update->run(); !r)
    return r;
  if (db.changes() > 0)
    return ok_v;
  auto oid = new_label_oid(db, type_oid, label.sort_order);
  if (!oid)
    return fail(oid.error());
  auto q = db.prepare(
      "INSERT INTO tributary_enum_labels (enumtypid, enumsortorder, enumlabel, oid) VALUES (?1, ?2, ?3, ?4)");
  if (!q)
    return fail(q.error());
  q->bind_int(1, type_oid);
  q->bind(2, sql_value{label.sort_order});
  q->bind_text(3, label.label);
  q->bind_int(4, *oid);
  return q->run();
}

result<ok_t, sqlite_error> rename_enum_label(sqlite_connection& db, oid_t type_oid,
                                             const std::string& from, const std::string& to) {
  auto q = db.prepare(
      "UPDATE tributary_enum_labels SET enumlabel = ?3 WHERE enumtypid = ?1 AND enumlabel = ?2");
  if (!q)
    return fail(q.error());
  q->bind_int(1, type_oid);
  q->bind_text(2, from);
  q->bind_text(3, to);
  return q->run();
}

result<ok_t, sqlite_error> forget_user_type(sqlite_connection& db, oid_t oid) {
  for (const char* sql : {"DELETE FROM tributary_enum_labels WHERE enumtypid = ?1",
                          "DELETE FROM tributary_domain_constraints WHERE contypid = ?1",
                          "DELETE FROM tributary_types WHERE oid = ?1"}) {
    auto q = db.prepare(sql);
    if (!q)
      return fail(q.error());
    q->bind_int(1, oid);
    if (auto r = q->run(); !r)
      return r;
  }
  return ok_v;
}

result<std::vector<type_dependent>, sqlite_error> type_dependents(sqlite_connection& db,
                                                                 const user_type& type, bool drop_order) {
  // An enum's columns, and its array columns (by the array type's OID; before
  // that OID, kept as text under the enum's name). In the order PostgreSQL lists
  // them in DROP's DETAIL (drop_order; dependency.c: the dependents by OID, newest
  // first, each column of a table by number, and the list read back to front): the
  // oldest table first, its columns last to first. A table's age is its place in
  // creation order (relation_order_sql: kept when ALTER TABLE rebuilds it). Else
  // table by table, as ALTER DOMAIN meets them.
  const std::string order = drop_order ? " ORDER BY " + relation_order_sql("tributary_columns.relname") + ", attnum DESC"
                                       : " ORDER BY relname, attnum";
  // A composite type's columns are kept under its name (typname, attndims: its arrays);
  // its own attributes are not its dependents.
  auto q = db.prepare(
      type.kind == 'c'
          ? "SELECT relname, attname, attndims > 0 FROM tributary_columns WHERE attdomain = '' AND atttypid = 0 "
            "AND typname = ?2 AND relname <> ?2 AND ?1 = ?1 AND ?3 = ?3" + order
      : type.kind == 'e'
          ? "SELECT relname, attname, atttypid <> ?1 FROM tributary_columns WHERE attdomain = '' "
            "AND (atttypid IN (?1, ?3) OR (atttypid = 0 AND typname = ?2))" + order
          : "SELECT relname, attname, attndims > ?4 OR atttypid = ?3 FROM tributary_columns "
            "WHERE attdomain = ?2 AND ?1 = ?1" + order);  // il[]: recorded as _il
  if (!q)
    return fail(q.error());
  q->bind_int(1, type.oid);
  q->bind_text(2, type.display_name());
  q->bind_int(3, type.array_oid);
  if (type.kind == 'd')
    q->bind_int(4, type.base_dimensions);
  std::vector<type_dependent> out;
  for (;;) {
    auto s = q->step();
    if (!s)
      return fail(s.error());
    if (*s == sqlite_statement::step_result::done)
      break;
    out.push_back({q->column_text(0), q->column_text(1), q->column_int(2) != 0});
  }
  return out;
}

}  // namespace tributary
