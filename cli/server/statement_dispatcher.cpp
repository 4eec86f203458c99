// statement_dispatcher: the per-statement rules of the header.
#include "cli/server/statement_dispatcher.hpp"

#include <algorithm>

#include "cli/catalog/catalog_protection.hpp"
#include "cli/commands/comment_command.hpp"
#include "cli/commands/database_commands.hpp"
#include "cli/commands/index_commands.hpp"
#include "cli/commands/object_privilege_commands.hpp"
#include "cli/commands/role_commands.hpp"
#include "cli/commands/role_setting_command.hpp"
#include "cli/commands/schema_commands.hpp"
#include "cli/commands/table_commands.hpp"
#include "cli/commands/table_privilege_commands.hpp"
#include "cli/commands/vacuum_command.hpp"
#include "cli/commands/view_definition.hpp"
#include "cli/commands/view_ownership.hpp"
#include "cli/server/set_config_function.hpp"
#include "stages/types/pg_type_oids.hpp"
#include "stages/sql/relation_reference.hpp"
#include "storage/sqlstate_mapping.hpp"
#include "storage/relation_acl_catalog.hpp"
#include "storage/replication_role.hpp"
#include "storage/role_membership.hpp"
#include "storage/table_access.hpp"
#include "storage/temporary_tables.hpp"
#include "stages/auth/role_graph.hpp"
#include "storage/sequence_functions.hpp"
#include "storage/sql_functions.hpp"

