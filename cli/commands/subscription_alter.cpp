// ALTER SUBSCRIPTION: ENABLE/DISABLE, CONNECTION, SET (...), SET/ADD/DROP
// PUBLICATION, REFRESH PUBLICATION, SKIP (RENAME TO and OWNER TO, which arrive
// as a RenameStmt / AlterOwnerStmt, in subscription_rename_owner.cpp). Each rewrites the catalog row in the
// statement's transaction; the pipeline restarts with the committed row.
#include <algorithm>

#include "cli/commands/subscription_ddl.hpp"

namespace tributary {

namespace {

result<command_outcome, pg_error> altered() { return command_outcome::tag_only("ALTER SUBSCRIPTION"); }

}  // namespace

result<command_outcome, pg_error> subscription_ddl::alter_subscription(const nlohmann::json& statement,
                                                                       command_context& context) {
  if (statement.contains("renameType"))
    return rename_subscription(statement, context);
  if (statement.contains("newowner"))
    return alter_subscription_owner(statement, context);
  auto name = statement.value("subname", "");
  auto& db = context.database();
  auto found = find_subscription(db, name);
  if (!found)
    return fail(catalog_failure(found.error()));
  if (!*found)
    return fail(make_pg_error("42704", "subscription \"" + name + "\" does not exist"));
  auto row = **found;
  auto owner = directory_->find_role(context.user_name());
  if (!context.is_superuser() && (!owner || owner->oid != row.owner))
    return fail(make_pg_error("42501", "must be owner of subscription " + name));
  if (!row.password_required && !context.is_superuser())  // as PostgreSQL 16+
    return fail(password_not_required_is_superuser_only());
  auto kind = statement.value("kind", "");
  auto items = options_from_parse_tree(statement);
  auto parse = [&](uint32_t supported) { return parse_subscription_options(items, supported); };

  if (kind == "ALTER_SUBSCRIPTION_ENABLED") {
    auto opts = parse(static_cast<uint32_t>(option_set::enabled));
    if (!opts)
      return fail(opts.error());
    return alter_enabled(row, opts->enabled, context);
  }
  if (kind == "ALTER_SUBSCRIPTION_CONNECTION")
    return alter_connection(row, statement.value("conninfo", ""), context);
  if (kind == "ALTER_SUBSCRIPTION_OPTIONS") {
    auto opts = parse(supported_options::alter_set);
    if (!opts)
      return fail(opts.error());
    return alter_options(row, *opts, context);
  }
  if (kind == "ALTER_SUBSCRIPTION_SET_PUBLICATION" || kind == "ALTER_SUBSCRIPTION_ADD_PUBLICATION" ||
      kind == "ALTER_SUBSCRIPTION_DROP_PUBLICATION") {
    auto opts = parse(kind == "ALTER_SUBSCRIPTION_DROP_PUBLICATION" ? supported_options::drop_publication
                                                                      : supported_options::set_publication);
    if (!opts)
      return fail(opts.error());
    return alter_publications(row, kind, names_from_parse_tree(statement.value("publication", nlohmann::json::array())),
                              *opts, context);
  }
  if (kind == "ALTER_SUBSCRIPTION_REFRESH") {
    auto opts = parse(supported_options::refresh_publication);
    if (!opts)
      return fail(opts.error());
    if (!row.enabled)
      return fail(make_pg_error("55000", "ALTER SUBSCRIPTION ... REFRESH is not allowed for disabled subscriptions"));
    if (context.in_transaction_block())
      return fail(make_pg_error("25001", "ALTER SUBSCRIPTION ... REFRESH cannot run inside a transaction block"));
    return refresh(row, opts->copy_data, context, "ALTER SUBSCRIPTION ... REFRESH");
  }
  if (kind == "ALTER_SUBSCRIPTION_SKIP") {
    auto opts = parse(supported_options::skip);
    if (!opts)
      return fail(opts.error());
    return alter_skip(row, *opts, context);
  }
  return fail(make_pg_error("0A000", "this form of ALTER SUBSCRIPTION is not supported yet"));
}

result<command_outcome, pg_error> subscription_ddl::alter_enabled(subscription_row row, bool enable,
                                                                  command_context& context) {
  if (enable && !row.slot_name)
    return fail(make_pg_error("55000", "cannot enable subscription that does not have a slot name"));
  row.enabled = enable;
  if (auto r = update_subscription(context.database(), row); !r)
    return fail(catalog_failure(r.error()));
  notify_on_commit(context, row.oid);
  return altered();
}

result<command_outcome, pg_error> subscription_ddl::alter_connection(subscription_row row,
                                                                     const std::string& conninfo,
                                                                     command_context& context) {
  auto given = parse_conninfo(conninfo);
  if (!given)
    return fail(given.error());
  if (row.password_required && !context.is_superuser() && !given->has_password())
    return fail(make_pg_error("28000", "password is required",
                              "Non-superusers must provide a password in the connection string."));
  row.conninfo = conninfo;
  if (auto r = update_subscription(context.database(), row); !r)
    return fail(catalog_failure(r.error()));
  notify_on_commit(context, row.oid);
  return altered();
}

result<command_outcome, pg_error> subscription_ddl::alter_options(subscription_row row,
                                                                  const subscription_options& opts,
                                                                  command_context& context) {
  if (opts.is_specified(option_set::slot_name)) {
    if (opts.slot_name_is_none && row.enabled)
      return fail(make_pg_error("55000", "cannot set slot_name = NONE for enabled subscription"));
    row.slot_name = opts.slot_name;
  }
  // As PostgreSQL 17: the slot on the publisher is altered at once and cannot
  // be rolled back, so not in a transaction block and only while no worker
  // uses the slot.
  const bool alter_failover = opts.is_specified(option_set::failover);
  if (alter_failover) {
    if (!row.slot_name)
      return fail(make_pg_error("55000", "cannot set failover for a subscription that does not have a slot name"));
    if (row.enabled)
      return fail(make_pg_error("55000", "cannot set failover for enabled subscription"));
    if (context.in_transaction_block())
      return fail(make_pg_error("25001", "ALTER SUBSCRIPTION ... SET (failover) cannot run inside a transaction block"));
    row.failover = opts.failover;
  }
  if (opts.is_specified(option_set::password_required)) {
    if (!opts.password_required && !context.is_superuser())
      return fail(password_not_required_is_superuser_only());
    row.password_required = opts.password_required;
  }
  if (opts.is_specified(option_set::binary)) {
    if (opts.binary && !row.binary) {
      auto rels = list_subscription_rels(context.database(), row.oid);
      if (!rels)
        return fail(catalog_failure(rels.error()));
      for (const auto& rel : *rels)
        if (auto r = check_binary_input(context.database(), rel.schema_name, rel.table_name,
                                        std::nullopt);
            !r)
          return fail(r.error());
    }
    row.binary = opts.binary;
  }
  if (opts.is_specified(option_set::streaming))
    row.streaming = opts.streaming;
  if (opts.is_specified(option_set::origin))
    row.origin = opts.origin;
  if (opts.is_specified(option_set::disable_on_error))
    row.disable_on_error = opts.disable_on_error;
  if (opts.is_specified(option_set::run_as_owner))
    row.run_as_owner = opts.run_as_owner;
  if (opts.is_specified(option_set::synchronous_commit))
    row.synchronous_commit = opts.synchronous_commit;
  if (auto r = update_subscription(context.database(), row); !r)
    return fail(catalog_failure(r.error()));
  if (alter_failover) {
    auto owner = directory_->find_role(row.owner);
    auto conn = connect(row, owner ? owner->name : context.user_name(), connection_purpose::replication, context);
    if (!conn)
      return fail(conn.error());
    if (auto r = (*conn)->alter_slot_failover(*row.slot_name, row.failover); !r)
      return fail(r.error());
  }
  notify_on_commit(context, row.oid);
  return altered();
}

result<command_outcome, pg_error> subscription_ddl::alter_publications(subscription_row row,
                                                                       const std::string& kind,
                                                                       const std::vector<std::string>& names,
                                                                       const subscription_options& opts,
                                                                       command_context& context) {
  std::vector<std::string> result_list;
  if (kind == "ALTER_SUBSCRIPTION_SET_PUBLICATION") {
    result_list = names;
  } else if (kind == "ALTER_SUBSCRIPTION_ADD_PUBLICATION") {
    result_list = row.publications;
    for (const auto& n : names) {
      if (std::find(result_list.begin(), result_list.end(), n) != result_list.end())
        return fail(make_pg_error("42710", "publication \"" + n + "\" is already in subscription \"" + row.name + "\""));
      result_list.push_back(n);
    }
  } else {
    result_list = row.publications;
    for (const auto& n : names) {
      auto it = std::find(result_list.begin(), result_list.end(), n);
      if (it == result_list.end())
        return fail(make_pg_error("42704", "publication \"" + n + "\" is not in subscription \"" + row.name + "\""));
      result_list.erase(it);
    }
    if (result_list.empty())
      return fail(make_pg_error("22023", "cannot drop all the publications from a subscription"));
  }
  for (size_t i = 0; i < result_list.size(); ++i)
    for (size_t j = i + 1; j < result_list.size(); ++j)
      if (result_list[i] == result_list[j])
        return fail(make_pg_error("42710", "publication name \"" + result_list[i] + "\" used more than once"));
  row.publications = result_list;
  if (opts.refresh) {
    if (!row.enabled)
      return fail(make_pg_error("55000", "ALTER SUBSCRIPTION with refresh is not allowed for disabled subscriptions",
                                {}, "Use ALTER SUBSCRIPTION ... SET PUBLICATION ... WITH (refresh = false)."));
    if (context.in_transaction_block())
      return fail(make_pg_error("25001", "ALTER SUBSCRIPTION with refresh cannot run inside a transaction block"));
  }
  if (auto r = update_subscription(context.database(), row); !r)
    return fail(catalog_failure(r.error()));
  if (opts.refresh)
    return refresh(row, opts.copy_data, context, "ALTER SUBSCRIPTION with refresh");
  notify_on_commit(context, row.oid);
  return altered();
}

result<command_outcome, pg_error> subscription_ddl::refresh(subscription_row row, bool copy_data,
                                                            command_context& context, const char*) {
  auto owner = directory_->find_role(row.owner);
  auto conn = connect(row, owner ? owner->name : context.user_name(), connection_purpose::replication, context);
  if (!conn)
    return fail(conn.error());
  if (auto r = warn_about_copied_origins(**conn, row, copy_data, context); !r)
    return fail(r.error());
  auto tables = (*conn)->published_tables(row.publications);
  if (!tables)
    return fail(tables.error());
  auto& db = context.database();
  if (auto r = check_local_tables(db, *tables, row.binary); !r)
    return fail(r.error());
  pipeline_pause pause{control_, context.database_name(), row.oid};
  if (!pause.stopped())
    return fail(make_pg_error("55006", "could not stop the replication worker of subscription \"" + row.name + "\""));
  if (auto r = sync_table_list(db, row, *tables, copy_data); !r)
    return fail(r.error());
  pause.dismiss();
  notify_on_commit(context, row.oid);
  return altered();
}

result<command_outcome, pg_error> subscription_ddl::alter_skip(subscription_row row,
                                                               const subscription_options& opts,
                                                               command_context& context) {
  if (!context.is_superuser())
    return fail(make_pg_error("42501", "must be superuser to skip transaction"));
  auto& db = context.database();
  if (opts.skip_lsn) {
    auto origin = origin_remote_lsn(db, row.oid);
    if (!origin)
      return fail(catalog_failure(origin.error()));
    if (!origin->is_zero() && *opts.skip_lsn <= *origin)
      return fail(make_pg_error("22023", "skip WAL location (LSN " + opts.skip_lsn->to_string() +
                                             ") must be greater than origin LSN " + origin->to_string()));
  }
  row.skip_lsn = opts.skip_lsn.value_or(lsn{});
  if (auto r = update_subscription(db, row); !r)
    return fail(catalog_failure(r.error()));
  notify_on_commit(context, row.oid);
  return altered();
}

}  // namespace tributary
