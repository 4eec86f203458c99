// regproc_functions: see the header.
#include "cli/catalog/regproc_functions.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <sstream>
#include <vector>

#include "cli/catalog/function_registration.hpp"
#include "cli/catalog/sql_function_arguments.hpp"
#include "stages/core/sql_quote.hpp"

namespace tributary {

namespace {

struct function_row {
  int64_t oid = 0;
  std::string name, schema, argument_types;  // argument_types: oidvector text "23 25"
};

// Runs `sql` (?1 a name or NULL when empty, ?2 an OID or NULL when 0) through the
// session's own connection; `make` builds a row from the statement's columns.
template <typename Row, typename Make>
std::vector<Row> catalog_rows(sqlite3* db, const char* sql, const std::string& name, int64_t oid, Make make) {
  std::vector<Row> out;
  sqlite3_stmt* q = nullptr;
  if (sqlite3_prepare_v2(db, sql, -1, &q, nullptr) != SQLITE_OK)
    return out;
  if (!name.empty())
    sqlite3_bind_text(q, 1, name.c_str(), static_cast<int>(name.size()), SQLITE_TRANSIENT);
  if (oid != 0)
    sqlite3_bind_int64(q, 2, oid);
  while (sqlite3_step(q) == SQLITE_ROW) {
    const auto text = [&](int i) {
      const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(q, i));
      return p ? std::string(p) : std::string();
    };
    const auto integer = [&](int i) { return static_cast<int64_t>(sqlite3_column_int64(q, i)); };
    out.push_back(make(text, integer));
  }
  sqlite3_finalize(q);
  return out;
}

// pg_proc's functions (of `name`, or all when empty; or the one of `oid`).
std::vector<function_row> functions_named(sqlite3* db, const std::string& name, int64_t oid = 0) {
  return catalog_rows<function_row>(
      db,
      "SELECT p.oid, p.proname, n.nspname, p.proargtypes FROM pg_proc p "
      "LEFT JOIN pg_namespace n ON n.oid = p.pronamespace WHERE (?1 IS NULL OR p.proname = ?1) "
      "AND (?2 IS NULL OR p.oid = ?2) ORDER BY p.oid",
      name, oid, [](const auto& text, const auto& integer) {
        return function_row{integer(0), text(1), text(2), text(3)};
      });
}

// A schema on the search path (public and pg_catalog): its functions print unqualified.
bool visible_schema(const std::string& schema) { return schema == "public" || schema == "pg_catalog"; }

// format_type(type, NULL), through the session's connection.
std::string formatted_type(sqlite3* db, int64_t type) {
  std::string label = std::to_string(type);
  sqlite3_stmt* q = nullptr;
  if (sqlite3_prepare_v2(db, "SELECT format_type(?1, NULL)", -1, &q, nullptr) == SQLITE_OK) {
    sqlite3_bind_int64(q, 1, type);
    if (sqlite3_step(q) == SQLITE_ROW && sqlite3_column_text(q, 0) != nullptr)
      label = reinterpret_cast<const char*>(sqlite3_column_text(q, 0));
    sqlite3_finalize(q);
  }
  return label;
}

// Whether the schema exists (an input naming one that does not is 3F000).
bool schema_exists(sqlite3* db, const std::string& schema) {
  sqlite3_stmt* q = nullptr;
  bool found = false;
  if (sqlite3_prepare_v2(db, "SELECT 1 FROM pg_namespace WHERE nspname = ?1", -1, &q, nullptr) == SQLITE_OK) {
    sqlite3_bind_text(q, 1, schema.c_str(), static_cast<int>(schema.size()), SQLITE_TRANSIENT);
    found = sqlite3_step(q) == SQLITE_ROW;
    sqlite3_finalize(q);
  }
  return found;
}

// pg_catalog_regproc_in(text [, position]): position, the literal's in the query (for the error).
void regproc_in_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  const int position = argc > 1 ? sqlite3_value_int(argv[1]) : 0;
  const std::string text = text_argument(argv[0]);
  if (!text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return sqlite3_result_int64(context, std::stoll(text));
  const auto [schema, name] = split_relation_name(text);
  std::vector<function_row> found;
  for (auto& f : functions_named(sqlite3_context_db_handle(context), name))
    if (schema.empty() ? visible_schema(f.schema) : f.schema == schema)
      found.push_back(std::move(f));
  if (found.empty())
    return report_error(context, "42883", "function \"" + text + "\" does not exist", position);
  if (found.size() > 1)
    return report_error(context, "42725", "more than one function named \"" + text + "\"", position);
  sqlite3_result_int64(context, found[0].oid);
}

void regproc_out_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (null_argument(argc, argv))
    return sqlite3_result_null(context);
  const int64_t oid = sqlite3_value_int64(argv[0]);
  if (oid == 0)
    return result_text(context, "-");
  sqlite3* db = sqlite3_context_db_handle(context);
  const auto self = functions_named(db, "", oid);
  if (self.empty())
    return result_text(context, std::to_string(oid));
  size_t visible = 0;
  for (const auto& f : functions_named(db, self[0].name))
    visible += visible_schema(f.schema) ? 1 : 0;
  const bool unique = visible == 1 && visible_schema(self[0].schema);
  result_text(context, unique ? quote_identifier_if_needed(self[0].name)
                              : quote_identifier_if_needed(self[0].schema) + "." +
                                    quote_identifier_if_needed(self[0].name));
}