namespace tributary {
namespace {

bool ends_or_repairs_a_block(statement_kind kind) {
  return kind == statement_kind::commit || kind == statement_kind::rollback ||
         kind == statement_kind::rollback_to_savepoint;
}

bool refuses_transaction_blocks(statement_kind kind) {
  return kind == statement_kind::create_database || kind == statement_kind::drop_database;
}

pg_error aborted_block() {
  return make_pg_error("25P02",
                       "current transaction is aborted, commands ignored until end of transaction block");
}

// SQLite's "FOREIGN KEY constraint failed", which names neither constraint nor key.
bool is_bare_foreign_key_error(const pg_error& e) {
  return e.sqlstate == "23503" && e.detail == "FOREIGN KEY constraint failed";
}

// SQLite's "UNIQUE constraint failed: t.a" and "NOT NULL constraint failed: t.b"
// (mapped to PostgreSQL's messages), whose DETAIL is not yet PostgreSQL's.
bool is_bare_row_violation(const pg_error& e) {
  return (e.sqlstate == "23505" && e.detail.rfind("UNIQUE constraint failed", 0) == 0) ||
         (e.sqlstate == "23502" && e.detail.empty());
}

// SQLite's "no such table" knows no place in the statement: PostgreSQL's 42P01
// relation "x" does not exist points at the first reference to x.
pg_error locate_missing_relation(const routed_statement& statement, pg_error error) {
  const std::string prefix = "relation \"", suffix = "\" does not exist";
  const std::string& m = error.message;
  if (error.sqlstate != "42P01" || error.position > 0 || !m.starts_with(prefix) || !m.ends_with(suffix) ||
      m.size() <= prefix.size() + suffix.size())
    return error;
  const nlohmann::json& fields = statement.fields();
  const std::string type = statement.node_type();
  if ((type == "AlterTableStmt" && fields.value("objtype", std::string()) == "OBJECT_TYPE") ||
      (type == "RenameStmt" && fields.value("relationType", std::string()) == "OBJECT_TYPE"))
    return error;  // ALTER TYPE's relation lookup: PostgreSQL's error has no position
  const routed_query own = route_query(statement.text);
  if (own.statements.size() != 1)
    return error;
  const std::string relation = m.substr(prefix.size(), m.size() - prefix.size() - suffix.size());
  if (auto location = relation_reference_location(own.statements[0].node, relation))
    error.position = statement.position + character_count(statement.text, static_cast<size_t>(*location)) + 1;
  return error;
}

std::string text_field(const nlohmann::json& fields, const char* name) {
  auto it = fields.find(name);
  return it != fields.end() && it->is_string() ? it->get<std::string>() : std::string();
}

}  // namespace

statement_dispatcher::statement_dispatcher(session_identity identity, sqlite_connection& db,
                                           data_directory& directory,
                                           subscription_commands& subscriptions,
                                           session_parameters& parameters,
                                           std::function<void(pg_error)> notices)
    : identity_(std::move(identity)),
      db_(db),
      directory_(directory),
      subscriptions_(subscriptions),
      parameters_(parameters),
      notices_(std::move(notices)),
      statement_timeout_(db.handle()),
      transaction_(db, notices_),
      executor_(db) {
  if (!identity_.privileges)
    identity_.privileges = make_session_privileges(identity_.user, identity_.superuser);
  authenticated_user_ = identity_.privileges->session_user;
  authenticated_superuser_ = identity_.privileges->session_superuser;
  parameters_.set_role_check([this](const std::string& name) { return check_role_setting(name); });
  parameters_.set_session_authorization_check(
      [this](const std::string& name) { return check_session_authorization(name); });
  transaction_.on_transaction_end([this](bool committed) {
    parameters_.transaction_ended(committed);
    follow_role_setting();
  });
  // ON COMMIT DELETE ROWS / DROP of the session's temporary tables (storage/temporary_tables.hpp).
  transaction_.before_commit([this]() -> result<ok_t, pg_error> {
    if (auto r = run_on_commit_actions(db_); !r)
      return fail(pg_error_from_sqlite(r.error()));
    return ok_v;
  });
  lock_wait_.install(db_.handle());
  install_set_config_function(db_.handle(), [this](const std::string& name, std::optional<std::string> value,
                                                   bool local) {
    return parameters_.set_from_function(name, std::move(value), local, transaction_.state() != block_state::idle);
  });
}

void statement_dispatcher::prepare_statement_settings() {
  transaction_.set_default_mode(
      default_transaction_mode(parameters_.value("default_transaction_read_only").value_or("off"),
                               parameters_.value("default_transaction_isolation").value_or("")));
  lock_wait_.set_timeout(
      lock_timeout_value(parameters_.value("lock_timeout").value_or("0")).value_or(std::chrono::milliseconds(0)));
  lock_wait_.start_statement();
  statement_timeout_.arm(lock_timeout_value(parameters_.value("statement_timeout").value_or("0"))
                             .value_or(std::chrono::milliseconds(0)));
  lock_wait_.set_statement_deadline(statement_timeout_.deadline());
  apply_replication_role();
}

void statement_dispatcher::apply_replication_role() {
  const std::string role = parameters_.value("session_replication_role").value_or("origin");
  if (role != trigger_role_) {
    set_replication_role(db_.handle(), role == "replica" ? replication_role::replica
                                       : role == "local" ? replication_role::local
                                                         : replication_role::origin);
    trigger_role_ = role;
  }
  const bool foreign_keys = role != "replica";
  if (foreign_keys != foreign_keys_on_ && !db_.in_transaction())
    if (db_.exec(foreign_keys ? "PRAGMA foreign_keys=ON" : "PRAGMA foreign_keys=OFF"))
      foreign_keys_on_ = foreign_keys;
}

result<ok_t, pg_error> statement_dispatcher::check_read_only(const routed_statement& statement) const {
  if (!transaction_.effective_mode().read_only || statement.kind == statement_kind::sqlite_only ||
      access_of(statement) != statement_access::write)
    return ok_v;
  // PostgreSQL names the statement's own command, also for a data-modifying WITH ("SELECT"),
  // and a row lock by its strength ("SELECT FOR UPDATE", "SELECT FOR KEY SHARE").
  std::string command = statement.kind == statement_kind::copy ? "COPY FROM" : statement.tag;
  if (statement.node_type() == "SelectStmt" && statement.fields().contains("lockingClause") &&
      statement.fields()["lockingClause"].is_array() && !statement.fields()["lockingClause"].empty()) {
    const auto& clause = statement.fields()["lockingClause"][0].value("LockingClause", nlohmann::json::object());
    const std::string strength = clause.value("strength", std::string());
    command = strength == "LCS_FORNOKEYUPDATE" ? "SELECT FOR NO KEY UPDATE"
              : strength == "LCS_FORSHARE"      ? "SELECT FOR SHARE"
              : strength == "LCS_FORKEYSHARE"   ? "SELECT FOR KEY SHARE"
                                                : "SELECT FOR UPDATE";
  }
  return fail(make_pg_error("25006", "cannot execute " + command + " in a read-only transaction"));
}

pg_error statement_dispatcher::explain_interruption(pg_error error) {
  const auto why = lock_wait_.take_give_up();
  if (why == lock_wait::gave_up::statement_timeout ||
      (statement_timeout_.expired() && (error.sqlstate == "57014" || error.sqlstate == "55P03")))
    return make_pg_error("57014", "canceling statement due to statement timeout");
  if (why == lock_wait::gave_up::no || error.sqlstate != "55P03")
    return error;
  if (why == lock_wait::gave_up::cancelled)
    return make_pg_error("57014", "canceling statement due to user request");
  pg_error timeout = make_pg_error("55P03", "canceling statement due to lock timeout");
  if (!lock_timeout_value(parameters_.value("lock_timeout").value_or("0")).value_or(std::chrono::milliseconds(0)).count())
    timeout.detail = "Waited " + std::to_string(lock_wait_.effective_timeout().count() / 1000) +
                     " s for another connection's write transaction on this database to end.";
  return timeout;
}

void statement_dispatcher::emit_notice(pg_error notice) {
  if (notices_)
    notices_(std::move(notice));
}

void statement_dispatcher::on_commit(std::function<void()> action) {
  transaction_.on_commit(std::move(action));
}

result<command_outcome, pg_error> statement_dispatcher::run(const routed_statement& statement,
                                                            const statement_situation& situation) {
  auto outcome = run_statement(statement, situation);
  if (!outcome)
    return fail(locate_missing_relation(statement, std::move(outcome.error())));
  return outcome;
}

result<command_outcome, pg_error> statement_dispatcher::run_statement(const routed_statement& statement,
                                                                      const statement_situation& situation) {
  if (transaction_.state() == block_state::failed && !ends_or_repairs_a_block(statement.kind))
    return fail(aborted_block());
  prevent_transaction_block_ = situation.multi_statement ||
                               transaction_.state() != block_state::idle;
  prepare_statement_settings();
  struct at_end {
    statement_dispatcher& self;
    ~at_end() {
      self.statement_timeout_.disarm();
      self.follow_role_setting();  // SET ROLE, or a ROLLBACK that undid one
    }
  } disarm{*this};
  if (auto r = check_read_only(statement); !r) {
    transaction_.statement_failed();
    return fail(r.error());
  }
  if (auto r = check_privileges(statement); !r) {
    transaction_.statement_failed();
    return fail(r.error());
  }
  // now() is the transaction's start: this statement's, unless a transaction is open.
  note_statement_start(db_.handle(), transaction_.state() == block_state::idle);
  if (situation.in_batch && !refuses_transaction_blocks(statement.kind) &&
      transaction_.state() == block_state::idle) {
    if (auto r = transaction_.begin_implicit(); !r)
      return fail(r.error());
  }
  // ALTER/DROP SUBSCRIPTION stop the subscription's workers before they wait for
  // the write lock a running copy holds (unless this transaction already has it).
  std::shared_ptr<void> stopped_workers;
  if ((statement.kind == statement_kind::alter_subscription ||
       statement.kind == statement_kind::drop_subscription) &&
      !transaction_.holds_write_lock())
    stopped_workers = subscriptions_.stop_workers_before_lock(
        statement.fields(), statement.kind == statement_kind::drop_subscription, *this);
  if (before_write_ && statement.kind != statement_kind::sql_prepare &&
      access_of(statement) == statement_access::write)
    before_write_();
  if (auto r = transaction_.before_statement(access_of(statement)); !r) {
    transaction_.statement_failed();
    return fail(explain_interruption(r.error()));
  }
  executor_.use_settings(parameters_.type_settings_now());
  begin_statement_sequences(db_.handle());
  auto outcome = dispatch_guarded(statement, situation);
  if (!outcome && is_bare_foreign_key_error(outcome.error()))
    if (auto report = foreign_key_report(statement, situation))
      outcome = fail(std::move(*report));
  if (!outcome && is_bare_row_violation(outcome.error()))
    if (auto report = failing_row_report(statement, situation, outcome.error()))
      outcome = fail(std::move(*report));
  if (!outcome) {
    transaction_.statement_failed();
    return fail(explain_interruption(outcome.error()));
  }
  transaction_.statement_succeeded();
  return outcome;
}

result<command_outcome, pg_error> statement_dispatcher::dispatch_guarded(
    const routed_statement& statement, const statement_situation& situation) {
  // A bug in a translator (a parse tree it did not expect) fails the statement, never
  // the server.
  try {
    return dispatch(statement, situation);
  } catch (const std::exception& e) {
    return fail(make_pg_error("XX000", std::string("internal error: ") + e.what()));
  }
}

result<ok_t, pg_error> statement_dispatcher::end_batch() { return transaction_.end_implicit(); }

result<command_outcome, pg_error> statement_dispatcher::dispatch(const routed_statement& statement,
                                                                 const statement_situation& situation) {
  const nlohmann::json& fields = statement.fields();
  if (auto refused = catalog_write_refusal(statement.node_type(), fields))
    return fail(std::move(*refused));
  if (statement.kind == statement_kind::sqlite && statement.node_type() == "ExplainStmt")
    return explain(statement, situation);
  switch (statement.kind) {
    case statement_kind::begin:
    case statement_kind::commit:
    case statement_kind::rollback:
    case statement_kind::savepoint:
    case statement_kind::release_savepoint:
    case statement_kind::rollback_to_savepoint:
      return transaction_control(statement);
    case statement_kind::prepared_transaction:
      return fail(make_pg_error("0A000", "prepared transactions are not supported"));
    case statement_kind::create_database:
    case statement_kind::drop_database:
      return database_command(statement);
    case statement_kind::set:
    case statement_kind::reset: {
      set_transaction_characteristics(fields);
      std::vector<pg_error> notices;
      auto r = parameters_.apply(fields, transaction_.state() != block_state::idle, notices, statement.text);
      for (auto& n : notices)
        emit_notice(std::move(n));
      if (!r)
        return fail(r.error());
      return command_outcome::tag_only(statement.tag);
    }
    case statement_kind::show:
      return parameters_.show(fields);
    case statement_kind::create_subscription:
    case statement_kind::alter_subscription:
    case statement_kind::drop_subscription:
      return subscription_command(statement);
    case statement_kind::create_table:
    case statement_kind::drop_table:
    case statement_kind::alter_table:
    case statement_kind::insert:
      return table_statement(statement, situation);
    case statement_kind::create_schema:
      return in_own_transaction([&] { return create_schema(fields, *this, directory_); });
    case statement_kind::drop_schema:
      return in_own_transaction([&] { return drop_schemas(fields, *this); });
    case statement_kind::create_type:
    case statement_kind::alter_type:
    case statement_kind::drop_type:
      return type_statement(statement);
    case statement_kind::copy:
      return copy_statement(statement, situation);
    case statement_kind::create_index:
      return index_statement(statement);
    case statement_kind::drop_index:
      return in_own_transaction([&] { return drop_indexes(fields, *this); });
    case statement_kind::trigger:
      return trigger_statement(statement);
    case statement_kind::sequence_ddl:
    case statement_kind::truncate:
      return relation_statement(statement);
    case statement_kind::role_ddl: {
      role_catalog roles{directory_};
      if (statement.node.contains("AlterRoleSetStmt"))
        return alter_role_setting(statement.node["AlterRoleSetStmt"], statement.text, roles, *this, parameters_);
      if (statement.node.contains("AlterDatabaseSetStmt")) {  // pg_db_role_setting's row of no role
        const auto& set = statement.node["AlterDatabaseSetStmt"];
        const nlohmann::json as_role_setting = {{"database", set.value("dbname", std::string())},
                                                {"setstmt", set.value("setstmt", nlohmann::json::object())}};
        return alter_role_setting(as_role_setting, statement.text, roles, *this, parameters_, "ALTER DATABASE");
      }
      return run_role_statement(statement.node, statement.text, roles, *this, parameters_.type_settings_now());
    }
    case statement_kind::sqlite:
    case statement_kind::sqlite_only:
      return sqlite_statement_outcome(statement, situation);
    case statement_kind::vacuum:
      if (prevent_transaction_block_ && statement.fields().value("is_vacuumcmd", false))
        return fail(make_pg_error("25001", "VACUUM cannot run inside a transaction block"));
      return vacuum_command(statement.fields(), *this);
    case statement_kind::lock_table:
      if (!transaction_.in_explicit_block())
        return fail(make_pg_error("25P01", "LOCK TABLE can only be used in transaction blocks"));
      return lock_table_command(statement.fields(), *this);
    case statement_kind::grant_privileges:
      if (statement.node_type() == "AlterDatabaseStmt")
        return alter_database(fields, statement.text, *this, directory_);
      return in_own_transaction([&] { return run_privilege_statement(statement.node_type(), fields, *this, directory_); });
    case statement_kind::comment:
      return in_own_transaction([&] { return comment_command(statement.fields(), *this); });
    case statement_kind::sql_prepare:  // the session's (extended_query::run_sql_command)
      return fail(make_pg_error("XX000", "PREPARE, EXECUTE and DEALLOCATE belong to the session"));
  }
  return fail(make_pg_error("XX000", "unhandled statement kind"));
}

result<command_outcome, pg_error> statement_dispatcher::transaction_control(
    const routed_statement& statement) {
  const nlohmann::json& fields = statement.fields();
  const bool chain = fields.value("chain", false);
  const std::string savepoint = text_field(fields, "savepoint_name");
  result<std::string, pg_error> tag = std::string();
  switch (statement.kind) {
    case statement_kind::begin: {
      const bool opens = transaction_.state() == block_state::idle ||
                         transaction_.state() == block_state::implicit;
      tag = transaction_.begin(statement.tag);
      if (tag && opens) {
        transaction_mode mode = transaction_.mode();
        apply_transaction_options(fields.value("options", nlohmann::json::array()), mode);
        set_transaction_mode(mode);
      }
      break;
    }
    case statement_kind::commit: tag = transaction_.commit(chain); break;
    case statement_kind::rollback: tag = transaction_.rollback(chain); break;
    case statement_kind::savepoint: tag = transaction_.savepoint(savepoint); break;
    case statement_kind::release_savepoint: tag = transaction_.release(savepoint); break;
    default: tag = transaction_.rollback_to(savepoint); break;
  }
  if (!tag)
    return fail(tag.error());
  return command_outcome::tag_only(*tag);
}

result<command_outcome, pg_error> statement_dispatcher::subscription_command(
    const routed_statement& statement) {
  // The handler always works inside a transaction: the client's, or one of its own.
  const nlohmann::json& fields = statement.fields();
  return in_own_transaction([&]() -> result<command_outcome, pg_error> {
    if (statement.kind == statement_kind::create_subscription)
      return subscriptions_.create_subscription(fields, *this);
    if (statement.kind == statement_kind::alter_subscription)
      return subscriptions_.alter_subscription(fields, *this);
    return subscriptions_.drop_subscription(fields, *this);
  });
}

result<command_outcome, pg_error> statement_dispatcher::in_own_transaction(
    const std::function<result<command_outcome, pg_error>()>& command) {
  const bool own_transaction = transaction_.state() == block_state::idle;
  if (own_transaction)  // every command run this way writes
    if (auto r = transaction_.begin_implicit(/*for_writing=*/true); !r)
      return fail(r.error());
  auto outcome = command();
  if (outcome && own_transaction)
    if (auto r = transaction_.end_implicit(); !r)
      return fail(r.error());
  return outcome;
}

result<statement_shape, pg_error> statement_dispatcher::describe(const routed_statement& statement,
                                                                 const std::vector<uint32_t>& declared) {
  auto shape = describe_statement(statement, declared);
  if (!shape)
    return fail(locate_missing_relation(statement, std::move(shape.error())));
  return shape;
}

result<command_outcome, pg_error> statement_dispatcher::sqlite_statement_outcome(
    const routed_statement& statement, const statement_situation& situation) {
  const pg_error* grammar_error =
      statement.kind == statement_kind::sqlite_only ? &statement.parse_error : nullptr;
  const std::string type = statement.node_type();
  if (type == "CreateTableAsStmt" || (type == "SelectStmt" && statement.fields().contains("intoClause")))
    if (auto made = create_table_as(statement, situation); !made || *made) {
      if (!made)
        return fail(made.error());
      return std::move(**made);
    }
  if (type == "MergeStmt") {
    command_outcome outcome;
    if (auto ran = merge_steps(statement, &situation, situation.parameter_types, &outcome); !ran)
      return fail(ran.error());
    return outcome;
  }
  if (type == "SelectStmt" || type == "UpdateStmt" || type == "DeleteStmt") {
    const routed_query own = route_query(statement.text);
    if (auto outcome = run_translated(statement, situation); !outcome || *outcome) {
      if (!outcome)
        return fail(outcome.error());
      return std::move(**outcome);
    }
    if (own.statements.size() == 1) {
      auto typed = prepare_typed_query(type, own.statements[0].fields(), statement.text,
                                       situation.parameters, *this, parameters_.type_settings_now());
      if (!typed)
        return fail(typed.error());
      if (*typed)
        return executor_.run((*typed)->sql, statement.tag, (*typed)->parameters, nullptr,
                             statement.position, situation.result_formats);
    }
  }
  // The owner of a view or of a table made by CREATE TABLE AS is recorded (a
  // dropped view's forgotten) in the statement's transaction.
  const bool owned_ddl = type == "ViewStmt" || type == "CreateTableAsStmt" ||
                         (type == "DropStmt" && statement.fields().value("removeType", std::string()) == "OBJECT_VIEW");
  auto run = [&]() -> result<command_outcome, pg_error> {
    // A view whose SELECT is translated keeps the translation (view_definition.hpp).
    std::optional<std::string> view_sql;
    const routed_query own = type == "ViewStmt" ? route_query(statement.text) : routed_query{};
    if (type == "ViewStmt" && own.statements.size() == 1) {  // locations in this text alone
      auto translated = translated_create_view(own.statements[0].fields(), statement.text, statement.position,
                                               *this, parameters_.type_settings_now());
      if (!translated)
        return fail(translated.error());
      view_sql = std::move(*translated);
    }
    if (type == "DropStmt" && owned_ddl) {  // DROP VIEW: drop_views (view_definition.hpp)
      const routed_query drop = route_query(statement.text);
      if (drop.statements.size() == 1) {
        auto dropped = drop_views(drop.statements[0].fields(), *this);
        if (!dropped)
          return dropped;
        if (auto recorded = forget_dropped_views(db_, drop.statements[0].fields()); !recorded)
          return fail(recorded.error());
        return dropped;
      }
    }
    auto outcome = executor_.run(view_sql.value_or(statement.text), statement.tag, situation.parameters,
                                 grammar_error, statement.position, situation.result_formats);
    if (outcome && type == "ViewStmt" && !view_sql && own.statements.size() == 1)
      if (auto checked = check_untranslated_view(own.statements[0].fields(), db_); !checked)
        return fail(checked.error());
    if (!outcome || !owned_ddl)
      return outcome;
    const int64_t owner = current_role_oid().value_or(default_relation_owner);
    auto recorded = type == "DropStmt" ? forget_dropped_views(db_, statement.fields())
                                       : record_relation_owner(db_, type, statement.fields(), owner);
    if (!recorded)
      return fail(recorded.error());
    return outcome;
  };
  auto outcome = owned_ddl ? in_own_transaction(run) : run();
  if (!outcome || statement.node_type() != "CreateTableAsStmt")
    return outcome;
  // PostgreSQL reports CREATE TABLE AS as "SELECT n", n = rows stored.
  const auto& into = statement.fields().value("into", nlohmann::json::object());
  std::string table = into.value("rel", nlohmann::json::object()).value("relname", std::string());
  if (auto count = db_.prepare("SELECT count(*) FROM " + quote_identifier(table)); count && count->step())
    outcome->tag = "SELECT " + std::to_string(count->column_int(0));
  return outcome;
}

}  // namespace tributary
