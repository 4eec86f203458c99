// builtin_catalog_rows: PostgreSQL 15's built-in operators and functions
// (builtin_catalog.hpp, generated) as catalog rows:
//
//   pg_operator     every generated operator: schema pg_catalog, owner the
//                   bootstrap superuser (10); oprcode, oprrest, oprjoin are function
//                   OIDs that pg_proc has (regproc prints their names)
//   pg_proc         every generated function, language internal (12) or sql (14)
//   pg_description  their comments (classoid pg_operator 2617, pg_proc 1255)
//   pg_init_privs   the functions' privileges as initdb set them
#pragma once

#include <string>
#include <vector>

#include "cli/catalog/snapshot_table.hpp"

namespace tributary {

std::vector<snapshot_row> builtin_operator_rows();
// `bootstrap_superuser_name`: role 10's name, which proacl's items name.
std::vector<snapshot_row> builtin_function_rows(const std::string& bootstrap_superuser_name);
std::vector<snapshot_row> builtin_description_rows();
// pg_cast: PostgreSQL 15's casts between built-in types that Tributary does
// (builtin_cast_rows.cpp says which).
std::vector<snapshot_row> builtin_cast_rows();
// pg_opfamily, pg_opclass, pg_amop, pg_amproc: btree's and hash's for Tributary's
// types (builtin_operator_class_rows.cpp); and whether an OID is one of them.
std::vector<snapshot_row> builtin_operator_family_rows();
std::vector<snapshot_row> builtin_operator_class_rows();
std::vector<snapshot_row> builtin_access_method_operator_rows();
std::vector<snapshot_row> builtin_access_method_procedure_rows();
bool is_builtin_operator_family(int64_t oid);
bool is_builtin_operator_class(int64_t oid);
// pg_init_privs's rows of the functions whose privileges initdb set (proacl not
// NULL: pg_read_file, lo_import, ...), so pg_dump finds them unchanged.
std::vector<snapshot_row> builtin_init_privs_rows(const std::string& bootstrap_superuser_name);

// obj_description(oid, catalog) of a built-in operator ("pg_operator") or function
// ("pg_proc"), or nullptr.
const char* builtin_description(const std::string& catalog, int64_t oid);

}  // namespace tributary
