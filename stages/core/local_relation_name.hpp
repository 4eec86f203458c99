// local_relation_name: the name of the SQLite table that holds PostgreSQL's
// relation schema.name in a database file.
//
// Every schema lives in the one database file (architecture §2). A table of
// schema public keeps its name ("orders"); a table of any other schema is the
// SQLite table named "<schema>.<name>" ("sales.orders", one identifier with a
// dot), so a publisher's sales.orders and public.orders replicate into two local
// tables, as the spec's "same schema and table name" says. An empty schema (what
// an unqualified name carries) is public.
#pragma once

#include <string>
#include <string_view>

namespace tributary {

inline bool is_public_schema(std::string_view schema) { return schema.empty() || schema == "public"; }

inline std::string local_relation_name(std::string_view schema, std::string_view name) {
  if (is_public_schema(schema))
    return std::string(name);
  std::string out(schema);
  out += '.';
  out += name;
  return out;
}

}  // namespace tributary
