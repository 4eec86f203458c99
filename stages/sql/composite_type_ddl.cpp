// composite_type_ddl: see the header.
#include "stages/sql/composite_type_ddl.hpp"

#include <algorithm>

#include "stages/core/local_relation_name.hpp"
#include "stages/sql/create_table.hpp"
#include "stages/sql/parse_tree.hpp"
#include "stages/types/type_names.hpp"

namespace tributary {

namespace pt = parse_tree;
using json = nlohmann::json;

result<column_definition, pg_error> read_composite_attribute(
    const json& definition, std::string_view source, const type_settings& settings, const user_type_set& user_types,
    const std::function<bool(const std::string&)>& names_a_row_type) {
  auto attribute = translate_added_column(definition, source, settings, user_types);
  if (!attribute)
    return fail(attribute.error());
  column_definition& a = attribute->definition;
  if (!a.type.known() && !a.type.is_enum() && a.domain.empty()) {
    // Neither built in nor a user's enum or domain: a table's row type or a
    // composite type, by the name it was written with.
    const type_name_parts parts = pt::type_name(definition.value("typeName", json::object()), source);
    const std::string local = parts.names.size() == 2 ? local_relation_name(parts.names[0], parts.names[1])
                                                      : local_relation_name("", parts.names.back());
    if (parts.names.empty() || parts.names.size() > 2 || !names_a_row_type(local)) {
      std::string written;
      for (const std::string& n : parts.names)
        written += (written.empty() ? "" : ".") + n;
      return fail(make_pg_error("42704", "type \"" + written + "\" does not exist"));
    }
  }
  return std::move(a);
}

result<composite_type_request, pg_error> read_create_composite(
    const json& fields, std::string_view source, const type_settings& settings, const user_type_set& user_types,
    const std::function<bool(const std::string&)>& names_a_row_type) {
  composite_type_request out;
  const json& relation = fields.value("typevar", json::object());
  const std::string schema = pt::text(relation, "schemaname");
  out.name = {schema == "public" ? "" : schema, pt::text(relation, "relname")};
  if (!pt::text(relation, "catalogname").empty())
    return fail(make_pg_error("42601", "improper qualified name (too many dotted names): " +
                                           pt::text(relation, "catalogname") + "." + schema + "." +
                                           out.name.name));
  for (const json& node : pt::list(fields, "coldeflist")) {
    auto a = read_composite_attribute(pt::fields(node), source, settings, user_types, names_a_row_type);
    if (!a)
      return fail(a.error());
    if (std::any_of(out.attributes.begin(), out.attributes.end(),
                    [&](const column_definition& b) { return b.name == a->name; }))
      return fail(make_pg_error("42701", "column \"" + a->name + "\" specified more than once"));
    out.attributes.push_back(std::move(*a));
  }
  return out;
}

}  // namespace tributary
