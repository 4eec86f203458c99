// builtin_cast_rows: pg_cast's rows, PostgreSQL 15's casts between built-in types
// (builtin_casts_data.cpp, generated) that Tributary does, so psql's \dC lists them
// as PostgreSQL does and lists none it lacks. A row is kept when
//   - type_casts.hpp's table (PostgreSQL's pg_cast for the types Tributary stores,
//     what ALTER COLUMN TYPE and ::type use) has the cast, in the same context
//     (implicit, assignment, explicit), with a conversion it performs (not one it
//     answers 0A000); or
//   - it is between the integers, oid and the object-identifier types Tributary has
//     as types (regproc, regprocedure, regoper, regoperator, regclass, regtype,
//     regnamespace), which the translator casts as the number they are; or text and
//     varchar to regclass (a relation's name read, as 'name'::regclass).
// So \dC lists fewer than PostgreSQL's 229 (README: what is missing and why).
#include "cli/catalog/builtin_catalog_rows.hpp"

#include "cli/catalog/builtin_catalog.hpp"
#include "cli/catalog/catalog_values.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/type_casts.hpp"

namespace tributary {

namespace {

bool integer_type(int64_t oid) { return oid == 20 || oid == 21 || oid == 23; }

cast_context context_of(char castcontext) {
  return castcontext == 'i' ? cast_context::implicit
         : castcontext == 'a' ? cast_context::assignment
                              : cast_context::explicit_only;
}

bool tributary_does_cast(const builtin_cast& c) {
  const auto source = static_cast<oid_t>(c.source), target = static_cast<oid_t>(c.target);
  if ((is_object_identifier_type(source) || integer_type(source)) &&
      (is_object_identifier_type(target) || integer_type(target)) &&
      (is_object_identifier_type(source) || is_object_identifier_type(target)))
    return true;
  if ((source == 25 || source == 1043) && target == 2205)
    return true;
  if (find_builtin_type(source) == nullptr || find_builtin_type(target) == nullptr)
    return false;
  const auto rule = find_cast(builtin_column_type(source), builtin_column_type(target));
  return rule && rule->method != stored_cast::not_supported && rule->context == context_of(c.context);
}

}  // namespace

std::vector<snapshot_row> builtin_cast_rows() {
  std::vector<snapshot_row> out;
  for (const builtin_cast& c : builtin_casts())
    if (tributary_does_cast(c))
      out.push_back({c.oid, c.source, c.target, c.function, catalog_value::character(c.context),
                     catalog_value::character(c.method)});
  return out;
}

}  // namespace tributary
