-- SHOW transaction_isolation / transaction_read_only (and current_setting) inside a block
-- show its BEGIN / SET TRANSACTION modes and the defaults again after it (issue 11).
BEGIN READ ONLY
SHOW transaction_read_only
SET TRANSACTION ISOLATION LEVEL REPEATABLE READ
SHOW transaction_isolation
SELECT current_setting('transaction_isolation'), current_setting('transaction_read_only')
COMMIT
SHOW transaction_isolation
SHOW transaction_read_only
BEGIN ISOLATION LEVEL SERIALIZABLE, READ WRITE
SHOW transaction_isolation
SHOW transaction_read_only
ROLLBACK
SHOW transaction_isolation
START TRANSACTION ISOLATION LEVEL READ UNCOMMITTED
SHOW transaction_isolation
COMMIT
