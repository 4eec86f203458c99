// declared_foreign_keys: see the header.
#include "cli/commands/declared_foreign_keys.hpp"

#include <sqlite3.h>

#include "cli/catalog/catalog_model.hpp"
#include "storage/key_validation.hpp"

namespace tributary {

result<ok_t, pg_error> check_declared_foreign_keys(sqlite_connection& db, const std::string& table,
                                                   const type_settings& settings) {
  auto model = read_catalog_model(db);
  if (!model)
    return fail(make_pg_error("XX000", model.error().message));
  for (const auto& r : model->relations) {
    if (r.kind != 'r' || sqlite3_stricmp(r.local_name.c_str(), table.c_str()) != 0)
      continue;
    for (const auto& key : r.foreign_keys) {
      foreign_key_validation validation;
      validation.name = key.name;
      validation.referenced_table = key.referenced_local_name;
      for (int attnum : key.columns)
        if (attnum >= 1 && static_cast<size_t>(attnum) <= r.columns.size())
          validation.columns.push_back(r.columns[static_cast<size_t>(attnum - 1)].name);
      // "" each: the referenced table's primary key.
      for (const auto& name : key.referenced_names)
        if (!name.empty())
          validation.referenced_columns.push_back(name);
      if (auto checked = check_foreign_key_rows(db, table, validation, settings); !checked)
        return checked;
    }
  }
  return ok_v;
}

}  // namespace tributary
