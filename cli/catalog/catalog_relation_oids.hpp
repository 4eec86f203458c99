// catalog_relation_oids: the OIDs of PostgreSQL's system catalogs as relations
// (pg_class.oid), the `classid` / `classoid` / `refclassid` that pg_depend,
// pg_description and pg_init_privs rows name an object's catalog by. One list
// for every catalog row builder, as PostgreSQL 15 numbers them.
#pragma once

#include <cstdint>

namespace tributary {

constexpr int64_t pg_type_class = 1247;
constexpr int64_t pg_proc_class = 1255;
constexpr int64_t pg_class_class = 1259;
constexpr int64_t pg_am_class = 2601;
constexpr int64_t pg_attrdef_class = 2604;
constexpr int64_t pg_language_class = 2612;
constexpr int64_t pg_namespace_class = 2615;
constexpr int64_t pg_operator_class = 2617;
constexpr int64_t pg_rewrite_class = 2618;
constexpr int64_t pg_trigger_class = 2620;
constexpr int64_t pg_extension_class = 3079;

}  // namespace tributary
