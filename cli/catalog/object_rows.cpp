// object_rows: see the header.
#include "cli/catalog/object_rows.hpp"

#include "cli/catalog/catalog_relation_oids.hpp"
#include "cli/catalog/pg_type_rows.hpp"
#include "stages/core/row_type_oid.hpp"
#include "cli/catalog/trigger_rows.hpp"

#include <sqlite3.h>

#include <algorithm>

#include "cli/catalog/builtin_catalog.hpp"
#include "cli/catalog/builtin_catalog_rows.hpp"
#include "cli/catalog/description_rows.hpp"
#include "cli/catalog/function_registration.hpp"
#include "cli/catalog/internal_types.hpp"
#include "cli/catalog/sql_function_arguments.hpp"
#include "stages/core/sql_quote.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/type_names.hpp"

namespace tributary {

namespace {

constexpr int64_t c_language_oid = 13;
constexpr int64_t bootstrap_superuser = 10;

const sql_value null_value = sql_null{};
sql_value boolean(bool b) { return int64_t{b ? 1 : 0}; }
sql_value character(char c) { return std::string(1, c); }

// plpgsql's functions, as PostgreSQL 15's pg_proc has them.
struct handler_function {
  int64_t oid;
  const char* name;
  int64_t argument;  // 0: none
  const char* argument_name;
  int64_t result;
  bool strict;
};
constexpr handler_function handlers[] = {
    {13560, "plpgsql_call_handler", 0, "", 2280, false},
    {13561, "plpgsql_inline_handler", 2281, "internal", 2278, true},
    {13562, "plpgsql_validator", 26, "oid", 2278, true},
};

const handler_function* handler(int64_t oid) {
  for (const auto& h : handlers)
    if (h.oid == oid)
      return &h;
  return nullptr;
}

bool visible(const catalog_reader& reader, const std::string& schema) {
  const auto path = reader.visible_schemas();
  return schema == "pg_catalog" || std::find(path.begin(), path.end(), schema) != path.end();
}

// A relation as PostgreSQL's messages name it: schema-qualified when its schema
// is not on the search path.
std::string relation_name(const catalog_reader& reader, const catalog_relation& r) {
  return visible(reader, r.schema) ? quote_identifier_if_needed(r.name)
                                   : quote_identifier_if_needed(r.schema) + "." + quote_identifier_if_needed(r.name);
}

std::string relation_kind(char kind) {
  return kind == 'v' ? "view" : kind == 'S' ? "sequence" : kind == 'm' ? "materialized view" : "table";
}

std::optional<std::string> describe_relation(const catalog_reader& reader, int64_t oid, int64_t subid) {
  const catalog_model model = reader.model();
  if (const catalog_relation* r = model.relation(oid)) {
    const std::string described = relation_kind(r->kind) + " " + relation_name(reader, *r);
    if (subid <= 0)
      return described;
    if (static_cast<size_t>(subid) > r->columns.size())
      return std::nullopt;
    return "column " + quote_identifier_if_needed(r->columns[static_cast<size_t>(subid - 1)].name) + " of " +
           described;
  }
  if (auto index = model.index(oid)) {
    const catalog_relation& table = *index->first;
    return "index " + (visible(reader, table.schema) ? quote_identifier_if_needed(index->second->name)
                                                    : quote_identifier_if_needed(table.schema) + "." +
                                                          quote_identifier_if_needed(index->second->name));
  }
  return std::nullopt;
}

std::optional<std::string> describe_type(const catalog_reader& reader, int64_t oid) {
  if (const type_descriptor* t = find_builtin_type(static_cast<oid_t>(oid)); t != nullptr && t->oid == oid)
    return "type " + format_type(builtin_column_type(static_cast<oid_t>(oid)));
  for (const auto& t : reader.model().types)
    if (t.oid == oid || (t.array != 0 && t.array == oid)) {
      const std::string schema = t.schema.empty() ? "public" : t.schema;
      const std::string name = (visible(reader, schema) ? "" : quote_identifier_if_needed(schema) + ".") +
                               quote_identifier_if_needed(t.name);
      return "type " + name + (t.oid == oid ? "" : "[]");
    }
  return std::nullopt;
}

// The text of a one-argument output function (pg_catalog_regprocedure_out, format_type) of `oid`.
std::optional<std::string> printed(sqlite3* db, const char* sql, int64_t oid) {
  sqlite3_stmt* q = nullptr;
  std::optional<std::string> out;
  if (sqlite3_prepare_v2(db, sql, -1, &q, nullptr) != SQLITE_OK)
    return out;
  sqlite3_bind_int64(q, 1, oid);
  if (sqlite3_step(q) == SQLITE_ROW && sqlite3_column_text(q, 0) != nullptr)
    out = reinterpret_cast<const char*>(sqlite3_column_text(q, 0));
  sqlite3_finalize(q);
  return out;
}

// A built-in operator as PostgreSQL's format_operator prints it: +(integer,integer),
// NONE for a prefix operator's left argument.
std::optional<std::string> describe_operator(sqlite3* db, int64_t oid) {
  const builtin_operator* o = find_builtin_operator(oid);
  if (o == nullptr)
    return std::nullopt;
  const auto type = [&](int64_t t) {
    return t == 0 ? std::string("NONE") : printed(db, "SELECT format_type(?1, NULL)", t).value_or("???");
  };
  return "operator " + std::string(o->name) + "(" + type(o->left) + "," + type(o->right) + ")";
}

std::optional<std::string> describe(sqlite3_context* context, int64_t classid, int64_t oid, int64_t subid) {
  const catalog_reader& reader = reader_of(context);
  switch (classid) {
    case pg_class_class:
      return describe_relation(reader, oid, subid);
    case pg_proc_class:
      if (const handler_function* h = handler(oid))
        return std::string("function ") + h->name + "(" + h->argument_name + ")";
      if (find_builtin_function(oid) != nullptr)
        if (auto text = printed(sqlite3_context_db_handle(context), "SELECT pg_catalog_regprocedure_out(?1)", oid))
          return "function " + *text;
      return describe_user_function(reader.model(), oid);
    case pg_trigger_class:
      return describe_trigger(reader.model(), oid);
    case pg_operator_class:
      return describe_operator(sqlite3_context_db_handle(context), oid);
    case pg_type_class:
      return describe_type(reader, oid);
    case pg_language_class:
      for (const auto& row : pg_language_rows())
        if (std::get<int64_t>(row[0]) == oid)
          return "language " + std::get<std::string>(row[1]);
      return std::nullopt;
    case pg_extension_class:
      if (oid == plpgsql_extension_oid)
        return std::string("extension plpgsql");
      return std::nullopt;
    case pg_namespace_class:
      for (const auto& n : reader.model().namespaces)
        if (n.oid == oid)
          return "schema " + quote_identifier_if_needed(n.name);
      return std::nullopt;
    default:
      report_error(context, "XX000", "unrecognized object class: " + std::to_string(classid));
      return std::nullopt;
  }
}

void describe_object_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (null_argument(argc, argv))
    return sqlite3_result_null(context);
  const int64_t classid = sqlite3_value_int64(argv[0]);
  auto text = describe(context, classid, sqlite3_value_int64(argv[1]), sqlite3_value_int64(argv[2]));
  if (text)
    return result_text(context, *text);
  if (classid == pg_class_class || classid == pg_proc_class || classid == pg_type_class ||
      classid == pg_language_class || classid == pg_extension_class || classid == pg_namespace_class ||
      classid == pg_trigger_class || classid == pg_operator_class)
    sqlite3_result_null(context);
}

void type_is_visible_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (null_argument(argc, argv))
    return sqlite3_result_null(context);
  const catalog_reader& reader = reader_of(context);
  const int64_t oid = sqlite3_value_int64(argv[0]);
  for (const auto& t : reader.model().types)
    if (t.oid == oid || t.array == oid)
      return sqlite3_result_int(context, visible(reader, t.schema.empty() ? "public" : t.schema) ? 1 : 0);
  for (const auto& r : reader.model().relations)  // a table's or composite type's row type
    if (has_row_type(r) && (table_row_type_oid(r.local_name) == oid || table_row_type_oid(r.local_name, true) == oid))
      return sqlite3_result_int(context, visible(reader, r.schema) ? 1 : 0);
  // A built-in type, its array or an internal type: pg_catalog's, always on the path.
  const type_descriptor* builtin = find_builtin_type(static_cast<oid_t>(oid));
  if (builtin != nullptr && (builtin->oid == oid || builtin->array == oid))
    return sqlite3_result_int(context, 1);
  for (const internal_type& t : internal_types())
    if (t.oid == oid)
      return sqlite3_result_int(context, 1);
  sqlite3_result_null(context);  // PostgreSQL: NULL for a type that does not exist
}

