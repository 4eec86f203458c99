// object_rows: PostgreSQL 15's built-in procedural languages and the objects of its
// one extension, plpgsql, as a fresh PostgreSQL 15 lists them (Tributary runs
// PL/pgSQL trigger functions itself; these rows say so to tools):
//
//   pg_extension   plpgsql 13559 (schema pg_catalog, version 1.0)
//   pg_language    internal 12, c 13, sql 14, plpgsql 13563 (lanispl)
//   pg_proc        plpgsql_call_handler() 13560, plpgsql_inline_handler(internal)
//                  13561, plpgsql_validator(oid) 13562 (language c, pg_catalog)
//   pg_depend      the three functions and the language are members of the
//                  extension (deptype 'e'): psql's \dx+ lists them, pg_dump skips them
//
// and the object functions of psql's \dD, \dx+ and \df:
//
//   pg_type_is_visible(oid)       built-in types, and user types of a schema on
//                                 the search path
//   pg_function_is_visible(oid)   the functions above (schema pg_catalog)
//   pg_opclass_is_visible(oid), pg_opfamily_is_visible(oid)   NULL (there are none; psql's \dd)
//   pg_operator_is_visible(oid)   the built-in operators (builtin_catalog.hpp)
//   pg_conversion_is_visible, pg_ts_{parser,config,dict,template}_is_visible,
//   pg_statistics_obj_is_visible(oid)   NULL (there are none: \dc, \dF[pdt], \dX)
//   pg_describe_object(classid, objid, objsubid)
//                                 "table t", "column a of table t", "view sales.v"
//                                 (schema-qualified off the search path), "sequence",
//                                 "index", "function plpgsql_validator(oid)",
//                                 "function lower(text)", "operator +(integer,integer)",
//                                 "language plpgsql", "extension plpgsql", "schema
//                                 s", "type integer"; NULL for an object that does
//                                 not exist; XX000 unrecognized object class for a
//                                 class that is no catalog, as PostgreSQL's
#pragma once

#include <vector>

#include "cli/catalog/catalog_reader.hpp"
#include "cli/catalog/snapshot_table.hpp"

namespace tributary {

std::vector<snapshot_row> pg_extension_rows();
std::vector<snapshot_row> pg_language_rows();
std::vector<snapshot_row> pg_proc_rows();
// pg_depend's rows of the extension's members.
std::vector<snapshot_row> extension_member_rows();

result<ok_t, sqlite_error> install_object_functions(sqlite_connection& db, const catalog_reader_ptr& reader);

}  // namespace tributary
