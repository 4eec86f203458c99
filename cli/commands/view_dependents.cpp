#include "cli/commands/view_dependents.hpp"

#include <sqlite3.h>

#include "cli/catalog/catalog_model.hpp"
#include "cli/catalog/dependency_rows.hpp"
#include "stages/sql/parse_tree.hpp"

namespace tributary {

namespace pt = parse_tree;

result<ok_t, pg_error> refuse_retyping_viewed_columns(sqlite_connection& db, const nlohmann::json& stmt,
                                                      const std::string& table) {
  std::vector<std::string> retyped;
  for (const auto& command : pt::list(stmt, "cmds")) {
    const auto& cmd = pt::fields(command);
    if (pt::text(cmd, "subtype") == "AT_AlterColumnType")
      retyped.push_back(pt::text(cmd, "name"));
  }
  if (retyped.empty())
    return ok_v;
  auto model = read_catalog_model(db);
  if (!model)
    return fail(make_pg_error("XX000", model.error().message));
  const catalog_relation* altered = nullptr;
  for (const auto& r : model->relations)
    if (r.kind == 'r' && sqlite3_stricmp(r.local_name.c_str(), table.c_str()) == 0)
      altered = &r;
  if (altered == nullptr)
    return ok_v;
  for (const auto& column : retyped)
    for (const auto& view : model->relations)
      if (view.kind == 'v' && view_reads_column(db, *model, view, *altered, column))
        return fail(make_pg_error("0A000", "cannot alter type of a column used by a view or rule",
                                  "rule _RETURN on view " + view.name + " depends on column \"" + column + "\""));
  return ok_v;
}

}  // namespace tributary
