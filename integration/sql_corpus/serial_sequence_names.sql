-- pg_get_serial_sequence of serial, identity and schema-qualified quoted tables, its
-- errors, and with currval / setval / nextval (issues 11, 12: ORMs reset sequences so).
CREATE TABLE users (id bigserial PRIMARY KEY, n int GENERATED ALWAYS AS IDENTITY, v text)
CREATE SCHEMA s2
CREATE TABLE s2."Odd Table" (id serial PRIMARY KEY)
SELECT pg_get_serial_sequence('users', 'id'), pg_get_serial_sequence('public.users', 'n'), pg_get_serial_sequence('users', 'v'), pg_get_serial_sequence('s2."Odd Table"', 'id'), pg_get_serial_sequence(NULL, 'id')
SELECT pg_get_serial_sequence('USERS', 'id')
SELECT pg_get_serial_sequence('users', 'ID')
SELECT pg_get_serial_sequence('nosuch', 'id')
SELECT currval(pg_get_serial_sequence('users', 'id'))
INSERT INTO users (v) VALUES ('x') RETURNING id, n
SELECT currval(pg_get_serial_sequence('users', 'id')), setval(pg_get_serial_sequence('users', 'id'), 41), nextval(pg_get_serial_sequence('users', 'id'))
DROP TABLE users
DROP TABLE s2."Odd Table"
DROP SCHEMA s2
