// create_table: see the header.
#include <cstdlib>
#include "stages/sql/create_table.hpp"

#include "stages/core/row_type_oid.hpp"

#include <algorithm>

#include "stages/core/local_relation_name.hpp"
#include "stages/core/sql_quote.hpp"
#include "stages/sql/alter_key.hpp"
#include "stages/sql/sequence_definition.hpp"
#include "stages/sql/check_constraints.hpp"
#include "stages/sql/domain_checks.hpp"
#include "stages/sql/translator/check_translation.hpp"
#include "stages/sql/constant_assignment.hpp"
#include "stages/sql/parse_tree.hpp"
#include "stages/types/operator_classes.hpp"
#include "stages/sql/sql_literal.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/type_names.hpp"
#include "stages/types/user/domain_over_array.hpp"
#include "stages/types/user/enum_type.hpp"
#include "stages/types/value_io.hpp"

namespace tributary {
namespace {

namespace pt = parse_tree;
using json = nlohmann::json;

pg_error not_supported(const std::string& what) {
  return make_pg_error("0A000", what + " is not supported yet");
}

// WITH (fillfactor = n): checked as PostgreSQL checks it (10 to 100) and without
// effect (SQLite fills its pages itself); pgbench -i creates its tables with it.
// Another storage parameter is not supported yet.
result<ok_t, pg_error> storage_option(const json& option, std::string_view source) {
  const std::string name = pt::text(option, "defname");
  if (name != "fillfactor" || !pt::text(option, "defnamespace").empty())
    return fail(not_supported("storage parameter \"" + name + "\" of CREATE TABLE"));
  // The value as written: a bare name means true; libpg_query leaves a
  // non-positive integer's value out, so it is read from the text after '='.
  std::string text = "true";
  if (option.contains("arg")) {
    const json& arg = option.at("arg");
    const std::string kind = pt::node_type(arg);
    const json& value = pt::fields(arg);
    if (kind == "Integer" && value.contains("ival")) {
      text = std::to_string(value.at("ival").get<long long>());
    } else if (kind == "Integer") {
      size_t at = source.find('=', static_cast<size_t>(pt::integer(option, "location")));
      at = at == std::string_view::npos ? source.size() : source.find_first_not_of(" \t\n", at + 1);
      const size_t end = at == std::string_view::npos ? source.size() : source.find_first_not_of("-0123456789", at);
      text = at == std::string_view::npos ? "0" : std::string(source.substr(at, end - at));
    } else {
      text = pt::text(value, kind == "Float" ? "fval" : "sval");
    }
  }
  char* end = nullptr;
  const long long n = std::strtoll(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0')
    return fail(make_pg_error("22023", "invalid value for integer option \"fillfactor\": " + text));
  if (n < 10 || n > 100) {
    pg_error e = make_pg_error("22023", "value " + text + " out of bounds for option \"fillfactor\"");
    e.detail = "Valid values are between \"10\" and \"100\".";
    return fail(e);
  }
  return ok_v;
}

bool is_integer_type(oid_t oid) { return oid == 20 || oid == 21 || oid == 23; }

// serial types: the integer type they stand for, or 0.
oid_t serial_base(const type_name_parts& parts) {
  if (parts.names.size() != 1 || parts.array_dimensions != 0)
    return 0;
  const std::string& n = parts.names[0];
  if (n == "serial" || n == "serial4") return 23;
  if (n == "bigserial" || n == "serial8") return 20;
  if (n == "smallserial" || n == "serial2") return 21;
  return 0;
}

}  // namespace

namespace {

// A column's type named as a user's enum or domain: the type, or nullptr.
// Unqualified names are the database's public types, unless a built-in type has
// the name (search_path pg_catalog, public); pg_catalog.x is never a user type.
// A composite type is not: its columns are kept under its name, as a table's row type's.
const user_type* named_user_type(const type_name_parts& parts, const user_type_set& user_types) {
  const user_type* found = nullptr;
  if (parts.names.size() == 1) {
    auto builtin = resolve_type_name(parts);
    if (builtin && builtin->known())
      return nullptr;
    found = user_types.find("", parts.names[0]);
  } else if (parts.names.size() == 2 && parts.names[0] != "pg_catalog") {
    found = user_types.find(parts.names[0], parts.names[1]);
  }
  return found != nullptr && found->kind == 'c' ? nullptr : found;
}

// The column type of a domain's base type with `extra_dimensions` more array bounds.
column_type domain_column_type(const user_type& domain, int extra_dimensions) {
  column_type type = domain.base;
  if (extra_dimensions > 0 && domain.base_dimensions == 0)
    if (const type_descriptor* d = find_builtin_type(type.oid); d && d->array != 0)
      type.oid = d->array;
  return type;
}

// A CHECK constraint as written; translated once every column is known.
struct pending_check {
  json expression;
  std::string name;  // "" = PostgreSQL chooses it
};

struct table_builder {
  std::string_view source;
  const type_settings& settings;
  const user_type_set& user_types;
  table_definition out;
  std::vector<std::string> column_sql;      // one per column, before table constraints
  std::vector<std::string> table_constraints;
  std::vector<std::string> primary_key;
  std::vector<bool> owns_sequence;          // per column: serial or identity
  std::vector<std::string> unique_columns;  // with a column UNIQUE constraint
  relation_name_taken taken;

