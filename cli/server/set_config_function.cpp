#include "cli/server/set_config_function.hpp"

#include <sqlite3.h>

#include "storage/sql_functions.hpp"

namespace tributary {
namespace {

std::optional<std::string> text_argument(sqlite3_value* v) {
  if (sqlite3_value_type(v) == SQLITE_NULL)
    return std::nullopt;
  const auto* p = reinterpret_cast<const char*>(sqlite3_value_text(v));
  return std::string(p, static_cast<size_t>(sqlite3_value_bytes(v)));
}

void set_config(sqlite3_context* ctx, int, sqlite3_value** argv) {
  const auto& handler = *static_cast<const set_config_handler*>(sqlite3_user_data(ctx));
  const auto name = text_argument(argv[0]);
  if (!name) {  // PostgreSQL: set_config_by_name
    const pg_error e = make_pg_error("22004", "SET requires parameter name");
    keep_sql_function_error(sqlite3_context_db_handle(ctx), e);
    sqlite3_result_error(ctx, e.message.c_str(), -1);
    return;
  }
  const bool local = sqlite3_value_type(argv[2]) != SQLITE_NULL && sqlite3_value_int64(argv[2]) != 0;
  auto shown = handler(*name, text_argument(argv[1]), local);
  if (!shown) {
    keep_sql_function_error(sqlite3_context_db_handle(ctx), shown.error());
    sqlite3_result_error(ctx, shown.error().message.c_str(), -1);
    return;
  }
  sqlite3_result_text(ctx, shown->c_str(), static_cast<int>(shown->size()), SQLITE_TRANSIENT);
}

}  // namespace

void install_set_config_function(sqlite3* db, set_config_handler handler) {
  sqlite3_create_function_v2(db, "set_config", 3, SQLITE_UTF8, new set_config_handler(std::move(handler)), set_config,
                             nullptr, nullptr, [](void* p) { delete static_cast<set_config_handler*>(p); });
}

}  // namespace tributary
