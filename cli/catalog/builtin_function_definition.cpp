// builtin_function_definition: see the header.
#include "cli/catalog/builtin_function_definition.hpp"

#include <cstdio>

#include "stages/core/sql_quote.hpp"

namespace tributary {

namespace {

constexpr int64_t internal_language = 12;
constexpr int64_t c_language = 13;

// A float8 as PostgreSQL's %g prints it.
std::string general_number(double value) {
  char text[64];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

std::string language_name(int64_t language) {
  return language == internal_language ? "internal" : language == c_language ? "c" : "sql";
}

}  // namespace

std::string dollar_quoted(const std::string& body) {
  std::string tag = "function";
  while (body.find("$" + tag + "$") != std::string::npos)
    tag += "x";
  return "$" + tag + "$" + body + "$" + tag + "$";
}

std::string builtin_function_definition(const builtin_function& f, const std::string& support) {
  std::string out = std::string("CREATE OR REPLACE FUNCTION pg_catalog.") + quote_identifier_if_needed(f.name) + "(" +
                    f.arguments + ")\n RETURNS " + f.result + "\n LANGUAGE " + language_name(f.language) + "\n";
  std::string options;
  if (f.kind == 'w')
    options += " WINDOW";
  if (f.volatility == 'i')
    options += " IMMUTABLE";
  else if (f.volatility == 's')
    options += " STABLE";
  if (f.parallel == 's')
    options += " PARALLEL SAFE";
  else if (f.parallel == 'r')
    options += " PARALLEL RESTRICTED";
  if (f.strict)
    options += " STRICT";
  if (f.security_definer)
    options += " SECURITY DEFINER";
  if (f.leakproof)
    options += " LEAKPROOF";
  const double default_cost = f.language == internal_language || f.language == c_language ? 1 : 100;
  if (f.cost != default_cost)
    options += " COST " + general_number(f.cost);
  if (f.rows > 0 && f.rows != 1000)
    options += " ROWS " + general_number(f.rows);
  if (!support.empty())
    options += " SUPPORT " + support;
  if (!options.empty())
    out += options + "\n";
  if (f.sql_body != nullptr)
    return out + f.sql_body + "\n";
  out += "AS ";
  if (f.language == c_language)
    out += "'" + std::string(f.binary == nullptr ? "" : f.binary) + "', ";
  return out + dollar_quoted(f.source) + "\n";
}

}  // namespace tributary