// btree's and hash's operator classes and families are pg_catalog's, visible; NULL for none.
void operator_class_is_visible_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (null_argument(argc, argv) || !is_builtin_operator_class(sqlite3_value_int64(argv[0])))
    return sqlite3_result_null(context);
  sqlite3_result_int(context, 1);
}

void operator_family_is_visible_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (null_argument(argc, argv) || !is_builtin_operator_family(sqlite3_value_int64(argv[0])))
    return sqlite3_result_null(context);
  sqlite3_result_int(context, 1);
}

// The built-in collations (default, C, POSIX: pg_catalog's) are visible; NULL for none.
void collation_is_visible_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (null_argument(argc, argv))
    return sqlite3_result_null(context);
  const int64_t oid = sqlite3_value_int64(argv[0]);
  if (oid == 100 || oid == 950 || oid == 951)
    return sqlite3_result_int(context, 1);
  sqlite3_result_null(context);
}

void function_is_visible_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (null_argument(argc, argv))
    return sqlite3_result_null(context);
  const int64_t oid = sqlite3_value_int64(argv[0]);
  if (handler(oid) != nullptr || find_builtin_function(oid) != nullptr)
    return sqlite3_result_int(context, 1);
  const catalog_reader& reader = reader_of(context);
  if (reader.model().function(oid) == nullptr)
    return sqlite3_result_null(context);
  sqlite3_result_int(context, visible(reader, "public") ? 1 : 0);
}