  // PostgreSQL's ChooseRelationName: t_id_seq, else t_id_seq1, t_id_seq2, ...
  std::string sequence_name(const std::string& column) {
    const auto free = [&](const std::string& name) {
      if (taken && taken(name))
        return false;
      for (const auto& s : out.sequences)
        if (same_identifier(s.name, name))
          return false;
      return true;
    };
    std::string name = serial_sequence_name(out.table, column);
    for (int pass = 1; !free(name); ++pass) {
      name = serial_sequence_name(out.table, column);
      name += std::to_string(pass);
    }
    return name;
  }

  // The column's sequence, from the identity's options (or none: serial).
  result<ok_t, pg_error> add_sequence(column_definition& column, const json* options) {
    static const json no_options = json::array();
    auto read = read_sequence_options(options ? *options : no_options, source, nullptr, nullptr,
                                      /*for_identity=*/true, column.type.oid);
    if (!read)
      return fail(read.error());
    owned_sequence sequence;
    sequence.name = read->sequence_name.empty() ? sequence_name(column.name) : read->sequence_name;
    sequence.column = column.name;
    sequence.parameters = read->parameters;
    sequence.state = read->state;
    out.sequences.push_back(std::move(sequence));
    return ok_v;
  }
  std::vector<pending_check> checks;        // column and table CHECKs, in order written
  std::string primary_key_name;  // CONSTRAINT n PRIMARY KEY: kept as a table constraint
  std::vector<std::string> table_unique_columns;  // named by a table UNIQUE constraint
  bool references = false;  // a FOREIGN KEY was declared

  column_definition* find_column(const std::string& name) {
    for (auto& c : out.columns)
      if (c.name == name)
        return &c;
    return nullptr;
  }

  // A named constraint keeps its name in the SQLite text (CONSTRAINT "n"), where
  // the foreign key violation report finds it.
  result<ok_t, pg_error> foreign_key(const json& c, std::string& sql) {
    const json& pktable = c.value("pktable", json::object());
    const std::string target = local_relation_name(pt::text(pktable, "schemaname"), pt::text(pktable, "relname"));
    references = true;
    sql += " REFERENCES " + quote_identifier(target);
    const auto pk_attrs = pt::strings(pt::list(c, "pk_attrs"));
    if (!pk_attrs.empty()) {
      sql += " (";
      for (size_t i = 0; i < pk_attrs.size(); ++i)
        sql += (i ? ", " : "") + quote_identifier(pk_attrs[i]);
      sql += ")";
    }
    sql += referential_action(" ON UPDATE ", pt::text(c, "fk_upd_action"));
    sql += referential_action(" ON DELETE ", pt::text(c, "fk_del_action"));
    return ok_v;
  }

