// domain_checks: see the header.
#include "stages/sql/domain_checks.hpp"

#include "stages/core/sql_quote.hpp"
#include "stages/sql/check_constraints.hpp"
#include "stages/sql/sql_literal.hpp"

namespace tributary {
namespace {

std::string clause_name(const user_type& domain, const std::string& check_name) {
  return "domain_check:" + domain.display_name() + ":" + check_name;
}

}  // namespace

result<translated_check, located_error> translate_domain_check(const domain_check& check,
                                                               const user_type& domain,
                                                               const std::string& column,
                                                               const type_settings& settings) {
  const auto tree = nlohmann::json::parse(check.expression_tree, nullptr, false);
  if (tree.is_discarded())
    return fail(located_error{make_pg_error("XX000", "cannot read the expression of check "
                                                     "constraint \"" + check.name + "\"")});
  return translate_check_expression(tree, check.source, {{"value", column, domain.base}}, settings);
}

std::string domain_check_test(const user_type& domain, const std::string& check_name,
                              const std::string& expression_sql) {
  return "pg_domain_check((" + expression_sql + "), " + sql_literal(domain.display_name()) + ", " +
         sql_literal(check_name) + ")";
}

std::string domain_clause(const user_type& domain, const std::string& check_name,
                          const std::string& expression_sql) {
  return " CONSTRAINT " + quote_identifier(clause_name(domain, check_name)) + " CHECK (" +
         domain_check_test(domain, check_name, expression_sql) + ")";
}

result<std::string, pg_error> domain_clauses(const user_type& domain, const std::string& column,
                                             const type_settings& settings) {
  std::string out;
  for (const auto& check : domain.checks) {
    auto translated = translate_domain_check(check, domain, column, settings);
    if (!translated)
      return fail(translated.error().error);
    out += domain_clause(domain, check.name, translated->sql);
  }
  return out;
}

namespace {

// pg_domain_elements running `test` on each element of the array `array_sql`.
std::string elements_test(const user_type& domain, const std::string& array_sql, const std::string& test,
                          int position = 0) {
  return "pg_domain_elements(" + array_sql + ", " + std::to_string(domain.base.oid) + ", " +
         std::to_string(domain.base.typmod) + ", " + sql_literal(test) +
         (position > 0 ? ", " + std::to_string(position) : std::string()) + ")";
}

std::string element_check_test(const user_type& domain, const std::string& check_name,
                               const std::string& expression_sql) {
  return "SELECT " + domain_check_test(domain, check_name, expression_sql) + " FROM (SELECT ?1 AS \"value\")";
}

std::string element_not_null_test(const user_type& domain) {
  return "SELECT CASE WHEN ?1 IS NULL THEN pg_raise('23502', " +
         sql_literal("domain " + domain.display_name() + " does not allow null values") + ") END";
}

}  // namespace

std::string domain_element_clause(const user_type& domain, const std::string& check_name,
                                  const std::string& expression_sql, const std::string& column) {
  return " CONSTRAINT " + quote_identifier(clause_name(domain, check_name)) + " CHECK (" +
         elements_test(domain, quote_identifier(column), element_check_test(domain, check_name, expression_sql)) +
         ")";
}

std::string domain_element_not_null_clause(const user_type& domain, const std::string& column) {
  return " CONSTRAINT " + quote_identifier(domain_not_null_name(domain)) + " CHECK (" +
         elements_test(domain, quote_identifier(column), element_not_null_test(domain)) + ")";
}

result<std::string, pg_error> domain_element_tests(const user_type& domain, const std::string& array_sql,
                                                   const type_settings& settings, int position) {
  std::string out =
      domain.not_null ? elements_test(domain, array_sql, element_not_null_test(domain), position) : "";
  for (const auto& check : domain.checks) {
    auto translated = translate_domain_check(check, domain, "value", settings);
    if (!translated)
      return fail(translated.error().error);
    out += (out.empty() ? "" : " AND ") +
           elements_test(domain, array_sql, element_check_test(domain, check.name, translated->sql), position);
  }
  return out;
}

result<std::string, pg_error> domain_element_clauses(const user_type& domain,
                                                     const std::string& column,
                                                     const type_settings& settings) {
  std::string out = domain.not_null ? domain_element_not_null_clause(domain, column) : "";
  for (const auto& check : domain.checks) {
    auto translated = translate_domain_check(check, domain, "value", settings);
    if (!translated)
      return fail(translated.error().error);
    out += domain_element_clause(domain, check.name, translated->sql, column);
  }
  return out;
}

std::string without_domain_clause(std::string_view item, const user_type& domain,
                                  const std::string& check_name) {
  return without_named_clause(item, clause_name(domain, check_name));
}

std::string domain_not_null_name(const user_type& domain) {
  return "domain_not_null:" + domain.display_name();
}

std::string domain_not_null_clause(const user_type& domain, const std::string& column) {
  return " CONSTRAINT " + quote_identifier(domain_not_null_name(domain)) + " CHECK (" +
         quote_identifier(column) + " IS NOT NULL)";
}

std::string without_named_clause(std::string_view item, const std::string& constraint_name) {
  const std::string opening = " CONSTRAINT " + quote_identifier(constraint_name) + " CHECK ";
  const size_t at = item.find(opening);
  if (at == std::string_view::npos)
    return std::string(item);
  const size_t end = parenthesised_group_end(item, at + opening.size());
  if (end == std::string_view::npos)
    return std::string(item);
  return std::string(item.substr(0, at)) + std::string(item.substr(end));
}

std::string expression_tree_text(const nlohmann::json& expression) { return expression.dump(); }

result<std::string, pg_error> domain_tested_value(const std::string& value_sql, const user_type& domain,
                                                  const type_settings& settings) {
  if (domain.checks.empty() && !domain.not_null)
    return value_sql;
  std::string tests;
  for (const auto& check : domain.checks) {
    auto translated = translate_domain_check(check, domain, "value", settings);
    if (!translated)
      return fail(translated.error().error);
    tests += (tests.empty() ? "" : " AND ") + domain_check_test(domain, check.name, translated->sql);
  }
  std::string checked = "\"value\"";
  if (domain.not_null)
    checked = "CASE WHEN \"value\" IS NULL THEN pg_raise('23502', " +
              sql_literal("domain " + domain.display_name() + " does not allow null values") + ") ELSE \"value\" END";
  return "(SELECT " + checked + " FROM (SELECT " + value_sql + " AS \"value\")" + (tests.empty() ? "" : " WHERE " + tests) +
         ")";
}

}  // namespace tributary
