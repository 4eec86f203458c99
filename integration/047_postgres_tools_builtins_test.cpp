// 047_postgres_tools_builtins: psql's listings of PostgreSQL 15's built-in
// operators and functions (\do, \df <pattern>, \df+) and of the kinds of objects
// Tributary has none of (\dc conversions, \dX extended statistics, \dFp text
// search parsers), against Tributary and the fixture's PostgreSQL 15 (issue 12):
// the same output, and the catalog reads beneath them (pg_operator's functions by
// regproc, obj_description, regproc's errors). Same fixture as
// 047_postgres_tools_test.cpp.
#include "integration/postgres_tools_fixture.hpp"

namespace tributary::integration {
namespace {

TEST_F(PostgresTools, OperatorListsAsPostgres) {
  // Without a pattern \do lists the user's operators (none on either); with one,
  // pg_catalog's too, and \do+ their functions.
  expect_same_meta_commands({"\\do", "\\do+ +", "\\do ||", "\\do+ ~~", "\\do - bigint", "\\do @> jsonb",
                             "\\do+ pg_catalog.=", "\\do nosuch"});
  expect_same_answers({
      "SELECT oprname, oprcode, oprcode::regprocedure, oprrest, oprjoin, oprleft::regtype, oprresult::regtype "
      "FROM pg_operator WHERE oprname = '||' ORDER BY oid",
      "SELECT o.oprname, p.proname, obj_description(o.oid, 'pg_operator'), obj_description(p.oid, 'pg_proc') "
      "FROM pg_operator o JOIN pg_proc p ON p.oid = o.oprcode WHERE o.oprname = '<' AND o.oprleft = 'int4'::regtype "
      "ORDER BY o.oid",
      "SELECT pg_operator_is_visible(551), pg_operator_is_visible(0)",
      // pg_describe_object names them as PostgreSQL's format_operator / format_procedure.
      "SELECT pg_describe_object(2617, 551, 0), pg_describe_object(2617, 484, 0), "
      "pg_describe_object(1255, 'lower(text)'::regprocedure, 0), pg_describe_object(1255, 'count()'::regprocedure, 0)",
  });
}

TEST_F(PostgresTools, BuiltinFunctionListsAsPostgres) {
  // \df+ shows a SQL-standard body (lpad, age) as pg_get_function_sqlbody prints it.
  expect_same_meta_commands({"\\df abs", "\\df+ lower", "\\df+ abs", "\\df array_agg", "\\df jsonb_set",
                             "\\df string_agg", "\\df+ now", "\\df+ lpad", "\\df+ age", "\\df pg_catalog.length", "\\dfa count",
                             "\\df nosuch", "\\sf int4pl", "\\sf lpad(text, integer)",
                             "\\sf+ lower(text)", "\\sf row_number", "\\sf generate_series(integer, integer)", "\\sf abs"});
  expect_same_answers({
      "SELECT 'int4pl'::regproc::oid, 'lower(text)'::regprocedure::oid, 'pg_catalog.upper'::regproc",
      "SELECT proname, pg_get_function_arguments(oid), pg_get_function_identity_arguments(oid), "
      "pg_get_function_result(oid), pg_function_is_visible(oid) FROM pg_proc WHERE proname = 'jsonb_set' ORDER BY oid",
      // pg_get_functiondef of a built-in function (\sf), and PostgreSQL's error for an aggregate's.
      "SELECT pg_get_functiondef('count()'::regprocedure)",
      "SELECT pg_get_functiondef(2331)",  // unnest(anyarray): SETOF, ROWS, SUPPORT
      // PostgreSQL's errors: a name of several functions.
      "SELECT 'abs'::regproc",
      "SELECT 'abs(text)'::regprocedure",
  });
}

TEST_F(PostgresTools, ConversionStatisticsAndParserListsAsPostgres) {
  // None of the user's: empty lists on both. (\dcS, \dFpS, \dF, \dFd and \dFt
  // differ: Tributary speaks only UTF8 and has no text search, so it lists none of
  // PostgreSQL's built-in conversions, parsers, configurations, dictionaries and
  // templates.)
  expect_same_meta_commands({"\\dc", "\\dc nosuch", "\\dX", "\\dX+", "\\dX nosuch", "\\dFp nosuch*",
                             "\\dF nosuch*", "\\dFd nosuch*", "\\dFt nosuch*"});
  expect_same_answers({
      "SELECT count(*) FROM pg_statistic_ext",
      "SELECT pg_statistics_obj_is_visible(1), pg_conversion_is_visible(1), pg_ts_parser_is_visible(1), "
      "pg_ts_config_is_visible(1), pg_ts_dict_is_visible(1), pg_ts_template_is_visible(1)",
  });
}

}  // namespace
}  // namespace tributary::integration