// pg_catalog_regprocedure_in(text, schema, name, argtypes [, position])
void regprocedure_in_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (argc < 4 || sqlite3_value_type(argv[0]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  const std::string text = text_argument(argv[0]);
  const std::string schema = text_argument(argv[1]);
  const std::string types = text_argument(argv[3]);
  const int position = argc > 4 ? sqlite3_value_int(argv[4]) : 0;
  if (!schema.empty() && !schema_exists(sqlite3_context_db_handle(context), schema))
    return report_error(context, "3F000", "schema \"" + schema + "\" does not exist", position);
  for (const auto& f : functions_named(sqlite3_context_db_handle(context), text_argument(argv[2])))
    if ((schema.empty() ? visible_schema(f.schema) : f.schema == schema) && f.argument_types == types)
      return sqlite3_result_int64(context, f.oid);
  report_error(context, "42883", "function \"" + text + "\" does not exist", position);
}

void regprocedure_out_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (null_argument(argc, argv))
    return sqlite3_result_null(context);
  const int64_t oid = sqlite3_value_int64(argv[0]);
  if (oid == 0)
    return result_text(context, "-");
  sqlite3* db = sqlite3_context_db_handle(context);
  const auto self = functions_named(db, "", oid);
  if (self.empty())
    return result_text(context, std::to_string(oid));
  std::string out = visible_schema(self[0].schema)
                        ? quote_identifier_if_needed(self[0].name)
                        : quote_identifier_if_needed(self[0].schema) + "." + quote_identifier_if_needed(self[0].name);
  out += "(";
  std::istringstream types(self[0].argument_types);
  int64_t type = 0;
  for (bool first = true; types >> type; first = false) {
    out += (first ? "" : ",") + formatted_type(db, type);
  }
  result_text(context, out + ")");
}

struct operator_row {
  int64_t oid = 0, left = 0, right = 0;
  std::string name, schema;
};

// pg_operator's operators named `name` (or the one of `oid`).
std::vector<operator_row> operators_named(sqlite3* db, const std::string& name, int64_t oid = 0) {
  return catalog_rows<operator_row>(
      db,
      "SELECT o.oid, o.oprname, n.nspname, o.oprleft, o.oprright FROM pg_operator o "
      "LEFT JOIN pg_namespace n ON n.oid = o.oprnamespace WHERE (?1 IS NULL OR o.oprname = ?1) "
      "AND (?2 IS NULL OR o.oid = ?2) ORDER BY o.oid",
      name, oid, [](const auto& text, const auto& integer) {
        return operator_row{integer(0), integer(3), integer(4), text(1), text(2)};
      });
}

// The operators of `name` an input finds: those of `schema`, or on the search path.
std::vector<operator_row> operators_found(sqlite3_context* context, const std::string& schema,
                                          const std::string& name, int position, bool& failed) {
  sqlite3* db = sqlite3_context_db_handle(context);
  failed = !schema.empty() && !schema_exists(db, schema);
  if (failed) {
    report_error(context, "3F000", "schema \"" + schema + "\" does not exist", position);
    return {};
  }
  std::vector<operator_row> found;
  for (auto& o : operators_named(db, name))
    if (schema.empty() ? visible_schema(o.schema) : o.schema == schema)
      found.push_back(std::move(o));
  return found;
}

