// subscription_ddl: CREATE / ALTER / DROP SUBSCRIPTION, as PostgreSQL's
// subscriptioncmds.c does them, over the SQLite catalog of the session's
// database and a libpq connection to the publisher.
//
// Order of work: everything that talks to the publisher (check publications,
// read the published tables, create or drop the slot) happens before or after
// the catalog writes, never while the session holds SQLite's write lock longer
// than the inserts take. Catalog rows are written in the statement's
// transaction; the pipeline learns about them only when it commits
// (command_context::on_commit -> launcher).
//
// RENAME TO and OWNER TO: subscription_rename_owner.cpp.
// streaming = on/parallel: the publisher streams large transactions before
// they commit; the pipeline's assembler and spooler take them (actors/).
#pragma once

#include <memory>
#include <vector>

#include "actors/publisher/publisher_connection.hpp"
#include "actors/replication_control.hpp"
#include "cli/commands/subscription_commands.hpp"
#include "stages/core/subscription_options.hpp"
#include "storage/data_directory.hpp"
#include "storage/subscription_catalog.hpp"

namespace tributary {

class subscription_ddl : public subscription_commands {
public:
  subscription_ddl(std::shared_ptr<data_directory> directory, std::shared_ptr<replication_control> control)
      : directory_(std::move(directory)), control_(std::move(control)) {}

  result<command_outcome, pg_error> create_subscription(const nlohmann::json& statement,
                                                        command_context& context) override;
  result<command_outcome, pg_error> alter_subscription(const nlohmann::json& statement,
                                                       command_context& context) override;
  result<command_outcome, pg_error> drop_subscription(const nlohmann::json& statement,
                                                      command_context& context) override;
  std::shared_ptr<void> stop_workers_before_lock(const nlohmann::json& statement, bool drop,
                                                 command_context& context) override;

private:
  using outcome = result<command_outcome, pg_error>;

  outcome alter_enabled(subscription_row row, bool enable, command_context& context);
  outcome alter_connection(subscription_row row, const std::string& conninfo, command_context& context);
  outcome alter_options(subscription_row row, const subscription_options& opts, command_context& context);
  outcome alter_publications(subscription_row row, const std::string& kind,
                             const std::vector<std::string>& names, const subscription_options& opts,
                             command_context& context);
  outcome refresh(subscription_row row, bool copy_data, command_context& context, const char* what);
  outcome alter_skip(subscription_row row, const subscription_options& opts, command_context& context);
  // ALTER SUBSCRIPTION ... RENAME TO / OWNER TO (a RenameStmt / AlterOwnerStmt).
  outcome rename_subscription(const nlohmann::json& statement, command_context& context);
  outcome alter_subscription_owner(const nlohmann::json& statement, command_context& context);
  // The row of subscription `name` if the caller may change it (exists, owner
  // or superuser, password_required=false only for a superuser).
  result<subscription_row, pg_error> subscription_to_change(const std::string& name,
                                                            command_context& context);

  // Connects to the subscription's publisher as a walsender (or plain SQL).
  // A cancel of the statement ends the wait (57014).
  result<std::unique_ptr<publisher_connection>, pg_error> connect(const subscription_row& row,
                                                                  const std::string& owner,
                                                                  connection_purpose purpose,
                                                                  const command_context& context);
  // Rewrites pg_subscription_rel to the publisher's current table list.
  result<ok_t, pg_error> sync_table_list(sqlite_connection& db, const subscription_row& row,
                                         const std::vector<published_table>& tables, bool copy_data);
  void notify_on_commit(command_context& context, int64_t subid);
  // check_publications_origin: with copy_data and origin = none, a WARNING
  // when a published table (not yet subscribed) is itself written to by a
  // subscription on the publisher, whose rows the copy would bring along.
  result<ok_t, pg_error> warn_about_copied_origins(publisher_connection& publisher,
                                                   const subscription_row& row, bool copy_data,
                                                   command_context& context);

  // Stops a subscription's pipeline until the statement ends: a running worker
  // must not apply (or drop) changes under the old table list while the new one
  // is being written. Unless dismissed (the statement succeeded and its commit
  // restarts the pipeline), the destructor starts it again at once.
  class pipeline_pause {
  public:
    pipeline_pause(std::shared_ptr<replication_control> control, std::string database, int64_t subid);
    ~pipeline_pause();
    pipeline_pause(const pipeline_pause&) = delete;
    pipeline_pause& operator=(const pipeline_pause&) = delete;
    bool stopped() const { return stopped_; }
    void dismiss() { dismissed_ = true; }

  private:
    std::shared_ptr<replication_control> control_;
    std::string database_;
    int64_t subid_;
    bool stopped_ = false;
    bool dismissed_ = false;
  };

  std::shared_ptr<data_directory> directory_;
  std::shared_ptr<replication_control> control_;
};

// The WITH (...) list of a parse-tree statement as option items.
std::vector<option_item> options_from_parse_tree(const nlohmann::json& statement);
std::vector<std::string> names_from_parse_tree(const nlohmann::json& list);

// A catalog read or write that failed.
pg_error catalog_failure(const sqlite_error& e);
// 42501 with PostgreSQL 16's hint: a non-superuser setting password_required =
// false, or changing a subscription that has it.
pg_error password_not_required_is_superuser_only();

// The local tables must hold every published table and column (by name).
// Every published table exists locally with its published columns; with `binary`,
// every published column's local type can be received in binary format (0A000
// naming the column and type, hint: binary = false).
result<ok_t, pg_error> check_local_tables(sqlite_connection& db, const std::vector<published_table>& tables,
                                          bool binary);
// The binary check alone, for one local table (all its columns when `published` is nullopt).
result<ok_t, pg_error> check_binary_input(sqlite_connection& db, const std::string& schema,
                                          const std::string& table,
                                          const std::optional<std::vector<std::string>>& published);

}  // namespace tributary
