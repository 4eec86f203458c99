#include "cli/commands/database_templates.hpp"

namespace tributary {

bool is_template_database(const std::string& name) { return name == "template0" || name == "template1"; }

result<ok_t, pg_error> check_database_template(const std::string& name,
                                               const std::optional<std::string>& template_name,
                                               bool template_exists) {
  if (is_template_database(name))
    return fail(make_pg_error("42P04", "database \"" + name + "\" already exists"));
  if (!template_name || is_template_database(*template_name))
    return ok_v;
  if (!template_exists)
    return fail(make_pg_error("3D000", "template database \"" + *template_name + "\" does not exist"));
  return fail(make_pg_error("0A000", "CREATE DATABASE with a template other than template0 or template1 is not "
                                     "supported by Tributary"));
}

result<ok_t, pg_error> check_drop_database(const std::string& name) {
  if (is_template_database(name))
    return fail(make_pg_error("42809", "cannot drop a template database"));
  return ok_v;
}

}  // namespace tributary
