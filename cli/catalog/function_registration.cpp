// function_registration: see function_registration.hpp.
#include "cli/catalog/function_registration.hpp"

namespace tributary {

result<ok_t, sqlite_error> register_functions(sqlite3* handle, void* user_data,
                                              std::span<const sql_function_entry> functions) {
  for (const sql_function_entry& f : functions)
    if (int rc = sqlite3_create_function_v2(handle, f.name, f.arguments, SQLITE_UTF8, user_data, f.call, nullptr,
                                            nullptr, nullptr);
        rc != SQLITE_OK)
      return fail(sqlite_error{rc, sqlite3_errmsg(handle)});
  return ok_v;
}

}  // namespace tributary