// pg_operator_is_visible: the built-in operators are in pg_catalog, always searched.
void operator_is_visible_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (null_argument(argc, argv) || find_builtin_operator(sqlite3_value_int64(argv[0])) == nullptr)
    return sqlite3_result_null(context);
  sqlite3_result_int(context, 1);
}

// pg_opclass_is_visible / pg_opfamily_is_visible / pg_conversion_is_visible /
// pg_ts_{parser,config,dict,template}_is_visible / pg_statistics_obj_is_visible:
// there are no operator classes or families, conversions (Tributary speaks UTF8
// only), text search parsers, configurations, dictionaries or templates (no text
// search) or extended statistics (their catalogs are empty), so
// NULL, PostgreSQL's for an OID that names none.
void no_such_object_function(sqlite3_context* context, int, sqlite3_value**) { sqlite3_result_null(context); }

// Tributary is never a standby: PostgreSQL's answer of a server not in recovery.
void wal_replay_paused_function(sqlite3_context* context, int, sqlite3_value**) {
  pg_error error = make_pg_error("55000", "recovery is not in progress");
  error.hint = "Recovery control functions can only be executed during recovery.";
  sqlite3_result_error(context, error.message.c_str(), -1);
  keep_sql_function_error(sqlite3_context_db_handle(context), std::move(error));
}

}  // namespace

std::vector<snapshot_row> pg_extension_rows() {
  return {{plpgsql_extension_oid, std::string("plpgsql"), bootstrap_superuser, int64_t{pg_catalog_namespace_oid},
           boolean(false), std::string("1.0"), null_value, null_value}};
}

std::vector<snapshot_row> pg_language_rows() {
  const auto language = [](int64_t oid, const char* name, bool pl, bool trusted, int64_t handler_oid,
                           int64_t inline_oid, int64_t validator) {
    return snapshot_row{oid, std::string(name), bootstrap_superuser, boolean(pl), boolean(trusted), handler_oid,
                        inline_oid, validator, null_value};
  };
  return {language(12, "internal", false, false, 0, 0, 2246), language(c_language_oid, "c", false, false, 0, 0, 2247),
          language(14, "sql", false, true, 0, 0, 2248),
          language(plpgsql_language_oid, "plpgsql", true, true, 13560, 13561, 13562)};
}

std::vector<snapshot_row> pg_proc_rows() {
  std::vector<snapshot_row> out;
  for (const auto& h : handlers)
    out.push_back({h.oid, std::string(h.name), int64_t{pg_catalog_namespace_oid}, bootstrap_superuser, c_language_oid,
                   1.0, 0.0, int64_t{0}, std::string("-"), character('f'), boolean(false), boolean(false),
                   boolean(h.strict), boolean(false), character('v'), character('u'), int64_t{h.argument ? 1 : 0},
                   int64_t{0}, h.result, h.argument ? std::to_string(h.argument) : std::string(), null_value,
                   null_value, null_value, null_value, null_value, std::string(h.name),
                   std::string("$libdir/plpgsql"), null_value, null_value, null_value});
  return out;
}

std::vector<snapshot_row> extension_member_rows() {
  std::vector<snapshot_row> out;
  for (const auto& h : handlers)
    out.push_back({pg_proc_class, h.oid, int64_t{0}, pg_extension_class, plpgsql_extension_oid, int64_t{0},
                   character('e')});
  out.push_back({pg_language_class, plpgsql_language_oid, int64_t{0}, pg_extension_class, plpgsql_extension_oid,
                 int64_t{0}, character('e')});
  return out;
}

result<ok_t, sqlite_error> install_object_functions(sqlite_connection& db, const catalog_reader_ptr& reader) {
  const sql_function_entry functions[] = {
      {"pg_describe_object", 3, describe_object_function},
      {"pg_type_is_visible", 1, type_is_visible_function},
      {"pg_function_is_visible", 1, function_is_visible_function},
      {"pg_opclass_is_visible", 1, operator_class_is_visible_function},
      {"pg_collation_is_visible", 1, collation_is_visible_function},
      {"pg_opfamily_is_visible", 1, operator_family_is_visible_function},
      {"pg_operator_is_visible", 1, operator_is_visible_function},
      {"pg_conversion_is_visible", 1, no_such_object_function},
      {"pg_ts_parser_is_visible", 1, no_such_object_function},
      {"pg_ts_config_is_visible", 1, no_such_object_function},
      {"pg_ts_dict_is_visible", 1, no_such_object_function},
      {"pg_ts_template_is_visible", 1, no_such_object_function},
      {"pg_statistics_obj_is_visible", 1, no_such_object_function},
      {"pg_is_wal_replay_paused", 0, wal_replay_paused_function},
  };
  return register_functions(db.handle(), const_cast<catalog_reader*>(reader.get()), functions);
}

}  // namespace tributary
