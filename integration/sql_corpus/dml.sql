-- INSERT, UPDATE and DELETE with expressions, assignment casts and RETURNING, on a table
-- of its own (not replicated): the same statements on both servers leave the same rows.
CREATE TABLE accounts (id int PRIMARY KEY, owner text NOT NULL, balance numeric(12,2) DEFAULT 0, opened date, flags smallint, note varchar(5))
INSERT INTO accounts VALUES (1, 'ann', 100.005, '2024-01-01', 1, 'x')
INSERT INTO accounts VALUES (2, 'bob', 1 + 1, '2024-01-01'::date, 2, 'hello')
INSERT INTO accounts (id, owner) VALUES (3, 'cy'), (4, 'di') RETURNING id, balance, balance * 2 AS twice
INSERT INTO accounts (id, owner, balance, flags) SELECT id + 10, name, price, small FROM items WHERE name IS NOT NULL RETURNING *
INSERT INTO accounts (id, owner, note) VALUES (20, 'x', 'abc  ') RETURNING note, length(note)
INSERT INTO accounts (id, owner) VALUES (5, NULL)
INSERT INTO accounts (id, owner, note) VALUES (6, 'x', 'toolong')
INSERT INTO accounts (id, owner, flags) VALUES (7, 'x', 40000)
INSERT INTO accounts (id, owner, opened) VALUES (8, 'x', 5)
INSERT INTO accounts (id, owner, balance) VALUES (8, 'x', 'abc')
INSERT INTO accounts (id, owner, balance) VALUES (8, 'x', 12345678901.5)
INSERT INTO accounts (id, owner, nosuch) VALUES (8, 'x', 1)
INSERT INTO accounts (id, owner) VALUES (8, 'x', 1)
INSERT INTO accounts (id, owner) VALUES (8, 'x', 1 + 2)
INSERT INTO accounts (id, owner, balance) VALUES (8, 'x')
INSERT INTO accounts (id, owner) SELECT 1, 'a', 2 * 3
INSERT INTO accounts (id, owner, balance) SELECT 1, 'a'
INSERT INTO accounts (id, owner) VALUES (9, 'x'), (8, 'x', 1)
INSERT INTO accounts VALUES (8, 'x', 1, NULL, 1, 'n', 7)
INSERT INTO no_such_accounts VALUES (1)
UPDATE no_such_accounts SET a = 1
DELETE FROM no_such_accounts WHERE a = 1
INSERT INTO accounts (id, owner) VALUES (9, 'e') ON CONFLICT DO NOTHING
INSERT INTO accounts (id, owner) VALUES (1, 'e') ON CONFLICT DO NOTHING
INSERT INTO accounts (id, owner) VALUES (1, 'e') ON CONFLICT (id) DO UPDATE SET owner = excluded.owner || '!' RETURNING owner
INSERT INTO accounts AS a (id, owner) VALUES (2, 'f') ON CONFLICT (id) DO UPDATE SET owner = a.owner || excluded.owner WHERE a.flags > 5 RETURNING owner
UPDATE accounts SET balance = balance * 1.5 WHERE id = 1 RETURNING balance
UPDATE accounts SET balance = balance / 3 WHERE balance > 0
UPDATE accounts SET flags = flags * 1000 WHERE id = 17
UPDATE accounts SET note = owner || 'zzzzzz' WHERE id = 2
UPDATE accounts SET opened = '2024-02-30' WHERE id = 2
UPDATE accounts a SET flags = flags + 1 FROM items i WHERE i.id = a.id - 10 AND i.qty > 5
UPDATE accounts a SET flags = a.flags - 1 WHERE a.id = 11 RETURNING a.id, flags, a.balance * 2
DELETE FROM accounts WHERE id = 20 RETURNING id, owner
DELETE FROM accounts WHERE id > 16
DELETE FROM accounts a USING items i WHERE a.id = i.id + 10 AND i.active
SELECT * FROM accounts ORDER BY id
DROP TABLE accounts
