-- encode / decode (base64, hex, escape), sha224 ... sha512 and md5 of bytea (issue 11):
-- values, result types and PostgreSQL's errors.
-- error positions are compared
SELECT encode('\x00ff5c27e9'::bytea, 'hex'), encode('\x00ff5c27e9'::bytea, 'base64'), encode('\x00ff5c27e9'::bytea, 'escape'), encode('', 'base64')
SELECT encode('abc', 'HEX'), encode('a\\b'::bytea, 'Escape'), encode('\x0102037f80'::bytea, 'escape'), encode(NULL::bytea, 'hex'), encode('ab', NULL)
SELECT encode(decode(name, 'escape'), 'base64') FROM items ORDER BY id
SELECT encode(decode(repeat('ab', 60), 'hex'), 'base64')
SELECT encode(decode(repeat('cd', 57), 'hex'), 'base64')
SELECT encode(decode(repeat('cd', 58), 'hex'), 'base64')
SELECT decode('AP8=', 'base64'), decode(' YW Jj ', 'base64'), decode('YQ==YQ==', 'base64'), decode('', 'base64'), decode('YWI=', 'BASE64')
SELECT decode('00ff 5C27e9', 'hex'), decode('', 'hex'), decode('a\\b\001\377x', 'escape'), decode(name, 'escape') FROM items WHERE id = 1
SELECT decode('ab!c', 'base64')
SELECT decode('abc', 'base64')
SELECT decode('abc=a', 'base64')
SELECT decode('a=bc', 'base64')
SELECT decode('abé', 'base64')
SELECT decode('abc', 'hex')
SELECT decode('zz', 'hex')
SELECT decode('6 1', 'hex')
SELECT decode('a\', 'escape')
SELECT decode('\400', 'escape')
SELECT encode('a', 'foo')
SELECT decode('a', 'Foo')
SELECT encode('abc'::text, 'hex')
SELECT encode(1, 'hex')
SELECT decode('\x00'::bytea, 'hex')
SELECT sha224('abc'), sha256('abc'), sha384('abc'), sha512('abc')
SELECT sha256(''), sha256('\x00ff'::bytea), sha224(NULL), sha256(decode(name, 'escape')) FROM items WHERE id IN (1, 6) ORDER BY id
SELECT encode(sha256(decode(encode(decode(category, 'escape'), 'hex'), 'hex')), 'hex') FROM items ORDER BY id
SELECT sha256('abc'::text)
SELECT sha512(42)
SELECT md5('abc'::bytea), md5('\x00ff'::bytea), md5(''::bytea), md5(NULL::bytea), md5(decode(name, 'escape')) = md5(name) FROM items WHERE id = 2
SELECT md5(1)
