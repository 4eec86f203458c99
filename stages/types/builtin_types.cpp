// builtin_types: the table of built-in types (values from PostgreSQL's pg_type.dat,
// identical in versions 15 to 18). See builtin_types.hpp.
#include "stages/types/builtin_types.hpp"

#include <array>

#include "stages/types/verbatim/array_order.hpp"

namespace tributary {
namespace {

constexpr auto integer = storage_class::integer;
constexpr auto text = storage_class::text;
constexpr auto blob = storage_class::blob;

// oid, typname, typlen, category, element, array, storage, collation
constexpr type_descriptor base_types[] = {
    {16, "bool", 1, 'B', 0, 1000, integer, "BINARY"},
    {17, "bytea", -1, 'U', 0, 1001, blob, "BINARY"},
    {18, "char", 1, 'Z', 0, 1002, text, "BINARY"},
    {19, "name", 64, 'S', 0, 1003, text, "BINARY"},
    {20, "int8", 8, 'N', 0, 1016, integer, "BINARY"},
    {21, "int2", 2, 'N', 0, 1005, integer, "BINARY"},
    {23, "int4", 4, 'N', 0, 1007, integer, "BINARY"},
    {24, "regproc", 4, 'N', 0, 1008, integer, "BINARY"},
    {25, "text", -1, 'S', 0, 1009, text, "BINARY"},
    {26, "oid", 4, 'N', 0, 1028, integer, "BINARY"},
    {27, "tid", 6, 'U', 0, 1010, text, "BINARY"},
    {28, "xid", 4, 'U', 0, 1011, integer, "BINARY"},
    {29, "cid", 4, 'U', 0, 1012, integer, "BINARY"},
    {114, "json", -1, 'U', 0, 199, text, "BINARY"},
    {142, "xml", -1, 'U', 0, 143, text, "BINARY"},
    {600, "point", 16, 'G', 0, 1017, text, "BINARY"},
    {601, "lseg", 32, 'G', 0, 1018, text, "BINARY"},
    {602, "path", -1, 'G', 0, 1019, text, "BINARY"},
    {603, "box", 32, 'G', 0, 1020, text, "BINARY"},
    {604, "polygon", -1, 'G', 0, 1027, text, "BINARY"},
    {628, "line", 24, 'G', 0, 629, text, "BINARY"},
    {650, "cidr", -1, 'I', 0, 651, text, "pg_inet"},
    {700, "float4", 4, 'N', 0, 1021, text, "pg_float"},
    {701, "float8", 8, 'N', 0, 1022, text, "pg_float"},
    {705, "unknown", -2, 'X', 0, 0, text, "BINARY"},
    {718, "circle", 24, 'G', 0, 719, text, "BINARY"},
    {774, "macaddr8", 8, 'U', 0, 775, text, "BINARY"},
    {790, "money", 8, 'N', 0, 791, integer, "BINARY"},
    {829, "macaddr", 6, 'U', 0, 1040, text, "BINARY"},
    {869, "inet", -1, 'I', 0, 1041, text, "pg_inet"},
    {1042, "bpchar", -1, 'S', 0, 1014, text, "pg_bpchar"},
    {1043, "varchar", -1, 'S', 0, 1015, text, "BINARY"},
    {1082, "date", 4, 'D', 0, 1182, integer, "BINARY"},
    {1083, "time", 8, 'D', 0, 1183, integer, "BINARY"},
    {1114, "timestamp", 8, 'D', 0, 1115, integer, "BINARY"},
    {1184, "timestamptz", 8, 'D', 0, 1185, integer, "BINARY"},
    {1186, "interval", 16, 'T', 0, 1187, text, "pg_interval"},
    {1266, "timetz", 12, 'D', 0, 1270, integer, "BINARY"},
    {1560, "bit", -1, 'V', 0, 1561, text, "BINARY"},
    {1562, "varbit", -1, 'V', 0, 1563, text, "BINARY"},
    {1700, "numeric", -1, 'N', 0, 1231, text, "pg_numeric"},
    {2202, "regprocedure", 4, 'N', 0, 2207, integer, "BINARY"},
    {2203, "regoper", 4, 'N', 0, 2208, integer, "BINARY"},
    {2204, "regoperator", 4, 'N', 0, 2209, integer, "BINARY"},
    {2205, "regclass", 4, 'N', 0, 2210, integer, "BINARY"},
    {2206, "regtype", 4, 'N', 0, 2211, integer, "BINARY"},
    {4089, "regnamespace", 4, 'N', 0, 4090, integer, "BINARY"},
    {2950, "uuid", 16, 'U', 0, 2951, text, "BINARY"},
    {3220, "pg_lsn", 8, 'U', 0, 3221, text, "pg_lsn"},
    {3614, "tsvector", -1, 'U', 0, 3643, text, "pg_tsvector"},
    {3615, "tsquery", -1, 'U', 0, 3645, text, "pg_tsquery"},
    {3802, "jsonb", -1, 'U', 0, 3807, text, "pg_jsonb"},
    {4072, "jsonpath", -1, 'U', 0, 4073, text, "BINARY"},
    {3904, "int4range", -1, 'R', 0, 3905, text, "pg_int4range"},
    {3906, "numrange", -1, 'R', 0, 3907, text, "pg_numrange"},
    {3908, "tsrange", -1, 'R', 0, 3909, text, "pg_tsrange"},
    {3910, "tstzrange", -1, 'R', 0, 3911, text, "pg_tstzrange"},
    {3912, "daterange", -1, 'R', 0, 3913, text, "pg_daterange"},
    {3926, "int8range", -1, 'R', 0, 3927, text, "pg_int8range"},
    {4451, "int4multirange", -1, 'R', 0, 6150, text, "pg_int4multirange"},
    {4532, "nummultirange", -1, 'R', 0, 6151, text, "pg_nummultirange"},
    {4533, "tsmultirange", -1, 'R', 0, 6152, text, "pg_tsmultirange"},
    {4534, "tstzmultirange", -1, 'R', 0, 6153, text, "pg_tstzmultirange"},
    {4535, "datemultirange", -1, 'R', 0, 6155, text, "pg_datemultirange"},
    {4536, "int8multirange", -1, 'R', 0, 6157, text, "pg_int8multirange"},
    {5069, "xid8", 8, 'U', 0, 271, text, "BINARY"},
};

// Array types: oid, element. Their values are kept as array_out's text.
struct array_type {
  oid_t oid;
  std::string_view typname;
  oid_t element;
};
constexpr array_type array_types[] = {
    {1000, "_bool", 16},        {1001, "_bytea", 17},       {1002, "_char", 18},
    {1003, "_name", 19},        {1016, "_int8", 20},        {1005, "_int2", 21},
    {1007, "_int4", 23},        {1009, "_text", 25},        {1028, "_oid", 26},
    {199, "_json", 114},        {143, "_xml", 142},         {1017, "_point", 600},
    {1020, "_box", 603},        {651, "_cidr", 650},        {1021, "_float4", 700},
    {1022, "_float8", 701},     {791, "_money", 790},       {1040, "_macaddr", 829},
    {775, "_macaddr8", 774},    {1041, "_inet", 869},       {1014, "_bpchar", 1042},
    {1015, "_varchar", 1043},   {1182, "_date", 1082},      {1183, "_time", 1083},
    {1115, "_timestamp", 1114}, {1185, "_timestamptz", 1184}, {1187, "_interval", 1186},
    {1270, "_timetz", 1266},    {1561, "_bit", 1560},       {1563, "_varbit", 1562},
    {1231, "_numeric", 1700},   {2951, "_uuid", 2950},      {3807, "_jsonb", 3802},
    {3221, "_pg_lsn", 3220},    {3643, "_tsvector", 3614},  {3645, "_tsquery", 3615},
    {3905, "_int4range", 3904}, {3907, "_numrange", 3906},  {3909, "_tsrange", 3908},
    {3911, "_tstzrange", 3910}, {3913, "_daterange", 3912}, {3927, "_int8range", 3926},
};

// An array's stored text compares by its element type's order: the collation
// "pg_array_<element typname>" (array_order.hpp), where the element has one.
std::string_view array_collation(std::string_view element_typname) {
  for (const stored_collation& c : stored_array_collations())
    if (c.name.size() == 9 + element_typname.size() && c.name.substr(0, 9) == "pg_array_" &&
        c.name.substr(9) == element_typname)
      return c.name;
  return "BINARY";
}

std::string_view typname_of(oid_t oid) {
  for (const auto& t : base_types)
    if (t.oid == oid)
      return t.typname;
  return {};
}

const std::array<type_descriptor, std::size(array_types)>& array_descriptors() {
  static const auto descriptors = [] {
    std::array<type_descriptor, std::size(array_types)> out{};
    for (size_t i = 0; i < std::size(array_types); ++i)
      out[i] = type_descriptor{array_types[i].oid, array_types[i].typname, -1, 'A',
                               array_types[i].element, 0, text,
                               array_collation(typname_of(array_types[i].element))};
    return out;
  }();
  return descriptors;
}

constexpr type_descriptor unknown_descriptor{0, "", -1, 'U', 0, 0, text, "BINARY"};

}  // namespace

const type_descriptor* find_builtin_type(oid_t oid) {
  for (const auto& t : base_types)
    if (t.oid == oid)
      return &t;
  for (const auto& t : array_descriptors())
    if (t.oid == oid)
      return &t;
  return nullptr;
}

const type_descriptor* find_builtin_type(std::string_view typname) {
  for (const auto& t : base_types)
    if (t.typname == typname)
      return &t;
  for (const auto& t : array_descriptors())
    if (t.typname == typname)
      return &t;
  return nullptr;
}

const type_descriptor& unknown_type_descriptor() { return unknown_descriptor; }

bool is_object_identifier_type(oid_t oid) {
  switch (oid) {
    case 26: case 24: case 2202: case 2203: case 2204: case 2205: case 2206: case 4089:
      return true;
    default:
      return false;
  }
}

}  // namespace tributary