  result<ok_t, pg_error> column(const json& def) {
    column_definition column;
    column.name = pt::text(def, "colname");
    if (find_column(column.name))
      return fail(make_pg_error("42701", "column \"" + column.name + "\" specified more than once"));
    const json& type_node = def.value("typeName", json::object());
    const type_name_parts parts = pt::type_name(type_node, source);
    bool serial = false;
    const user_type* user = named_user_type(parts, user_types);
    std::string domain_constraint;
    bool element_domain = false;  // an array of a domain over a type that is not an array
    int dimensions = parts.array_dimensions;
    if (user && !parts.typmod_args.empty()) {
      return fail(make_pg_error("42601", "type modifier is not allowed for type \"" +
                                             user->display_name() + "\""));
    } else if (user && user->kind == 'e') {
      column.type = parts.array_dimensions == 0 ? user->enum_column_type()
                                                : user->enum_array_column_type();
    } else if (user && parts.array_dimensions > 0 && user->base_dimensions > 0) {
      // il[] with il a domain over int[]: PostgreSQL's values are arrays whose
      // elements are int[] arrays ({"{3,4}","{5}"}), not 2-D int[]
      // (domain_over_array.hpp); attndims counts il[]'s own dimensions.
      auto array_type = user->domain_array_column_type();
      if (!array_type)
        return fail(not_supported("an array of domain " + user->display_name() + ", a domain over an array,"));
      column.type = *array_type;
      column.domain = user->display_name();
      element_domain = true;
      dimensions = parts.array_dimensions;
    } else if (user) {
      // price[]: the domain's array type, each element tested by the domain.
      if (parts.array_dimensions > 0)
        element_domain = user->domain_array_column_type().has_value();
      column.type = element_domain ? *user->domain_array_column_type()
                                   : domain_column_type(*user, parts.array_dimensions);
      column.domain = user->display_name();
      if (user->not_null && !element_domain)
        domain_constraint = " CONSTRAINT " + quote_identifier("domain_not_null:" + column.domain) +
                            " CHECK (" + quote_identifier(column.name) + " IS NOT NULL)";
      dimensions = user->base_dimensions + parts.array_dimensions;
    } else if (const oid_t base = serial_base(parts)) {
      column.type = builtin_column_type(base);
      serial = true;
    } else {
      auto type = resolve_type_name(parts);
      if (!type)
        return fail(type.error());
      column.type = *type;
    }
    column.dimensions = dimensions;
    if (def.contains("collClause"))
      return fail(not_supported("COLLATE on a column"));
    std::string constraints;
    bool primary = false;
    bool identity = serial;
    for (const auto& node : pt::list(def, "constraints")) {
      const json& c = pt::fields(node);
      const std::string kind = pt::text(c, "contype");
      if (kind == "CONSTR_NOTNULL") {
        column.not_null = true;
      } else if (kind == "CONSTR_NULL") {
      } else if (kind == "CONSTR_PRIMARY") {
        primary = true;
        column.not_null = true;
        primary_key_name = pt::text(c, "conname");
      } else if (kind == "CONSTR_UNIQUE") {
        // A name given to the key is kept in a table constraint (the catalogs read it there).
        if (const std::string name = pt::text(c, "conname"); !name.empty())
          table_constraints.push_back("CONSTRAINT " + quote_identifier(name) + " UNIQUE (" +
                                      quote_identifier(column.name) + ")");
        else
          constraints += " UNIQUE";
        unique_columns.push_back(column.name);
      } else if (kind == "CONSTR_DEFAULT") {
        auto d = translate_default(c.value("raw_expr", json::object()), column, source, settings);
        if (!d)
          return fail(d.error());
        constraints += " DEFAULT " + d->sqlite;
        // PostgreSQL records no default for a bare NULL (a domain's column keeps it:
        // it overrides the domain's default).
        if (d->postgres != "NULL" || !column.domain.empty())
          column.default_expression = d->postgres;
      } else if (kind == "CONSTR_IDENTITY") {
        identity = true;
        column.not_null = true;
        column.identity = pt::integer(c, "generated_when") == 'a' ||
                                  pt::text(c, "generated_when") == "a"
                              ? "a" : "d";
      } else if (kind == "CONSTR_FOREIGN") {
        if (const std::string name = pt::text(c, "conname"); !name.empty())
          constraints += " CONSTRAINT " + quote_identifier(name);
        if (auto r = foreign_key(c, constraints); !r)
          return fail(r.error());
      } else if (kind == "CONSTR_CHECK") {
        checks.push_back({c.value("raw_expr", json::object()), pt::text(c, "conname")});
      } else if (kind == "CONSTR_GENERATED") {
        return fail(not_supported("generated column"));
      } else {
        return fail(not_supported("constraint " + kind));
      }
    }
    const json* identity_options = nullptr;
    for (const auto& node : pt::list(def, "constraints"))
      if (pt::text(pt::fields(node), "contype") == "CONSTR_IDENTITY")
        identity_options = &pt::list(pt::fields(node), "options");
    const std::string where = " for column \"" + column.name + "\" of table \"" + out.table + "\"";
    if (serial && column.default_expression)
      return fail(make_pg_error("42601", "multiple default values specified" + where));
    if (!serial && identity && column.default_expression)
      return fail(make_pg_error("42601", "both default and identity specified" + where));
    if (identity && !is_integer_type(column.type.oid))
      return fail(make_pg_error("22023", "identity column type must be smallint, integer, or bigint"));
    if (identity) {
      if (auto r = add_sequence(column, identity_options); !r)
        return fail(r.error());
      const std::string& name = out.sequences.back().name;
      // The quote of a name inside a SQL string literal.
      std::string quoted;
      for (char ch : name)
        quoted += ch == '\'' ? std::string("''") : std::string(1, ch);
      constraints += " DEFAULT (nextval('" + quoted + "'))";
      if (serial)
        column.default_expression = "nextval('" + quoted + "'::regclass)";
    }
    if (serial)
      column.not_null = true;
    if (user && user->kind == 'd' && element_domain) {
      // The array type has no default (the domain's is not used), and NULL arrays pass.
      auto clauses = domain_element_clauses(*user, column.name, settings);
      if (!clauses)
        return fail(clauses.error());
      constraints += *clauses;
    } else if (user && user->kind == 'd') {
      constraints += domain_constraint;
      if (!user->checks.empty() && parts.array_dimensions > 0)
        return fail(not_supported("an array of a domain over an array with CHECK constraints"));
      auto checks = domain_clauses(*user, column.name, settings);
      if (!checks)
        return fail(checks.error());
      constraints += *checks;
      if (!column.default_expression && user->default_sqlite)
        constraints += " DEFAULT " + *user->default_sqlite;
    }
    if (primary)
      primary_key.push_back(column.name);
    // INT, not INTEGER: a sequence's column must not become the rowid.
    column_sql.push_back(quote_identifier(column.name) + " " +
                         (identity ? std::string("INT") : sqlite_column_type(column.type)) + constraints);
    owns_sequence.push_back(identity);
    out.columns.push_back(std::move(column));
    return ok_v;
  }

