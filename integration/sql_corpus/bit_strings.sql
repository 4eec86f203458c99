-- bit strings: || of bit and varbit is a varbit, an untyped operand read as varbit (issue 11).
SELECT B'101' || B'11', pg_typeof(B'101' || B'11'), '101'::varbit || '0'::bit(1), B'101'::bit(3) || B'1'::bit(1), B'1' || '01', NULL::bit || B'1', pg_typeof(B'1' || '01')
SELECT B'1' || 'x'
