// 047_postgres_tools_newuser: the psql meta-commands a new user runs on a database
// with tables, views, indexes, sequences and triggers, against Tributary and the
// fixture's PostgreSQL 15 (issue 12): the same output but the owner's name (this
// test's user on Tributary, postgres there). Same fixture as 047_postgres_tools_test.cpp.
#include "integration/postgres_tools_fixture.hpp"

namespace tributary::integration {
namespace {

TEST_F(PostgresTools, NewUsersMetaCommandsAsPostgres) {
  expect_same_answers({
      "CREATE TABLE nu_orders (id serial PRIMARY KEY, customer text NOT NULL, amount numeric(10,2), "
      "placed date DEFAULT current_date)",
      "CREATE INDEX nu_orders_customer_idx ON nu_orders (customer)",
      "CREATE UNIQUE INDEX nu_orders_cp ON nu_orders (customer, placed)",
      "CREATE SEQUENCE nu_invoice_seq START 100 INCREMENT 5",
      "CREATE TABLE nu_items (order_id int REFERENCES nu_orders(id), sku text, qty int CHECK (qty > 0))",
      "CREATE VIEW nu_big WITH (security_barrier) AS SELECT id, customer, amount FROM nu_orders WHERE amount > 100",
      "CREATE VIEW nu_joined AS SELECT o.id, i.sku FROM nu_orders o JOIN nu_items i ON i.order_id = o.id",
      "CREATE VIEW nu_per_customer AS SELECT customer, count(*) AS n, sum(amount) AS total FROM nu_orders "
      "GROUP BY customer ORDER BY customer",
      "CREATE FUNCTION nu_check() RETURNS trigger LANGUAGE plpgsql AS "
      "$$ BEGIN IF NEW.amount < 0 THEN RAISE EXCEPTION 'negative'; END IF; RETURN NEW; END $$",
      "CREATE TRIGGER nu_orders_check BEFORE INSERT ON nu_orders FOR EACH ROW WHEN (NEW.amount > 0) "
      "EXECUTE FUNCTION nu_check()",
  });
  expect_same_meta_commands({"\\d", "\\dt nu_*", "\\di nu_*", "\\ds nu_*", "\\dv nu_*", "\\d nu_orders",
                             "\\d nu_items", "\\d+ nu_per_customer", "\\d+ nu_joined", "\\d+ nu_big",
                             "\\d nu_invoice_seq", "\\d nu_orders_id_seq", "\\d nu_orders_cp", "\\df nu_*",
                             "\\sf nu_check", "\\sv nu_joined", "\\dd"});
  expect_same_answers({"DROP TABLE nu_items, nu_orders CASCADE", "DROP SEQUENCE nu_invoice_seq",
                       "DROP FUNCTION nu_check()"});
}

TEST_F(PostgresTools, TriggerWhenConditionsPrintAsPostgres) {
  // pg_get_triggerdef (pg_dump's form, and psql's pretty one) of WHENs reading
  // both OLD and NEW, IS DISTINCT FROM, LIKE (~~), [NOT] BETWEEN and IN (= ANY, parenthesised
  // under OR in the pretty form, as in a CHECK).
  expect_same_answers({
      "CREATE TABLE tw (id int PRIMARY KEY, name text, qty int CHECK (qty IN (1, 2, 3) AND qty > 0), "
      "CHECK (id BETWEEN 1 AND 1000))",
      "CREATE FUNCTION tw_f() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$",
      "CREATE TRIGGER tw2 BEFORE UPDATE ON tw FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) "
      "EXECUTE FUNCTION tw_f()",
      "CREATE TRIGGER tw4 BEFORE INSERT ON tw FOR EACH ROW WHEN (NEW.name LIKE 'a%' OR NEW.qty IN (1, 2)) "
      "EXECUTE FUNCTION tw_f()",
      "CREATE TRIGGER tw5 BEFORE UPDATE ON tw FOR EACH ROW WHEN (NEW.qty <> OLD.qty AND NEW.name IS NOT NULL) "
      "EXECUTE FUNCTION tw_f()",
      "CREATE TRIGGER tw6 BEFORE UPDATE ON tw FOR EACH ROW WHEN (NEW.name NOT LIKE 'b%' AND "
      "OLD.id IS NOT DISTINCT FROM NEW.id) EXECUTE FUNCTION tw_f()",
      "CREATE TRIGGER tw7 BEFORE INSERT ON tw FOR EACH ROW WHEN (NEW.qty BETWEEN 1 AND 10 OR NEW.id NOT BETWEEN 5 "
      "AND 6) EXECUTE FUNCTION tw_f()",
      "SELECT tgname, pg_get_triggerdef(oid), pg_get_triggerdef(oid, true) FROM pg_trigger "
      "WHERE tgrelid = 'tw'::regclass ORDER BY 1",
      "SELECT pg_get_constraintdef(oid, true) FROM pg_constraint WHERE conrelid = 'tw'::regclass AND contype = 'c' "
      "ORDER BY conname",
      "DROP TABLE tw",
      "DROP FUNCTION tw_f()",
  });
}

}  // namespace
}  // namespace tributary::integration