  std::string key_list(const json& c) {
    const auto keys = pt::strings(pt::list(c, "keys"));
    std::string sql = "(";
    for (size_t i = 0; i < keys.size(); ++i)
      sql += (i ? ", " : "") + quote_identifier(keys[i]);
    return sql + ")";
  }

  result<ok_t, pg_error> table_constraint(const json& c) {
    const std::string kind = pt::text(c, "contype");
    if (kind == "CONSTR_PRIMARY") {
      if (!primary_key.empty())
        return fail(make_pg_error("42P16", "multiple primary keys for table \"" + out.table +
                                               "\" are not allowed"));
      for (const auto& key : pt::strings(pt::list(c, "keys"))) {
        column_definition* column = find_column(key);
        if (!column)
          return fail(make_pg_error("42703", "column \"" + key + "\" named in key does not exist"));
        column->not_null = true;
        primary_key.push_back(key);
      }
      primary_key_name = pt::text(c, "conname");
      return ok_v;
    }
    if (kind == "CONSTR_UNIQUE") {
      for (const auto& key : pt::strings(pt::list(c, "keys"))) {
        if (!find_column(key))
          return fail(make_pg_error("42703", "column \"" + key + "\" named in key does not exist"));
        table_unique_columns.push_back(key);
      }
      const std::string name = pt::text(c, "conname");
      table_constraints.push_back((name.empty() ? "" : "CONSTRAINT " + quote_identifier(name) + " ") + "UNIQUE " +
                                  key_list(c));
      return ok_v;
    }
    if (kind == "CONSTR_FOREIGN") {
      std::string sql;
      if (const std::string name = pt::text(c, "conname"); !name.empty())
        sql = "CONSTRAINT " + quote_identifier(name) + " ";
      sql += "FOREIGN KEY (";
      const auto fk = pt::strings(pt::list(c, "fk_attrs"));
      for (size_t i = 0; i < fk.size(); ++i)
        sql += (i ? ", " : "") + quote_identifier(fk[i]);
      sql += ")";
      if (auto r = foreign_key(c, sql); !r)
        return fail(r.error());
      table_constraints.push_back(sql);
      return ok_v;
    }
    if (kind == "CONSTR_CHECK") {
      checks.push_back({c.value("raw_expr", json::object()), pt::text(c, "conname")});
      return ok_v;
    }
    return fail(not_supported("table constraint " + kind));
  }

