#include "cli/server/session_views.hpp"

#include "stages/types/builtin_types.hpp"
#include "stages/types/pg_type_oids.hpp"

namespace tributary {
namespace {

constexpr oid_t regtype_array = 2211;

std::vector<column_definition> columns(std::initializer_list<std::pair<const char*, oid_t>> list) {
  std::vector<column_definition> out;
  for (const auto& [name, oid] : list) {
    column_definition c;
    c.name = name;
    c.type = builtin_column_type(oid);
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace

const std::vector<column_definition>* session_view_columns(const std::string& name) {
  using namespace pg_type_oid;
  static const std::vector<column_definition> cursors =
      columns({{"name", text}, {"statement", text}, {"is_holdable", boolean}, {"is_binary", boolean},
               {"is_scrollable", boolean}, {"creation_time", timestamptz}});
  static const std::vector<column_definition> prepared =
      columns({{"name", text}, {"statement", text}, {"prepare_time", timestamptz}, {"parameter_types", regtype_array},
               {"from_sql", boolean}, {"generic_plans", int8}, {"custom_plans", int8}});
  static const std::vector<column_definition> gssapi =
      columns({{"pid", int4}, {"gss_authenticated", boolean}, {"principal", text}, {"encrypted", boolean}});
  if (name == "pg_stat_gssapi")  // cli/catalog/monitoring_tables.hpp
    return &gssapi;
  if (name == "pg_cursors")
    return &cursors;
  if (name == "pg_prepared_statements")
    return &prepared;
  return nullptr;
}

}  // namespace tributary
