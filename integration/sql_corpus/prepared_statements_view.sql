-- pg_prepared_statements (issue 11): the session's named prepared statements.
SELECT name, statement, parameter_types, from_sql, generic_plans, custom_plans FROM pg_prepared_statements ORDER BY name
PREPARE pps_one (integer, text, character varying, timestamp with time zone) AS SELECT $1, $2, $3, $4
PREPARE pps_two AS SELECT name FROM items WHERE id = $1
SELECT name, statement, parameter_types, from_sql FROM pg_prepared_statements ORDER BY name
SELECT name FROM pg_catalog.pg_prepared_statements WHERE from_sql AND prepare_time IS NOT NULL ORDER BY name
DEALLOCATE pps_one
SELECT name, parameter_types FROM pg_prepared_statements ORDER BY name
DEALLOCATE ALL
SELECT name FROM pg_prepared_statements
