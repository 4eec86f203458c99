-- json[b]_populate_record[set] and json[b]_to_record[set] with domain and array columns (issue 11):
-- a domain's CHECKs test the value, a JSON array (or a string's array text) fills an array column;
-- a type name that names nothing is 42704.
CREATE DOMAIN corpus_pos AS int CHECK (VALUE > 0)
CREATE TABLE corpus_typed (id int, p corpus_pos, tags text[], nums int[], amounts numeric(5,2)[])
SELECT * FROM json_populate_record(NULL::corpus_typed, '{"id": 1, "p": 5, "tags": ["a", "b c"], "nums": [1, 2], "amounts": [1.5, "2"]}')
SELECT * FROM json_populate_record(NULL::corpus_typed, '{"id": 1, "p": -5}')
SELECT * FROM json_populate_record(NULL::corpus_typed, '{"p": null}')
SELECT * FROM jsonb_populate_recordset(NULL::corpus_typed, '[{"id": 1, "tags": "{x,y}"}, {"id": 2, "nums": [[1,2],[3,4]]}]')
SELECT * FROM json_populate_record(NULL::corpus_typed, '{"nums": 5}')
SELECT * FROM json_populate_record(NULL::corpus_typed, '{"nums": [[1], 2]}')
SELECT * FROM json_populate_record(NULL::corpus_typed, '{"nums": [[1,2], [3]]}')
SELECT * FROM json_populate_record(NULL::corpus_typed, '{"nums": ["x"]}')
SELECT * FROM json_populate_record(NULL::corpus_typed, '{"nums": [{"a":1}]}')
SELECT * FROM json_populate_record(NULL::corpus_typed, '{"tags": [true, null, 1.5, "", "NULL", "a,b", {"a": 1}, "q\"uote", "back\\slash"]}')
SELECT * FROM jsonb_populate_record(NULL::corpus_typed, '{"tags": [true, null, 1.5, "", "NULL", "a,b", {"a":  1}]}')
SELECT * FROM json_populate_record(NULL::corpus_typed, '{"nums": [], "tags": [[]]}')
SELECT * FROM json_populate_record(NULL::corpus_typed, '{"nums": null}')
SELECT * FROM json_populate_record(NULL::corpus_typed, '{"nums": "{1,x}"}')
SELECT * FROM json_populate_record(NULL::corpus_typed, '{"amounts": [1234.567]}')
SELECT * FROM json_to_record('{"a": [1, 2], "b": {"x": 1}}') AS r(a int[], b text)
SELECT * FROM json_to_record('{"a": 5}') AS r(a corpus_pos)
SELECT * FROM jsonb_to_recordset('[{"a": 5, "t": ["x"]}, {"a": 0}]') AS r(a corpus_pos, t varchar[])
SELECT * FROM json_to_record('{"a": 1}') AS r(a nosuchtype)
SELECT * FROM json_to_record('{"a": 1}') AS r(a public.nosuchtype[])
SELECT 1::nosuchtype
SELECT CAST('a' AS public.nosuch)
SELECT '{}'::nosuch[]
DROP TABLE corpus_typed
DROP DOMAIN corpus_pos
