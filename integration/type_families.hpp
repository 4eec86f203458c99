// type_families: the type families of the 006_types suites (006_types_test.cpp,
// 006_types_binary_test.cpp): one table per family with edge-case values, the
// users' types they need, and the DDL and INSERT of each on both servers.
#pragma once

#include <string>
#include <vector>

namespace tributary::integration {

struct type_family {
  std::string table;
  std::string columns;                 // after "id int PRIMARY KEY, "
  std::vector<std::string> rows;       // VALUES tuples after the id
  std::vector<std::string> ordered;    // columns whose ORDER BY must match PostgreSQL's
  bool local_input = true;  // false: local input is stored as written, not normalized yet
  bool binary = true;       // false: no binary receive function here (binary = true refused)
};

inline const std::vector<type_family>& families() {
  static const std::vector<type_family> all = {
      {"t_integers", "i2 int2, i4 int4, i8 int8, o oid",
       {"-32768, -2147483648, -9223372036854775808, 0", "32767, 2147483647, 9223372036854775807, 4294967295",
        "0, -1, 1, 17", "NULL, NULL, NULL, NULL"},
       {"i2", "i4", "i8", "o"}},
      {"t_numeric", "n122 numeric(12,2), n numeric, n3010 numeric(30,10)",
       {"1234.50, 12345678901234567890.0123456789, -99999999999999999999.9999999999",
        "-0.10, 0.1000000000000000001, 0", "3.00, 0.1000000000000000002, 1.5",
        "1234.5, 'NaN', -1", "'-0.001', 'Infinity', 0.00000000001", "0, '-Infinity', NULL",
        "1e3, 1.0, 1.00"},
       {"n122", "n", "n3010"}},
      {"t_float", "f4 float4, f8 float8",
       {"'-0', '-0'", "0.1, 0.30000000000000004", "'NaN', 'NaN'", "'Infinity', 'Infinity'",
        "'-Infinity', '-Infinity'", "1.17549435e-38, 1e-310", "3.4028235e38, 1.7976931348623157e308",
        "1234567, 1e15", "1e-5, 123456789012345", "0, 0"},
       {"f4", "f8"}},
      {"t_bool", "b bool", {"true", "false", "NULL", "'t'"}, {"b"}},
      {"t_text", "t text, v varchar(10), c char(5), n name, ch \"char\"",
       {"'', '', '', '', ''", "'a', 'a', 'a', 'a', 'a'", "'B', 'B  ', 'b', 'Bb', 'B'",
        "'multi\nline\ttab', 'äöü', 'ä', 'ñ', 'z'", "' lead', 'x', 'a b', 'x y', 'y'"},
       {"t", "v", "c", "n"}},
      {"t_bytea", "b bytea", {"'\\x'", "'\\x00ff'", "'\\xdeadbeef'", "'\\x00'", "'abc'"}, {"b"}},
      {"t_datetime",
       "d date, t time, tz timetz, ts timestamp, tstz timestamptz, iv interval",
       {"'2024-02-29', '00:00:00', '12:00:00+01', '2024-02-29 06:45:30', '2024-02-29 06:45:30-05', '1 year 2 mons 3 days 04:05:06.789'",
        "'0044-03-15 BC', '24:00:00', '11:00:00+00', '0044-03-15 10:00:00 BC', '0001-01-01 00:00:00+00 BC', '-1 days +01:00:00'",
        "'infinity', '23:59:59.999999', '00:00:00-05:30', 'infinity', 'infinity', '1 mon'",
        "'-infinity', '12:34:56.5', '23:59:59+14', '-infinity', '-infinity', '30 days'",
        "'1999-12-31', '01:02:03', '12:00:00-12', '1999-12-31 23:59:59.999999', '1883-11-18 12:00:00-05', '00:00:00'",
        "'2000-01-01', '13:00', '13:00:00+01', '2000-01-01 00:00:00', '2024-11-03 01:30:00-04', '-1 years -2 mons +3 days -04:05:06'"},
       {"d", "t", "tz", "ts", "tstz", "iv"}},
      {"t_misc", "u uuid, b8 bit(8), vb varbit, m money",
       {"'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '00001111', '101', '1234.5'",
        "'00000000-0000-0000-0000-000000000000', '11110000', '0101', '-1234.5'",
        "'ffffffff-ffff-ffff-ffff-ffffffffffff', '00000000', '', '0'",
        "'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A12', '10000000', '1', '92233720368547758.07'"},
       {"u", "b8", "vb", "m"}},
      {"t_verbatim_binary",
       "j json, ip inet, cid cidr, mac macaddr, ia int4[], ta text[], p point, x xml, l pg_lsn, jb jsonb",
       {"'{\"a\": 123.4500}', '192.168.1.5/24', '10.0.0.0/8', '08:00:2b:01:02:03', '{1,NULL,3}', '{\"a b\",c}', '(1.5,2)', '<a>x</a>', '16/B374D848', '{\"b\": 1, \"a\": [1, 2.50], \"a\": 1e2}'",
        "'[1, 2]', '::1', '2001:db8::/32', 'ff:ff:ff:ff:ff:ff', '{{1,2},{3,4}}', '{}', '(0,0)', '<b/>', '0/0', 'null'",
        "'null', '::ffff:1.2.3.4', '192.168.1.0/24', '00:00:00:00:00:00', '[0:1]={7,8}', '{NULL,\"\",\"NULL\",\"q\\\"\"}', '(-1e-05,1e+20)', NULL, 'FFFFFFFF/FFFFFFFF', '[{\"é\":\"\\u00e9\\n\"}, -0.0, true]'",
        "'{}', '10.0.0.0/16', '10.0.0.0/8', '00:00:00:00:00:01', '{}', '{}', '(0,0)', NULL, '0/1', '{}'",
        "'{}', '10.0.0.1/8', '9.0.0.0/8', '00:00:00:00:00:01', '{}', '{}', '(0,0)', NULL, '2/0', '[]'"},
       {"ip", "cid", "mac", "jb", "ia", "ta", "l"}},
      {"t_arrays", "ia int4[], na numeric[], ta text[], tza timestamptz[], fa float8[], ba bool[]",
       {"'{1,2,3}', '{1.0,2.50}', '{b,a}', '{\"2024-02-29 06:45:30-05\"}', '{-0,1.5}', '{t,f}'",
        "'{ 1 , NULL }', '{1.00}', '{a,NULL}', '{infinity,\"2000-01-01 00:00:00+00\"}', '{0}', '{f}'",
        "'{{1,2},{3,4}}', '{NaN}', '{\"\"}', '{}', '{NaN,1}', '{NULL}'",
        "'[0:1]={1,2}', '{-1e3}', '{a}', '{\"1999-12-31 23:59:59.5+02\"}', '{-Infinity}', '{}'",
        "'{}', '{}', '{A}', NULL, '{1e-310}', '{t}'",
        "'{1,2}', '{1.000,2.5}', '{a,b,c}', '{\"2024-02-29 11:45:30+00\"}', '{1.5,-0}', '{t,f,NULL}'"},
       {"ia", "na", "ta", "tza", "fa", "ba"}},
      {"t_ranges", "r int4range, nr numrange, tr tstzrange, dr daterange, mr int4multirange, i8 int8range",
       {"'[1,5)', '[1.0,2.50]', '[2024-02-29 06:45:30-05,2024-03-01 00:00:00+00)', '[2024-01-01,2024-02-01]', '{[1,3),[2,6)}', '(,10]'",
        "'empty', 'empty', 'empty', 'empty', '{}', 'empty'",
        "'(1,5]', '(,)', '(,2024-01-01 00:00:00+00)', '[-infinity,infinity)', '{[1,2],[5,6)}', '[-9223372036854775808,0)'",
        "' [ 1 , 4 ] ', '[1,1]', '[2024-02-29 11:45:30+00,)', '(2024-01-01,2024-01-02)', '{empty,[3,4)}', '[5,5]'",
        "'[0,0]', '(1.5,\"2.5\")', NULL, '[2000-01-01,2000-01-02)', '{[-1,0]}', NULL"},
       {"r", "nr", "tr", "dr", "mr", "i8"}},
      {"t_geometric", "ln line, ls lseg, bx box, pa path, pg polygon, ci circle",
       {"'{1,2,3}', '[(1,2),(3,4)]', '(1,2),(3,4)', '[(1,2),(3,4)]', '((0,0),(1,1),(1,0))', '<(1,2),3>'",
        "'[(0,0),(1,1)]', '((0.1,0.2),(0.3,0.4))', '((3,4),(1,2))', '((0,0),(1,1))', '(0,0),(2,2)', '((1,2),0.5)'",
        "'{0.1,-1,1e300}', '[(-0,0),(1e-5,1e20)]', '1,2,3,4', '(1,2,3,4)', '((1,1))', '1,2,3'"},
       {}},
      {"t_tsvector", "ts tsvector",
       {"'a fat cat'", "'x:1A y:2'", "'cat:3 fat:2,1 a'", "''", "'fat:1 cat:2'"},
       {"ts"}},
      {"t_tsquery", "q tsquery",
       {"'a & b | c'", "'!(x <-> y:*) & z:AB'", "'a <2> b'", "'a:A'", "'a'"},
       {"q"}},
      // users' types (user_types_ddl): an enum and an array of it, domains over
      // int4 and numeric(7,2), an array of a domain over int[] (each element an int[])
      // and a domain over that array, and an array of that domain (each element an il[]
      // value)
      {"t_user_types", "m mood, p posint, pr price, pra price[], ma mood[], la il[], ll ill, lll ill[]",
       {"'happy', 1, 12.5, '{1.005,2}', '{happy,sad}', '{\"{1,2}\",\"{3,4}\"}', '{\"{5}\"}', '{\"{\\\"{1,2}\\\",\\\"{3}\\\"}\",\"{}\"}'",
        "'sad', 2, -0.5, NULL, '{sad,NULL}', NULL, '{}', '{\"{\\\"{9}\\\"}\",NULL}'",
        "'meh', 3, NULL, '{}', '{}', '{}', NULL, '{}'",
        "'ok', 4, 99999.99, '{NULL,-1}', '{{meh,ok},{sad,happy}}', '{\"{1,2}\",\"{3}\"}', '{\"{1,2}\",NULL}', NULL",
        "NULL, 5, 0, NULL, NULL, '{NULL,\"{5}\"}', '{\"[2:2]={7}\"}', '{\"{NULL,\\\"[0:0]={4}\\\"}\"}'",
        "'ok', 0, 1e3, '{7}', '{ meh }', '{\"[0:1]={1,2}\",\"{{1,2},{3,4}}\"}', '{\"{5}\",\"{}\"}', '{{\"{}\"},{\"{\\\" { 1 } \\\"}\"}}'",
        "'sad', 6, 1, '{}', '{sad,happy}', '{\" { 1 , NULL } \",\"{}\"}', '{\" {-3} \"}', '[2:2]={\"{\\\"{-5}\\\"}\"}'",
        "'meh', 7, 2, '{}', '[0:1]={ok,meh}', '{{\"{-1}\",\"{2147483647}\"},{\"{}\",NULL}}', '{\"{5}\"}', '{\"{}\",\"{}\"}'"},
       {"m", "p", "pr", "pra", "ma", "la", "ll", "lll"}},
  };
  return all;
}

// The enums and domains t_user_types needs, on both servers before the tables.
// 'meh' is added between 'sad' and 'ok', so the order is not the creation order.
inline constexpr const char* user_types_ddl =
    "CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy'); "
    "ALTER TYPE mood ADD VALUE 'meh' BEFORE 'ok'; "
    "CREATE DOMAIN posint AS int4 NOT NULL DEFAULT 5; "
    "CREATE DOMAIN price AS numeric(7,2); "
    "CREATE DOMAIN il AS int[]; "
    "CREATE DOMAIN ill AS il[]";

inline std::string ddl(const type_family& f) {
  return "CREATE TABLE " + f.table + " (id int PRIMARY KEY, " + f.columns + ")";
}

inline std::string inserts(const type_family& f, int first_id = 1) {
  std::string sql = "INSERT INTO " + f.table + " VALUES ";
  for (size_t i = 0; i < f.rows.size(); ++i)
    sql += (i ? ", (" : "(") + std::to_string(first_id + static_cast<int>(i)) + ", " + f.rows[i] + ")";
  return sql;
}

}  // namespace tributary::integration