  // The CHECK items, translated over every column and named as PostgreSQL names
  // them, in PostgreSQL's order of evaluation (by name).
  result<std::vector<std::string>, pg_error> check_items() {
    std::vector<check_definition> translated;
    std::vector<std::string> taken;
    const auto columns = table_check_columns(out.columns);
    for (const auto& check : checks) {
      auto expression = translate_check_expression(check.expression, source, columns, settings);
      if (!expression) {
        return fail(with_position(expression.error(), source));
      }
      std::string name = check.name;
      if (name.empty()) {
        name = choose_check_name(out.table, expression->referenced, taken);
      } else if (std::find(taken.begin(), taken.end(), name) != taken.end()) {
        return fail(make_pg_error("42710", "check constraint \"" + name + "\" already exists"));
      }
      taken.push_back(name);
      translated.push_back({name, expression->sql});
      out.checks.push_back({name, expression_tree_text(check.expression), std::string(source)});
    }
    std::stable_sort(translated.begin(), translated.end(),
                     [](const check_definition& a, const check_definition& b) { return a.name < b.name; });
    std::vector<std::string> items;
    if (!translated.empty() && out.columns.size() > max_checked_columns)
      return fail(not_supported("a CHECK constraint on a table of more than " +
                                std::to_string(max_checked_columns) + " columns"));
    for (const auto& check : translated)
      items.push_back(check_item(out.table, check, out.columns));
    return items;
  }

