// workflows_check: Node's `pg` client (node-postgres from the npm registry, default
// settings) against a server, for integration/049_client_workflows_test.cpp.
//
// Usage: node workflows_check.js CONNECTION_STRING NODE_MODULES_DIR
//
// Against a table items (id int PRIMARY KEY, name text, price numeric(10,2), added date)
// holding rows 1..5: parameterized queries with casts ($1::int, $2::numeric, ...), an
// INSERT ... RETURNING with parameters, a named prepared statement run three times, a
// transaction rolled back, rowMode 'array', and the errors of a bad parameter and a
// duplicate key (code, message, position). Prints each result's command, rowCount,
// fields (name and type OID) and rows as JSON. Two servers answering alike print
// identical output. Exit status 1 on an unexpected error.
'use strict';
const path = require('path');

async function main() {
  const { Client } = require(path.join(process.argv[3], 'pg'));
  const client = new Client({ connectionString: process.argv[2] });
  await client.connect();
  const show = (label, result) => {
    console.log('-- ' + label);
    console.log(JSON.stringify({
      command: result.command,
      rowCount: result.rowCount,
      fields: result.fields.map((f) => [f.name, f.dataTypeID]),
      rows: result.rows,
    }));
  };
  const showError = (label, error) => {
    console.log('-- ' + label + ': ' + [error.code, error.message, error.position].join(' | '));
  };

  show('casts of parameters', await client.query(
    'SELECT $1::int AS n, $2::int8 AS big, $3::numeric AS x, $4::text AS t, $5::date AS d, $6::bool AS b',
    [42, '9007199254740993', '1.50', 'héllo', '2024-02-29', true]));
  show('untyped parameters take the column types', await client.query(
    'SELECT id, name FROM items WHERE id = $1 OR price > $2 ORDER BY id', [1, '3']));
  show('insert returning', await client.query(
    'INSERT INTO items (id, name, price, added) VALUES ($1, $2, $3, $4) RETURNING *',
    [20, 'node', '2.255', '2024-03-01']));
  show('null parameters', await client.query(
    'INSERT INTO items VALUES ($1, $2, $3, $4) RETURNING id, name IS NULL AS no_name', [21, null, null, null]));
  for (let i = 0; i < 3; i++) {
    show('named statement ' + i, await client.query(
      { name: 'by_id', text: 'SELECT id, price, added FROM items WHERE id = $1', values: [1 + i] }));
  }
  show('array rows', await client.query(
    { text: 'SELECT id, price FROM items ORDER BY id DESC LIMIT $1', values: [2], rowMode: 'array' }));

  await client.query('BEGIN');
  show('update in a transaction', await client.query('UPDATE items SET price = price + $1 WHERE id <= $2', ['1', 3]));
  await client.query('ROLLBACK');
  show('after rollback', await client.query('SELECT sum(price) AS total, count(*) FROM items'));

  try {
    await client.query('SELECT $1::int AS n', ['abc']);
  } catch (error) {
    showError('bad parameter', error);
  }
  try {
    await client.query('INSERT INTO items (id, name) VALUES ($1, $2)', [1, 'again']);
  } catch (error) {
    showError('duplicate key', error);
  }
  try {
    await client.query('SELECT nosuch FROM items WHERE id = $1', [1]);
  } catch (error) {
    showError('unknown column', error);
  }
  show('still usable', await client.query('SELECT count(*) FROM items'));
  await client.end();
}

main().catch((error) => {
  console.log('unexpected error: ' + (error.stack || error));
  process.exit(1);
});
