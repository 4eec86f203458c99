-- information_schema.sequences: serial and CREATE SEQUENCE sequences (an identity column's is
-- internal and not listed), their values as text (issue 12).
CREATE TABLE users (id bigserial PRIMARY KEY, n int GENERATED ALWAYS AS IDENTITY, v text)
CREATE SEQUENCE s3 AS smallint INCREMENT BY 5 MINVALUE -10 MAXVALUE 1000 START 7 CYCLE
SELECT * FROM information_schema.sequences ORDER BY sequence_name
DROP TABLE users
DROP SEQUENCE s3
