// regproc_functions: a function's or operator's OID and its name both ways, as
// PostgreSQL's regproc, regprocedure, regoper and regoperator input and output
// functions do, over pg_proc (the catalog's own functions and the user's trigger
// functions) and pg_operator (the built-in operators):
//
//   pg_catalog_regproc_in(text)        'touch' / 'public.touch' -> OID; 42883
//                                      function "x" does not exist, 42725 more
//                                      than one function named "x"
//   pg_catalog_regproc_out(oid)        OID -> touch (schema-qualified when its
//                                      name alone does not find it uniquely); 0 -> -
//   pg_catalog_regprocedure_in(text, schema, name, argtypes)
//                                      'touch(integer)' as the translator read it
//                                      (argtypes: the argument types' OIDs, "23 25");
//                                      42883 function "touch(integer)" does not exist
//   pg_catalog_regprocedure_out(oid)   OID -> touch(), upper(text); 0 -> -
//   pg_catalog_regoper_in(text, schema, name)   '||/' -> OID; 42883 operator does not
//                                      exist: x, 42725 more than one operator named x
//   pg_catalog_regoperator_in(text, schema, name, left, right)  '+(integer,integer)'
//                                      as the translator read it (0: NONE); 42883
//   pg_catalog_regoper_out(oid), pg_catalog_regoperator_out(oid)  OID -> ||/,
//                                      +(integer,integer), -(NONE,integer); 0 -> 0
//   (each *_in: 3F000 when the name's schema does not exist)
//
// An OID that names no function prints as its number, as PostgreSQL's do.
#pragma once

#include "cli/catalog/catalog_reader.hpp"
#include "stages/core/result.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

result<ok_t, sqlite_error> install_regproc_functions(sqlite_connection& db, const catalog_reader_ptr& reader);

}  // namespace tributary
