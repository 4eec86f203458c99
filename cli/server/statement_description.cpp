// statement_description: what Parse / Describe learn of a statement before it runs
// (statement_dispatcher.hpp): its parameters' types and its result's columns, by the
// same path its run takes (CREATE TABLE AS, the translator, a typed INSERT, else
// SQLite's own prepare); the types of Parse's parameter OIDs (a user's enum, domain
// or their arrays read from the catalog) and the domain checks of a domain array's
// elements in a parameter's value.
#include <algorithm>

#include "cli/server/domain_parameters.hpp"
#include "cli/server/statement_dispatcher.hpp"
#include "cli/commands/table_commands.hpp"
#include "stages/sql/domain_checks.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/pg_type_oids.hpp"
#include "storage/sql_functions.hpp"
#include "storage/sqlstate_mapping.hpp"
#include "storage/user_type_catalog.hpp"

namespace tributary {

column_type statement_dispatcher::value_type_of(uint32_t oid) {
  if (oid == 0 || oid == pg_type_oid::unknown)
    return builtin_column_type(0);
  if (find_builtin_type(oid) == nullptr)  // a user's enum, domain or their arrays
    if (auto types = read_user_types(db_))
      if (auto type = types->value_type_of(oid))
        return *type;
  return builtin_column_type(oid);
}

result<ok_t, pg_error> statement_dispatcher::check_domain_array_parameter(uint32_t oid, const sql_value& value) {
  if (oid == 0 || find_builtin_type(oid) != nullptr || std::holds_alternative<sql_null>(value))
    return ok_v;
  auto types = read_user_types(db_);
  if (!types)
    return fail(pg_error_from_sqlite(types.error()));
  for (const auto& domain : types->types) {
    if (domain.kind != 'd' || domain.array_oid != oid || !domain.domain_array_column_type())
      continue;
    auto tests = domain_element_tests(domain, "\"value\"", parameters_.type_settings_now());
    if (!tests)
      return fail(tests.error());
    if (tests->empty())
      return ok_v;
    auto test = db_.prepare("SELECT 1 FROM (SELECT ?1 AS \"value\") WHERE " + *tests);
    if (!test)
      return fail(pg_error_from_sqlite(test.error()));
    test->bind(1, value);
    if (auto step = test->step(); !step) {
      if (auto raised = take_sql_function_error(db_.handle()))
        return fail(std::move(*raised));
      return fail(pg_error_from_sqlite(step.error()));
    }
    return ok_v;
  }
  return ok_v;
}

std::vector<column_type> statement_dispatcher::declared_types(const std::vector<uint32_t>& oids) {
  std::vector<column_type> out;
  for (uint32_t oid : oids)
    out.push_back(value_type_of(oid));
  return out;
}

result<statement_shape, pg_error> statement_dispatcher::describe_statement(const routed_statement& statement,
                                                                           const std::vector<uint32_t>& declared) {
  // Privileges are checked when a statement runs, not when it is described.
  identity_.privileges->tables.reset();
  const pg_error* grammar_error =
      statement.kind == statement_kind::sqlite_only ? &statement.parse_error : nullptr;
  if (statement.kind == statement_kind::sqlite && statement.node_type() == "ExplainStmt") {
    statement_shape shape;  // one text column, as explain() answers
    shape.columns.push_back(result_column{"QUERY PLAN", pg_type_oid::text, -1, 0});
    return shape;
  }
  const std::string type = statement.node_type();
  if (type == "CreateTableAsStmt" || (type == "SelectStmt" && statement.fields().contains("intoClause")))
    if (auto made = create_table_as_shape(statement, declared); !made || *made) {
      if (!made)
        return fail(made.error());
      return std::move(**made);
    }
  if (type == "MergeStmt") {
    auto described = merge_steps(statement, nullptr, declared, nullptr);
    if (!described)
      return fail(described.error());
    statement_shape shape;
    shape.parameter_count = described->parameter_count;
    describe_parameters(shape, *described);
    return shape;
  }
  if (auto translated = translated_shape(statement, declared); !translated || *translated) {
    if (!translated)
      return fail(translated.error());
    return std::move(**translated);
  }
  if (statement.kind != statement_kind::insert)
    return executor_.describe(statement.text, grammar_error, statement.position);
  const routed_query own = route_query(statement.text);
  if (own.statements.size() != 1)
    return fail(make_pg_error("XX000", "statement could not be parsed again on its own"));
  auto translated = translate_typed_insert(own.statements[0].fields(), statement.text, *this,
                                           parameters_.type_settings_now());
  if (!translated)
    return fail(translated.error());
  if (!*translated)
    return executor_.describe(statement.text, nullptr, statement.position);
  auto shape = executor_.describe((*translated)->sql);
  if (shape && !(*translated)->parameter_types.empty())
    shape->parameter_count =
        std::max(shape->parameter_count, (*translated)->parameter_types.rbegin()->first);
  if (shape)  // a price column's value: described as price
    for (const auto& [number, domain] : domain_parameters(own.statements[0].fields(), "InsertStmt", db_))
      shape->parameter_types[number] = domain;
  return shape;
}

}  // namespace tributary
