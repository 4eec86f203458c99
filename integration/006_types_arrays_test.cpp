// 006_types_arrays: array values assigned to array columns of another element
// type answer as PostgreSQL's.
//
// Differential against a real PostgreSQL 15 (differential_test.hpp): the same
// statements on both servers, the same rows, or the same SQLSTATE, message and
// position. An array expression assigned to an array column of another element
// type is cast element by element with the elements' assignment cast (numeric
// into int8 rounds half away from zero, float8 into int4 half to even), in every
// form of INSERT and UPDATE: one row of VALUES or several, INSERT ... SELECT,
// UPDATE SET.
#include "integration/differential_test.hpp"

namespace tributary::integration {
namespace {

class TypesArrays : public DifferentialTest {};

TEST_F(TypesArrays, ArrayAssignmentCastsEachElementAsPostgres) {
  expect_same_answers({
      "CREATE TABLE a8 (id int, x int8[], y int4[], z int2[])",
      "INSERT INTO a8 (id, x) VALUES (1, ARRAY[1.5, 2.4, -2.5])",
      "INSERT INTO a8 (id, x) VALUES (2, ARRAY[[1.5], [2.5]])",
      "INSERT INTO a8 (id, x) VALUES (3, ARRAY[1.5, NULL])",
      "INSERT INTO a8 (id, x) VALUES (4, ARRAY[9223372036854775808.0])",
      "INSERT INTO a8 (id, x) VALUES (5, ARRAY['NaN'::numeric])",
      "INSERT INTO a8 (id, y, z) VALUES (6, ARRAY[1.5e0, 2.5e0], ARRAY[2.5e0::float4])",
      "INSERT INTO a8 (id, y) VALUES (7, ARRAY[3000000000.0])",
      "INSERT INTO a8 (id, z) VALUES (8, ARRAY[40000.0])",
      "UPDATE a8 SET x = ARRAY[7.5] WHERE id = 1",
      "SELECT * FROM a8 ORDER BY id",
      "SELECT ARRAY[2.5, -0.5]::int8[], ARRAY[2.5e0]::int4[]",
  }, true);
}

// Several rows of VALUES: each row's values are assigned to the columns as one
// row's are (PostgreSQL's transformInsertStmt coerces each VALUES list to the
// target columns), whatever the other rows hold.
TEST_F(TypesArrays, SeveralRowsOfValuesCastEachElementAsOneRowDoes) {
  expect_same_answers({
      "CREATE TABLE a8 (id int, x int8[], y int4[], z int2[])",
      "INSERT INTO a8 (id, x) VALUES (1, ARRAY[1.5]), (2, ARRAY[2.5, -2.5])",
      "INSERT INTO a8 (id, y) VALUES (3, ARRAY[2.5::float8]), (4, ARRAY[3.5::float8, -0.5::float8])",
      "INSERT INTO a8 (id, x) VALUES (5, ARRAY[1.5]), (6, NULL), (7, '{7}'), (8, ARRAY[8])",
      "INSERT INTO a8 (id, z) VALUES (9, ARRAY[[1.5, NULL]]), (10, ARRAY[[2.5], [3.5]])",
      "INSERT INTO a8 (id, x, y, z) VALUES (11, ARRAY[0.5], ARRAY[0.5], ARRAY[0.5]), (12, ARRAY[-0.5], ARRAY[-1.5], ARRAY[1.5])",
      // Errors: the failing row's element, no row kept.
      "INSERT INTO a8 (id, x) VALUES (13, ARRAY[1.5]), (14, ARRAY[9223372036854775808.0])",
      "INSERT INTO a8 (id, z) VALUES (15, ARRAY[1.5]), (16, ARRAY[40000.0])",
      "INSERT INTO a8 (id, x) VALUES (17, ARRAY['NaN'::numeric]), (18, ARRAY[1.5])",
      "INSERT INTO a8 (id, y) VALUES (19, ARRAY['Infinity'::float8]), (20, ARRAY[1.5])",
      "INSERT INTO a8 (id, x) VALUES (21, ARRAY['x'::text]), (22, ARRAY[1.5])",
      "INSERT INTO a8 (id, x) VALUES (23, ARRAY[1.5]), (24, ARRAY[true])",
      "INSERT INTO a8 (id, x) VALUES (23, ARRAY[1.5]), (24, now())",
      "INSERT INTO a8 (id, x) VALUES (23, now())",
      "INSERT INTO a8 (id, x) VALUES (25, ARRAY[1.5]) RETURNING id, x",
      "INSERT INTO a8 (id, x) VALUES (26, ARRAY[1.5]), (27, ARRAY[2.5]) RETURNING id, x, x[1]",
      "SELECT * FROM a8 ORDER BY id",
  }, true);
}

// INSERT ... SELECT and UPDATE SET (a single column, several in a row) cast each
// element as INSERT ... VALUES does; a value of a type without an assignment cast
// to the column's is 42804 at the value.
TEST_F(TypesArrays, InsertSelectAndUpdateCastEachElementAsPostgres) {
  expect_same_answers({
      "CREATE TABLE a8 (id int, x int8[], y int4[], z int2[])",
      "INSERT INTO a8 (id, x) SELECT 1, ARRAY[4.5]",
      "INSERT INTO a8 (id, x) SELECT 2, ARRAY[4.5] UNION ALL SELECT 3, ARRAY[5.5]",
      "INSERT INTO a8 (id, x) SELECT * FROM (VALUES (4, ARRAY[6.5]), (5, ARRAY[7.5])) v",
      "INSERT INTO a8 (id, y) SELECT id + 10, ARRAY[id + 0.5] FROM a8",
      "INSERT INTO a8 (id, x) SELECT 20, ARRAY[9223372036854775808.0]",
      "UPDATE a8 SET x = ARRAY[8.5], y = ARRAY[8.5::float8] WHERE id = 4",
      "UPDATE a8 SET (x, y) = (ARRAY[9.5], ARRAY[9.5::float8]) WHERE id = 5",
      "UPDATE a8 SET z = ARRAY[id + 0.5] WHERE id > 10",
      "UPDATE a8 SET z = ARRAY[40000.5] WHERE id = 1",
      "UPDATE a8 SET x = now() WHERE id = 1",
      "UPDATE a8 SET (z, x) = (ARRAY[1.5], now()) WHERE id = 1",
      "SELECT * FROM a8 ORDER BY id",
  }, true);
}

// UPDATE ... SET (a, b) = (x, y) or ROW(x, y): each column takes the row's value
// at its place, with its assignment cast; PostgreSQL's 42601s for a source of
// another width or form and for a column assigned twice.
TEST_F(TypesArrays, UpdateSetsSeveralColumnsFromARowAsPostgres) {
  expect_same_answers({
      "CREATE TABLE u2 (id int, x int8[], y int4[], n int)",
      "INSERT INTO u2 VALUES (1, NULL, NULL, 1)",
      "UPDATE u2 SET (x, y) = (ARRAY[9.5], ARRAY[9.5::float8])",
      "SELECT * FROM u2",
      "UPDATE u2 SET (x, y) = (1)",
      "UPDATE u2 SET (x, y) = (1, 2, 3)",
      "UPDATE u2 SET (x, y) = ROW(ARRAY[1.5], ARRAY[2])",
      "UPDATE u2 SET (n) = ROW(6)",
      "UPDATE u2 SET (x, n) = (DEFAULT, 7)",
      "UPDATE u2 SET (x, nosuch) = (NULL, 7)",
      "UPDATE u2 SET (n, x) = (n + 1, ARRAY[n]) RETURNING *",
      "UPDATE u2 SET (n, n) = (1, 2)",
      "UPDATE u2 SET n = 1, n = 2",
      "UPDATE u2 SET (x, n) = (now(), 1)",
      "SELECT * FROM u2",
  }, true);
}

// An array of a domain over an array (il[] with il over int[]) is, in
// PostgreSQL, an array whose elements are whole int[] values ({"{3,4}","{5}"}),
// not a 2-D int[]: each element read by int[]'s input ('{{1,2},{3,4}}' is
// 22P02 at the literal), printed by its output, compared as array_cmp of the
// elements' own array_cmp (ORDER BY, WHERE, UNIQUE), and v[1] is the element
// (an int[]). An array of a domain over il[] holds il[] values.
TEST_F(TypesArrays, AnArrayOfADomainOverAnArrayHoldsWholeArraysAsPostgres) {
  expect_same_answers({
      "CREATE DOMAIN il AS int[]",
      "CREATE TABLE tl (id int PRIMARY KEY, v il[])",
      "INSERT INTO tl VALUES (1, '{\"{1,2}\",\"{3,4}\"}'), (2, '{\"{1,2}\"}'), (3, NULL), "
      "(4, '{NULL,\"{5}\"}'), (5, '{}'), (6, '{\"{1,2}\",\"{3}\"}'), (7, '{\"{1,NULL}\"}'), "
      "(8, '{\"{}\"}'), (9, '{\"{{1,2},{3,4}}\"}'), (10, '{\"{1}\"}'), (11, '{\"[0:1]={1,2}\"}'), "
      "(12, '{\" { 9 , 8 } \"}')",
      "INSERT INTO tl VALUES (20, '{{1,2},{3,4}}')",
      "INSERT INTO tl VALUES (20, '{\"{1,2}\",\"{x}\"}')",
      "INSERT INTO tl VALUES (20, '{\"{1,2}\",x}')",
      "SELECT * FROM tl ORDER BY v, id",
      "SELECT * FROM tl ORDER BY v DESC, id",
      "SELECT id, v[1], v[2], v[1][2], v[1:1] FROM tl ORDER BY id",
      "SELECT (v[1])[2] FROM tl WHERE id = 1",
      "SELECT id FROM tl WHERE v = '{\"{1,2}\",\"{3,4}\"}'",
      "SELECT id FROM tl WHERE v > '{\"{1,2}\"}' ORDER BY id",
      "SELECT id FROM tl WHERE v[1] = '{1,2}' ORDER BY id",
      "SELECT '{\"{1,2}\",\"{3,4}\"}'::il[], '{\"[0:1]={1,2}\"}'::il[]",
      "SELECT '{{1,2},{3,4}}'::il[]",
      "SELECT array_ndims(v), array_length(v, 1), cardinality(v) FROM tl WHERE id = 1",
      "SELECT format_type(atttypid, atttypmod), attndims FROM pg_attribute "
      "WHERE attrelid = 'tl'::regclass AND attname = 'v'",
      "SELECT t.typname, e.typname, t.typcategory FROM pg_type t JOIN pg_type e ON e.oid = t.typelem "
      "WHERE t.typname = '_il'",
      "CREATE UNIQUE INDEX tl_v ON tl (v)",
      "INSERT INTO tl VALUES (21, '{\"{1,2}\",\"{3,04}\"}')",
      "INSERT INTO tl VALUES (21, '{\"[0:1]={1,2}\"}')",
      "INSERT INTO tl VALUES (21, '{\"[2:3]={1,2}\"}')",
      "UPDATE tl SET v = '{\"{7}\"}' WHERE id = 3 RETURNING v",
      "DELETE FROM tl WHERE v = '{\"{7}\"}' RETURNING id",
      "SELECT unnest(v) FROM tl WHERE id = 1",
  }, true);
  // An array of a domain over such an array (ill[], ill AS il[]): each element an il[]
  // value, ordered as array_cmp of the il[] elements' own order.
  expect_same_answers({
      "CREATE DOMAIN ill AS il[]",
      "CREATE TABLE tz (id int, z ill[])",
      "INSERT INTO tz VALUES (1, '{\"{\\\"{1,2}\\\",\\\"{3}\\\"}\",NULL,\"{}\"}'), (2, '{}'), (3, NULL)",
      "INSERT INTO tz VALUES (4, '{{\"{1}\"}}')",
      "INSERT INTO tz VALUES (4, '{\"{\\\"{x}\\\"}\"}')",
      "SELECT id, z, z[1], z[1][1], array_length(z, 1), pg_typeof(z[1])::text FROM tz ORDER BY id",
      "SELECT id FROM tz ORDER BY z DESC, id",
      "DROP TABLE tz",
      "DROP DOMAIN ill",
  }, true);
  // DROP DOMAIN's DETAIL names il[] for the array columns (listed first), il for the others.
  expect_same_answers({
      "DROP INDEX tl_v",
      "CREATE TABLE tm (id int, x il, z il[])",
      "ALTER TABLE tm ADD COLUMN w il[]",
      "INSERT INTO tm VALUES (1, '{1}', '{\"{2}\",\"{1}\"}', '{\"{3}\"}'), (2, NULL, '{\"{1}\"}', NULL)",
      "ALTER TABLE tm ALTER COLUMN id SET NOT NULL",
      "SELECT * FROM tm WHERE z < '{\"{2}\"}' ORDER BY z",
      "DROP DOMAIN il",
      "ALTER TABLE tm DROP COLUMN w",
      "DROP DOMAIN il",
      "DROP DOMAIN il CASCADE",
      "SELECT * FROM tm ORDER BY id",
  });
  // information_schema.columns: an array of a domain or an enum is an ARRAY of the type's
  // own array type (_price, _il, _mood, in the type's schema), without a domain.
  expect_same_answers({
      "CREATE DOMAIN il AS int[]",
      "CREATE DOMAIN price AS numeric(7,2)",
      "CREATE TYPE mood AS ENUM ('a', 'b')",
      "CREATE TABLE dd (a price, b price[], c il, d il[], e mood, f mood[])",
      "SELECT column_name, data_type, udt_schema, udt_name, domain_schema, domain_name, numeric_precision "
      "FROM information_schema.columns WHERE table_name = 'dd' ORDER BY ordinal_position",
  });
}

}  // namespace
}  // namespace tributary::integration
