-- SHOW transaction_isolation / transaction_read_only (and current_setting) inside a block
-- show its BEGIN / SET TRANSACTION modes; outside a block they show default_transaction_isolation
-- and default_transaction_read_only, also after SET and RESET of them (issue 11).
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
SHOW transaction_isolation
SET default_transaction_isolation = 'serializable'
SHOW transaction_isolation
SELECT current_setting('transaction_isolation')
BEGIN
SHOW transaction_isolation
SET default_transaction_isolation = 'repeatable read'
SHOW transaction_isolation
COMMIT
SHOW transaction_isolation
SET default_transaction_read_only = on
SHOW transaction_read_only
BEGIN READ WRITE
SHOW transaction_read_only
ROLLBACK
SHOW transaction_read_only
RESET default_transaction_read_only
SHOW transaction_read_only
RESET default_transaction_isolation
SHOW transaction_isolation
