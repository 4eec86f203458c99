// description_rows: see the header.
#include "cli/catalog/description_rows.hpp"

#include <sqlite3.h>

#include "storage/description_catalog.hpp"

namespace tributary {

namespace {

constexpr int64_t pg_class_oid = 1259;

struct described {
  int64_t objoid = 0;
  int64_t objsubid = 0;
  std::string text;
};

std::vector<described> described_objects(sqlite_connection& db, const catalog_model& model) {
  std::vector<described> out;
  for (const auto& d : read_descriptions(db))
    for (const auto& r : model.relations) {
      if (r.local_name != d.relation)
        continue;
      if (d.column.empty()) {
        out.push_back({r.oid, 0, d.text});
        continue;
      }
      for (size_t i = 0; i < r.columns.size(); ++i)
        if (r.columns[i].name == d.column)
          out.push_back({r.oid, static_cast<int64_t>(i + 1), d.text});
    }
  return out;
}

// obj_description(oid [, catalog]) / col_description(oid, attnum).
void description_function(sqlite3_context* context, int argc, sqlite3_value** argv, bool column) {
  for (int i = 0; i < argc; ++i)
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL)
      return sqlite3_result_null(context);
  if (!column && argc == 2) {
    const char* catalog = reinterpret_cast<const char*>(sqlite3_value_text(argv[1]));
    if (catalog == nullptr || std::string(catalog) != "pg_class")
      return sqlite3_result_null(context);
  }
  const auto& reader = *static_cast<const catalog_reader*>(sqlite3_user_data(context));
  const int64_t oid = sqlite3_value_int64(argv[0]);
  const int64_t subid = column ? sqlite3_value_int64(argv[1]) : 0;
  for (const auto& d : described_objects(*reader.db, reader.model()))
    if (d.objoid == oid && d.objsubid == subid)
      return sqlite3_result_text(context, d.text.c_str(), static_cast<int>(d.text.size()), SQLITE_TRANSIENT);
  sqlite3_result_null(context);
}

void object_description(sqlite3_context* context, int argc, sqlite3_value** argv) {
  description_function(context, argc, argv, false);
}

void column_description(sqlite3_context* context, int argc, sqlite3_value** argv) {
  description_function(context, argc, argv, true);
}

}  // namespace

std::vector<snapshot_row> pg_description_rows(sqlite_connection& db, const catalog_model& model) {
  std::vector<snapshot_row> out;
  for (const auto& d : described_objects(db, model))
    out.push_back({d.objoid, pg_class_oid, d.objsubid, d.text});
  return out;
}

result<ok_t, sqlite_error> install_description_functions(sqlite_connection& db, const catalog_reader_ptr& reader) {
  sqlite3* handle = db.handle();
  void* data = const_cast<catalog_reader*>(reader.get());
  struct function {
    const char* name;
    int arguments;
    void (*call)(sqlite3_context*, int, sqlite3_value**);
  };
  const function functions[] = {{"obj_description", 1, object_description},
                                {"obj_description", 2, object_description},
                                {"col_description", 2, column_description}};
  for (const function& f : functions)
    if (int rc = sqlite3_create_function_v2(handle, f.name, f.arguments, SQLITE_UTF8, data, f.call, nullptr, nullptr,
                                            nullptr);
        rc != SQLITE_OK)
      return fail(sqlite_error{rc, sqlite3_errmsg(handle)});
  return ok_v;
}

}  // namespace tributary
