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
SELECT '\x01'::bytea || '\x02'::bytea, '\x0100'::bytea || '\x00ff', '\x01' || '\xff'::bytea, NULL || '\x01'::bytea, pg_typeof('\x01'::bytea || '\x02')
SELECT '\x01'::bytea || 'abc'::text, 'x'::text || '\x01'::bytea, decode(name, 'escape') || '\x00' FROM items ORDER BY id
SELECT substring('\x0102030405'::bytea from 2 for 2), substring('\x0102030405'::bytea from 0 for 3), substring('\x0102030405'::bytea from -1 for 3), substring('\x0102030405'::bytea from 4), substr('\x0102030405'::bytea, 6), substr('\x0102'::bytea, 1, 0)
SELECT substring('\x01'::bytea from 1 for -1)
SELECT pg_typeof(substr('\x0102'::bytea, 1)), octet_length(substring('\x000102'::bytea from 1 for 2)), bit_length('\x0102'::bytea), encode(substring(sha256('abc') from 1 for 4), 'hex')
SELECT substring(decode(name, 'escape') from 2 for 3), octet_length(decode(name, 'escape')) FROM items ORDER BY id
SELECT convert_to('héllo', 'UTF8'), convert_to('héllo', 'latin1'), convert_to('abc', 'LATIN1'), convert_to('é', 'SQL_ASCII')
SELECT convert_from('\x68c3a96c6c6f'::bytea, 'UTF8'), convert_from('\x68e96c6c6f', 'LATIN1'), convert_from('\xff'::bytea, 'iso_8859_1')
SELECT convert('\x68e96c6c6f'::bytea, 'LATIN1', 'UTF8'), convert('\xc3a9'::bytea, 'utf8', 'latin1'), convert(NULL, 'UTF8', 'LATIN1')
SELECT convert_to('日本', 'LATIN1')
SELECT convert_from('\xff'::bytea, 'UTF8')
SELECT convert_from('\x61c328'::bytea, 'UTF8')
SELECT convert_from('\x6100'::bytea, 'LATIN1')
SELECT convert_to('abc', 'nosuch')
SELECT convert_from('abc', 'nosuch')
SELECT convert_to(42, 'UTF8')
SELECT position('\x02'::bytea in '\x010203'::bytea), position('\x05'::bytea in '\x010203'::bytea), position(''::bytea in '\x01'::bytea), position('\x0203' in '\x010203'::bytea), position(NULL::bytea in '\x01'::bytea)
SELECT position('a'::text in '\x01'::bytea)
SELECT overlay('\x010203'::bytea placing '\xff'::bytea from 2), overlay('\x010203'::bytea placing '\xffee'::bytea from 2 for 1), overlay('\x010203'::bytea placing '' from 1 for 2), overlay('\x0102'::bytea placing '\xaa' from 5)
SELECT overlay('\x010203'::bytea placing '\xff' from 0)