// pg_catalog_regoper_in(text, schema, name [, position])
void regoper_in_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (argc < 3 || sqlite3_value_type(argv[0]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  const std::string text = text_argument(argv[0]);
  const int position = argc > 3 ? sqlite3_value_int(argv[3]) : 0;
  bool failed = false;
  const auto found = operators_found(context, text_argument(argv[1]), text_argument(argv[2]), position, failed);
  if (failed)
    return;
  if (found.empty())
    return report_error(context, "42883", "operator does not exist: " + text, position);
  if (found.size() > 1)
    return report_error(context, "42725", "more than one operator named " + text, position);
  sqlite3_result_int64(context, found[0].oid);
}

// pg_catalog_regoperator_in(text, schema, name, left, right [, position]); 0: NONE
void regoperator_in_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (argc < 5 || sqlite3_value_type(argv[0]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  const std::string text = text_argument(argv[0]);
  const int position = argc > 5 ? sqlite3_value_int(argv[5]) : 0;
  const int64_t left = sqlite3_value_int64(argv[3]), right = sqlite3_value_int64(argv[4]);
  bool failed = false;
  for (const auto& o : operators_found(context, text_argument(argv[1]), text_argument(argv[2]), position, failed))
    if (o.left == left && o.right == right)
      return sqlite3_result_int64(context, o.oid);
  if (!failed)
    report_error(context, "42883", "operator does not exist: " + text, position);
}

// The operator of `oid` (one row), or none after printing the OID as its number (0,
// an OID that names no operator), as PostgreSQL's regoperout / regoperatorout do.
std::vector<operator_row> operator_of(sqlite3_context* context, sqlite3* db, int64_t oid) {
  auto self = oid == 0 ? std::vector<operator_row>() : operators_named(db, "", oid);
  if (self.empty())
    result_text(context, std::to_string(oid));
  return self;
}

// OID -> ||/ (schema-qualified when its name alone does not find it uniquely); 0 -> 0
void regoper_out_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (null_argument(argc, argv))
    return sqlite3_result_null(context);
  sqlite3* db = sqlite3_context_db_handle(context);
  const auto self = operator_of(context, db, sqlite3_value_int64(argv[0]));
  if (self.empty())
    return;  // printed as its number
  size_t visible = 0;
  for (const auto& o : operators_named(db, self[0].name))
    visible += visible_schema(o.schema) ? 1 : 0;
  const bool unique = visible == 1 && visible_schema(self[0].schema);
  result_text(context, unique ? self[0].name : quote_identifier_if_needed(self[0].schema) + "." + self[0].name);
}

// OID -> +(integer,integer), -(NONE,integer); 0 -> 0
void regoperator_out_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (null_argument(argc, argv))
    return sqlite3_result_null(context);
  sqlite3* db = sqlite3_context_db_handle(context);
  const auto self = operator_of(context, db, sqlite3_value_int64(argv[0]));
  if (self.empty())
    return;  // printed as its number
  const operator_row& o = self[0];
  const auto type = [&](int64_t t) { return t == 0 ? std::string("NONE") : formatted_type(db, t); };
  result_text(context, (visible_schema(o.schema) ? "" : quote_identifier_if_needed(o.schema) + ".") + o.name + "(" +
                           type(o.left) + "," + type(o.right) + ")");
}

}  // namespace

result<ok_t, sqlite_error> install_regproc_functions(sqlite_connection& db, const catalog_reader_ptr& reader) {
  void* data = const_cast<catalog_reader*>(reader.get());
  const sql_function_entry functions[] = {
      {"pg_catalog_regproc_in", 1, regproc_in_function},
      {"pg_catalog_regproc_in", 2, regproc_in_function},
      {"pg_catalog_regproc_out", 1, regproc_out_function},
      {"pg_catalog_regprocedure_in", 4, regprocedure_in_function},
      {"pg_catalog_regprocedure_in", 5, regprocedure_in_function},
      {"pg_catalog_regprocedure_out", 1, regprocedure_out_function},
      {"pg_catalog_regoper_in", 3, regoper_in_function},
      {"pg_catalog_regoper_in", 4, regoper_in_function},
      {"pg_catalog_regoper_out", 1, regoper_out_function},
      {"pg_catalog_regoperator_in", 5, regoperator_in_function},
      {"pg_catalog_regoperator_in", 6, regoperator_in_function},
      {"pg_catalog_regoperator_out", 1, regoperator_out_function},
  };
  return register_functions(db.handle(), data, functions);
}

}  // namespace tributary
