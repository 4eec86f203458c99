// composite_type_alter: see the header.
#include "stages/sql/composite_type_alter.hpp"

#include "stages/sql/composite_type_ddl.hpp"
#include "stages/sql/parse_tree.hpp"

namespace tributary {

namespace pt = parse_tree;
using json = nlohmann::json;

namespace {

qualified_type_name name_of(const json& relation) {
  const std::string schema = pt::text(relation, "schemaname");
  return {schema == "public" ? "" : schema, pt::text(relation, "relname")};
}

// The attribute's type as CREATE TYPE reads it; a type that does not exist points
// at its name when `located` (ADD ATTRIBUTE), as PostgreSQL's.
result<column_definition, pg_error> attribute_of(const json& column_def, bool located, std::string_view source,
                                                 const type_settings& settings, const user_type_set& user_types,
                                                 const std::function<bool(const std::string&)>& names_a_row_type) {
  auto a = read_composite_attribute(column_def, source, settings, user_types, names_a_row_type);
  if (!a && located && a.error().sqlstate == "42704" && a.error().position == 0) {
    pg_error error = a.error();
    error.position = static_cast<int>(pt::integer(column_def.value("typeName", json::object()), "location")) + 1;
    return fail(std::move(error));
  }
  return a;
}

}  // namespace

result<composite_alter_request, pg_error> read_alter_composite(
    const std::string& node_type, const json& fields, std::string_view source, const type_settings& settings,
    const user_type_set& user_types, const std::function<bool(const std::string&)>& names_a_row_type) {
  composite_alter_request out;
  out.name = name_of(fields.value("relation", json::object()));
  if (node_type == "RenameStmt") {
    composite_alter_step step;
    step.what = composite_alter_step::kind::rename;
    step.attribute = pt::text(fields, "subname");
    step.new_name = pt::text(fields, "newname");
    out.steps.push_back(std::move(step));
    return out;
  }
  for (const json& node : pt::list(fields, "cmds")) {
    const json& cmd = pt::fields(node);
    const std::string subtype = pt::text(cmd, "subtype");
    composite_alter_step step;
    step.attribute = pt::text(cmd, "name");
    step.missing_ok = pt::flag(cmd, "missing_ok");
    if (subtype == "AT_AddColumn" || subtype == "AT_AlterColumnType") {
      const bool add = subtype == "AT_AddColumn";
      step.what = add ? composite_alter_step::kind::add : composite_alter_step::kind::alter_type;
      const json def = cmd.value("def", json::object());
      const json& column_def = pt::fields(def);
      auto a = attribute_of(column_def, add, source, settings, user_types, names_a_row_type);
      if (!a)
        return fail(a.error());
      step.definition = std::move(*a);
      if (add)
        step.attribute = step.definition.name;
      else
        step.definition.name = step.attribute;
    } else if (subtype == "AT_DropColumn") {
      step.what = composite_alter_step::kind::drop;
    } else {
      return fail(make_pg_error("0A000", "this form of ALTER TYPE is not supported yet"));
    }
    out.steps.push_back(std::move(step));
  }
  return out;
}

}  // namespace tributary
