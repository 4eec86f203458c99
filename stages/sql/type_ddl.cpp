// type_ddl: see the header.
#include "stages/sql/type_ddl.hpp"

#include <algorithm>

#include "stages/sql/check_constraints.hpp"
#include "stages/sql/translator/check_translation.hpp"

#include "stages/sql/create_table.hpp"
#include "stages/sql/parse_tree.hpp"
#include "stages/types/user/domain_over_array.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/type_names.hpp"

namespace tributary {
namespace {

namespace pt = parse_tree;
using json = nlohmann::json;

pg_error not_supported(const std::string& what) {
  return make_pg_error("0A000", what + " is not supported yet");
}

result<qualified_type_name, pg_error> qualified(const std::vector<std::string>& names) {
  if (names.empty() || names.size() > 2) {
    std::string dotted;
    for (size_t i = 0; i < names.size(); ++i)
      dotted += (i ? "." : "") + names[i];
    return fail(make_pg_error("42601",
                              "improper qualified name (too many dotted names): " + dotted));
  }
  if (names.size() == 1)
    return qualified_type_name{"", names[0]};
  return qualified_type_name{names[0] == "public" ? "" : names[0], names[1]};
}

pg_error type_does_not_exist(const std::string& name) {
  return make_pg_error("42704", "type \"" + name + "\" does not exist");
}

// A domain's base type: built-in, a user's enum or another domain.
result<ok_t, pg_error> read_base_type(const json& type_node, std::string_view source,
                                      const user_type_set& user_types, user_type& domain) {
  const type_name_parts parts = pt::type_name(type_node, source);
  const user_type* user = nullptr;
  if (parts.names.size() == 1) {
    auto builtin = resolve_type_name(parts);
    if (!builtin)
      return fail(builtin.error());
    if (builtin->known()) {
      domain.base = *builtin;
      domain.base_dimensions = parts.array_dimensions;
      return ok_v;
    }
    user = user_types.find("", parts.names[0]);
  } else if (parts.names.size() == 2 && parts.names[0] != "pg_catalog") {
    user = user_types.find(parts.names[0], parts.names[1]);
  } else {
    auto builtin = resolve_type_name(parts);
    if (!builtin)
      return fail(builtin.error());
    if (builtin->known()) {
      domain.base = *builtin;
      domain.base_dimensions = parts.array_dimensions;
      return ok_v;
    }
  }
  if (!user) {
    std::string name;
    for (size_t i = 0; i < parts.names.size(); ++i)
      name += (i ? "." : "") + parts.names[i];
    return fail(type_does_not_exist(name));
  }
  if (!parts.typmod_args.empty())
    return fail(make_pg_error("42601", "type modifier is not allowed for type \"" +
                                           user->display_name() + "\""));
  if (user->kind == 'e') {
    if (parts.array_dimensions > 0)
      return fail(not_supported("a domain over an array of an enum"));
    domain.base = user->enum_column_type();
    return ok_v;
  }
  if (parts.array_dimensions > 0 && user->base_dimensions > 0) {
    // ill AS il[] (il over int[]): its values are il[]'s, arrays of int[] values
    // (domain_over_array.hpp). il's own constraints would test each element: not kept.
    auto nested = user->domain_array_column_type();
    if (!nested || user->not_null || !user->checks.empty() || domain_over_array_element(user->base))
      return fail(not_supported("an array of domain " + user->display_name() + ", a domain over an array,"));
    domain.base = *nested;
    domain.base_dimensions = parts.array_dimensions;
    return ok_v;
  }
  domain.base = user->base;
  domain.base_dimensions = user->base_dimensions + parts.array_dimensions;
  if (parts.array_dimensions > 0 && user->base_dimensions == 0)
    if (const type_descriptor* d = find_builtin_type(domain.base.oid); d && d->array != 0)
      domain.base.oid = d->array;
  if (!user->checks.empty())
    return fail(not_supported("a domain over a domain with CHECK constraints"));
  domain.not_null = user->not_null;
  domain.default_sqlite = user->default_sqlite;
  domain.default_postgres = user->default_postgres;
  return ok_v;
}

}  // namespace

std::string qualified_type_name::display() const {
  return schema.empty() ? name : schema + "." + name;
}

result<enum_type_request, pg_error> read_create_enum(const json& fields) {
  auto name = qualified(pt::strings(pt::list(fields, "typeName")));
  if (!name)
    return fail(name.error());
  return enum_type_request{*name, pt::strings(pt::list(fields, "vals"))};
}

result<domain_type_request, pg_error> read_create_domain(const json& fields,
                                                         std::string_view source,
                                                         const type_settings& settings,
                                                         const user_type_set& user_types) {
  auto name = qualified(pt::strings(pt::list(fields, "domainname")));
  if (!name)
    return fail(name.error());
  domain_type_request out{*name, {}};
  out.definition.kind = 'd';
  out.definition.schema = name->schema.empty() ? "public" : name->schema;
  out.definition.name = name->name;
  if (fields.contains("collClause"))
    return fail(not_supported("COLLATE on a domain"));
  if (auto r = read_base_type(fields.value("typeName", json::object()), source, user_types,
                              out.definition);
      !r)
    return fail(r.error());
  const json* default_expression = nullptr;
  std::vector<const json*> checks;
  for (const auto& node : pt::list(fields, "constraints")) {
    const json& c = pt::fields(node);
    const std::string kind = pt::text(c, "contype");
    if (kind == "CONSTR_NOTNULL") {
      out.definition.not_null = true;
    } else if (kind == "CONSTR_NULL") {
      out.definition.not_null = false;
    } else if (kind == "CONSTR_DEFAULT") {
      if (default_expression)
        return fail(make_pg_error("42601", "multiple default expressions"));
      default_expression = &c;
    } else if (kind == "CONSTR_CHECK") {
      checks.push_back(&c);
    } else {
      return fail(not_supported("this constraint on a domain"));
    }
  }
  if (default_expression) {
    column_definition as_column;
    as_column.name = "value";
    as_column.type = out.definition.base;
    as_column.dimensions = out.definition.base_dimensions;
    auto translated = translate_default(default_expression->value("raw_expr", json::object()),
                                        as_column, source, settings);
    if (!translated)
      return fail(translated.error());
    out.definition.default_sqlite = translated->sqlite;
    out.definition.default_postgres = translated->postgres;
  }
  for (const json* c : checks) {
    auto check = read_domain_check(*c, source, settings, out.definition);
    if (!check)
      return fail(check.error());
    out.definition.checks.push_back(std::move(*check));
  }
  std::stable_sort(out.definition.checks.begin(), out.definition.checks.end(),
                   [](const domain_check& a, const domain_check& b) { return a.name < b.name; });
  return out;
}

result<domain_check, pg_error> read_domain_check(const json& constraint, std::string_view source,
                                                 const type_settings& settings,
                                                 const user_type& domain) {
  const json& expression = constraint.value("raw_expr", json::object());
  auto translated = translate_check_expression(expression, source,
                                               {{"value", "value", domain.base}}, settings);
  if (!translated)
    return fail(with_position(translated.error(), source));
  domain_check check;
  check.name = pt::text(constraint, "conname");
  std::vector<std::string> taken;
  for (const auto& c : domain.checks)
    taken.push_back(c.name);
  if (check.name.empty())
    check.name = choose_check_name(domain.name, {}, taken);
  else if (std::find(taken.begin(), taken.end(), check.name) != taken.end())
    return fail(make_pg_error("42710", "constraint \"" + check.name + "\" for domain \"" +
                                           domain.display_name() + "\" already exists"));
  check.expression_tree = expression.dump();
  check.source = std::string(source);
  check.validated = !pt::flag(constraint, "skip_validation");
  return check;
}

result<alter_enum_request, pg_error> read_alter_enum(const json& fields) {
  auto name = qualified(pt::strings(pt::list(fields, "typeName")));
  if (!name)
    return fail(name.error());
  alter_enum_request out;
  out.name = *name;
  out.old_label = pt::text(fields, "oldVal");
  out.rename = !out.old_label.empty();
  out.add.label = pt::text(fields, "newVal");
  out.add.neighbor = pt::text(fields, "newValNeighbor");
  out.add.before = !out.add.neighbor.empty() && !pt::flag(fields, "newValIsAfter");
  out.add.if_not_exists = pt::flag(fields, "skipIfNewValExists");
  return out;
}

result<drop_types_request, pg_error> read_drop_types(const json& fields) {
  drop_types_request out;
  out.domain = pt::text(fields, "removeType") == "OBJECT_DOMAIN";
  out.if_exists = pt::flag(fields, "missing_ok");
  out.cascade = pt::text(fields, "behavior") == "DROP_CASCADE";
  for (const auto& object : pt::list(fields, "objects")) {
    auto name = qualified(pt::strings(pt::list(pt::fields(object), "names")));
    if (!name)
      return fail(name.error());
    out.names.push_back(*name);
  }
  return out;
}

pg_error unsupported_type_definition(const std::string& node_type) {
  if (node_type == "CreateRangeStmt")
    return not_supported("CREATE TYPE ... AS RANGE");
  return not_supported("CREATE TYPE with input and output functions (a base type)");
}

}  // namespace tributary