  // Finishes the DDL: the primary key (a single integer column becomes the rowid)
  // and NOT NULL on every column that needs it.
  result<ok_t, pg_error> finish() {
    // The keys' btree indexes: a column of a type without a btree operator class
    // (json, xml, point, ...) is 42704, as PostgreSQL's index creation says.
    for (const auto* keys : {&primary_key, &unique_columns, &table_unique_columns})
      for (const std::string& key : *keys)
        if (const column_definition* column = find_column(key))
          if (auto missing = missing_operator_class(column->type, "btree"))
            return fail(std::move(*missing));
    int rowid_column = -1;
    if (primary_key.size() == 1 && primary_key_name.empty()) {
      for (size_t i = 0; i < out.columns.size(); ++i)
        if (out.columns[i].name == primary_key[0] && is_integer_type(out.columns[i].type.oid) &&
            out.columns[i].dimensions == 0 && !owns_sequence[i])
          rowid_column = static_cast<int>(i);
    }
    std::string sql = "CREATE TABLE ";
    if (out.if_not_exists)
      sql += "IF NOT EXISTS ";
    sql += quote_identifier(out.table) + " (";
    for (size_t i = 0; i < out.columns.size(); ++i) {
      std::string column = column_sql[i];
      if (static_cast<int>(i) == rowid_column)
        column += " PRIMARY KEY";
      if (out.columns[i].not_null)
        column += " NOT NULL";
      sql += (i ? ", " : "") + column;
    }
    if (!primary_key.empty() && rowid_column < 0) {
      // Named: a table constraint (a single INTEGER column is SQLite's rowid all the same).
      sql += primary_key_name.empty() ? ", PRIMARY KEY (" : ", CONSTRAINT " + quote_identifier(primary_key_name) + " PRIMARY KEY (";
      for (size_t i = 0; i < primary_key.size(); ++i)
        sql += (i ? ", " : "") + quote_identifier(primary_key[i]);
      sql += ")";
    }
    for (const auto& c : table_constraints)
      sql += ", " + c;
    auto checked = check_items();
    if (!checked)
      return fail(checked.error());
    for (const auto& c : *checked)
      sql += ", " + c;
    sql += ") STRICT";
    out.sqlite_ddl = std::move(sql);
    return ok_v;
  }
};

}  // namespace

std::string sqlite_column_type(const column_type& type) {
  if (domain_over_array_element(type))  // il[]: array_cmp over int4[]'s array_cmp
    return "TEXT COLLATE " + domain_over_array_collation(type);
  if (type.is_enum_array())
    return "TEXT COLLATE " + enum_array_collation_name(type.enum_labels->oid);
  if (type.is_enum())
    return "TEXT COLLATE " + enum_collation_name(type.oid);
  if (!type.known() && !type.name.empty())  // a row type (pair; a type nothing defines: by bytes)
    return "TEXT COLLATE " + quote_identifier(row_type_collation_name(row_type_local_name(type.name)));
  const type_descriptor* d = find_builtin_type(type.oid);
  const type_descriptor& descriptor = d ? *d : unknown_type_descriptor();
  switch (descriptor.storage) {
    case storage_class::integer: return "INTEGER";
    case storage_class::blob: return "BLOB";
    case storage_class::text: break;
  }
  if (descriptor.collation == "BINARY")
    return "TEXT";
  return "TEXT COLLATE " + std::string(descriptor.collation);
}

result<table_definition, pg_error> translate_create_table(const json& stmt,
                                                          std::string_view source,
                                                          const type_settings& settings,
                                                          const user_type_set& user_types,
                                                          const relation_name_taken& taken) {
  table_builder builder{source, settings, user_types, {}, {}, {}, {}, {}, {}, taken, {}};
  const json& relation = stmt.value("relation", json::object());
  builder.out.table = pt::text(relation, "relname");
  const std::string schema = pt::text(relation, "schemaname");
  // PostgreSQL's RangeVarAdjustRelationPersistence: TEMP in a named schema other than
  // pg_temp is refused, a table named into pg_temp is temporary.
  const bool temporary = pt::text(relation, "relpersistence") == "t" || schema == "pg_temp";
  if (temporary && !schema.empty() && schema != "pg_temp") {
    pg_error e = make_pg_error("42P16", "cannot create temporary relation in non-temporary schema");
    e.position = static_cast<int>(pt::integer(relation, "location")) + 1;
    return fail(std::move(e));
  }
  if (!schema.empty() && schema != "public" && !temporary)
    return fail(not_supported("a table in schema \"" + schema + "\""));
  const std::string on_commit = pt::text(stmt, "oncommit");
  if (!temporary && !on_commit.empty() && on_commit != "ONCOMMIT_NOOP")
    return fail(make_pg_error("42P16", "ON COMMIT can only be used on temporary tables"));
  builder.out.temporary = temporary;
  builder.out.on_commit = on_commit == "ONCOMMIT_DROP" ? "drop" : on_commit == "ONCOMMIT_DELETE_ROWS" ? "delete" : "preserve";
  if (!pt::list(stmt, "inhRelations").empty())
    return fail(not_supported("INHERITS"));
  if (stmt.contains("partspec") || stmt.contains("partbound"))
    return fail(not_supported("partitioned tables"));
  if (stmt.contains("ofTypename"))
    return fail(not_supported("CREATE TABLE OF"));
  for (const json& option : pt::list(stmt, "options"))
    if (auto r = storage_option(pt::fields(option), source); !r)
      return fail(r.error());
  builder.out.if_not_exists = pt::flag(stmt, "if_not_exists");
  for (const auto& element : pt::list(stmt, "tableElts")) {
    const std::string kind = pt::node_type(element);
    result<ok_t, pg_error> r = ok_v;
    if (kind == "ColumnDef")
      r = builder.column(pt::fields(element));
    else if (kind == "Constraint")
      r = builder.table_constraint(pt::fields(element));
    else
      r = fail(not_supported(kind == "TableLikeClause" ? std::string("LIKE") : kind));
    if (!r)
      return fail(r.error());
  }
  if (auto r = builder.finish(); !r)
    return fail(r.error());
  if (temporary) {
    if (!builder.out.sequences.empty())
      return fail(not_supported("serial or identity columns in a temporary table"));
    if (!builder.out.checks.empty())
      return fail(not_supported("CHECK constraints in a temporary table"));
    if (builder.references)
      return fail(not_supported("FOREIGN KEY constraints in a temporary table"));
    builder.out.sqlite_ddl.replace(0, std::string_view("CREATE TABLE ").size(), "CREATE TEMP TABLE ");
  }
  return std::move(builder.out);
}

result<translated_column, pg_error> translate_added_column(const json& column_def,
                                                         std::string_view source,
                                                         const type_settings& settings,
                                                         const user_type_set& user_types) {
  table_builder builder{source, settings, user_types, {}, {}, {}, {}, {}, {}, {}};
  if (auto r = builder.column(column_def); !r)
    return fail(r.error());
  if (!builder.checks.empty())
    return fail(not_supported("ADD COLUMN with a CHECK constraint"));
  if (!builder.primary_key.empty() || !builder.unique_columns.empty() ||
      builder.owns_sequence[0])
    return fail(not_supported("ADD COLUMN with PRIMARY KEY, UNIQUE, identity or serial"));
  translated_column out;
  out.definition = std::move(builder.out.columns[0]);
  out.sqlite_sql = builder.column_sql[0] + (out.definition.not_null ? " NOT NULL" : "");
  return out;
}

}  // namespace tributary
