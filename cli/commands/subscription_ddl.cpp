#include "cli/commands/subscription_ddl.hpp"

#include "storage/table_access.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <cctype>
#include <set>

#include <spdlog/spdlog.h>

#include "cli/catalog/catalog_model.hpp"
#include "stages/core/local_relation_name.hpp"
#include "stages/types/type_names.hpp"
#include "stages/types/value_io.hpp"
#include "storage/column_type_catalog.hpp"
#include "storage/local_table.hpp"

namespace tributary {

namespace {

// srrelid: the local table's pg_class oid, as on a PostgreSQL subscriber (so
// srrelid::regclass and joins with pg_class name it), whether or not the table
// exists yet: a relation's oid follows from its local name (catalog_model).
int64_t local_relation_oid(const std::string& schema, const std::string& table) {
  return catalog_object_oid("r", local_relation_name(schema, table));
}

pg_error not_found(const std::string& name) {
  return make_pg_error("42704", "subscription \"" + name + "\" does not exist");
}

pg_error notice(std::string severity, std::string message) {
  pg_error n;
  n.severity = std::move(severity);
  n.sqlstate = "00000";
  n.message = std::move(message);
  return n;
}

std::string quoted_list(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names)
    out += (out.empty() ? "\"" : ", \"") + n + "\"";
  return out;
}

// quote_identifier's output for a plain name: quoted only when it is not all
// lower-case letters, digits and underscores starting with a letter or an
// underscore (SQL keywords are not looked up).
std::string identifier_as_postgres_prints_it(const std::string& name) {
  bool plain = !name.empty() && (std::islower(static_cast<unsigned char>(name[0])) || name[0] == '_');
  for (unsigned char c : name)
    plain = plain && (std::islower(c) || std::isdigit(c) || c == '_');
  if (plain)
    return name;
  std::string out = "\"";
  for (char c : name)
    out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

}  // namespace

pg_error catalog_failure(const sqlite_error& e) { return make_pg_error("XX000", e.message); }

std::vector<std::string> names_from_parse_tree(const nlohmann::json& list) {
  std::vector<std::string> out;
  if (!list.is_array())
    return out;
  for (const auto& item : list)
    if (item.contains("String"))
      out.push_back(item["String"].value("sval", ""));
  return out;
}

std::vector<option_item> options_from_parse_tree(const nlohmann::json& statement) {
  std::vector<option_item> out;
  if (!statement.contains("options"))
    return out;
  for (const auto& o : statement["options"]) {
    if (!o.contains("DefElem"))
      continue;
    const auto& d = o["DefElem"];
    option_item item;
    item.name = d.value("defname", "");
    if (d.contains("arg")) {
      const auto& arg = d["arg"];
      if (arg.contains("String"))
        item.value = arg["String"].value("sval", "");
      else if (arg.contains("Integer"))
        item.value = std::to_string(arg["Integer"].value("ival", 0));
      else if (arg.contains("Float"))
        item.value = arg["Float"].value("fval", "");
      else if (arg.contains("Boolean"))
        item.value = arg["Boolean"].value("boolval", false) ? "true" : "false";
      else if (arg.contains("TypeName"))  // a bare keyword parsed as a type name
        item.value = names_from_parse_tree(arg["TypeName"]["names"]).back();
    }
    out.push_back(std::move(item));
  }
  return out;
}

result<ok_t, pg_error> check_binary_input(sqlite_connection& db, const std::string& schema,
                                          const std::string& table,
                                          const std::optional<std::vector<std::string>>& published) {
  auto columns = read_table_columns(db, table);
  if (!columns)
    return fail(make_pg_error("XX000", columns.error().message));
  auto is_published = [&](const std::string& name) {
    if (!published)
      return true;
    return std::any_of(published->begin(), published->end(), [&](const std::string& p) {
      return sqlite3_stricmp(p.c_str(), name.c_str()) == 0;
    });
  };
  for (const auto& c : *columns) {
    if (!is_published(c.name) || has_binary_input(c.type))
      continue;
    return fail(make_pg_error(
        "0A000",
        "column \"" + c.name + "\" of relation \"" + (schema.empty() ? "public" : schema) + "." +
            table + "\" has type " + format_type(c.type) +
            ", which cannot be received in binary format",
        {}, "Use binary = false for this subscription."));
  }
  return ok_v;
}

result<ok_t, pg_error> check_local_tables(sqlite_connection& db, const std::vector<published_table>& tables,
                                          bool binary) {
  for (const auto& t : tables) {
    relation_info rel;
    rel.schema_name = t.schema_name;
    rel.table_name = t.table_name;
    for (const auto& c : t.columns.value_or(std::vector<std::string>{})) {
      relation_column col;
      col.name = c;
      rel.columns.push_back(col);
    }
    auto local = describe_local_table(db, rel);
    if (!local)
      return fail(local.error());
    if (binary)
      if (auto r = check_binary_input(db, t.schema_name, local->name, t.columns); !r)
        return r;
  }
  return ok_v;
}

result<std::unique_ptr<publisher_connection>, pg_error> subscription_ddl::connect(
    const subscription_row& row, const std::string& owner, connection_purpose purpose,
    const command_context& context) {
  auto given = parse_conninfo(row.conninfo);
  if (!given)
    return fail(given.error());
  auto params = publisher_connection_params(*given, row.name, owner, purpose);
  // As PostgreSQL 16+: a non-superuser owner's connection must have used a password.
  const auto owner_role = directory_->find_role(owner);
  params.must_use_password = row.password_required && !(owner_role && owner_role->superuser);
  return publisher_connection::open(params, [&context] { return context.statement_cancelled(); });
}

subscription_ddl::pipeline_pause::pipeline_pause(std::shared_ptr<replication_control> control,
                                                 std::string database, int64_t subid)
    : control_(std::move(control)), database_(std::move(database)), subid_(subid) {
  stopped_ = !control_ || control_->stop_and_wait(database_, subid_, std::chrono::seconds(60));
}

subscription_ddl::pipeline_pause::~pipeline_pause() {
  if (!dismissed_ && control_)
    control_->subscription_changed(database_, subid_);
}

std::shared_ptr<void> subscription_ddl::stop_workers_before_lock(const nlohmann::json& statement, bool drop,
                                                                command_context& context) {
  // SKIP leaves the workers alone, as in PostgreSQL (the worker reads it when it next fails).
  if (!drop && statement.value("kind", std::string()) == "ALTER_SUBSCRIPTION_SKIP")
    return nullptr;
  auto found = find_subscription(context.database(), statement.value("subname", std::string()));
  if (!found || !*found)
    return nullptr;  // the statement itself reports it
  return std::make_shared<pipeline_pause>(control_, context.database_name(), (*found)->oid);
}

void subscription_ddl::notify_on_commit(command_context& context, int64_t subid) {
  auto control = control_;
  auto database = context.database_name();
  context.on_commit([control, database, subid] {
    if (control)
      control->subscription_changed(database, subid);
  });
}

result<ok_t, pg_error> subscription_ddl::warn_about_copied_origins(publisher_connection& publisher,
                                                                  const subscription_row& row,
                                                                  bool copy_data,
                                                                  command_context& context) {
  if (!copy_data || row.origin != "none")
    return ok_v;
  std::vector<std::pair<std::string, std::string>> subscribed;
  if (row.oid != 0) {
    auto existing = list_subscription_rels(context.database(), row.oid);
    if (!existing)
      return fail(catalog_failure(existing.error()));
    for (const auto& rel : *existing)
      subscribed.emplace_back(rel.schema_name.empty() ? "public" : rel.schema_name, rel.table_name);
  }
  auto found = publisher.publications_with_subscribed_tables(row.publications, subscribed);
  if (!found)
    return fail(found.error());
  if (found->empty())
    return ok_v;
  std::string names;
  for (const auto& p : *found)
    names += (names.empty() ? "" : ", ") + identifier_as_postgres_prints_it(p);
  pg_error warning = notice("WARNING", "subscription \"" + row.name +
                                           "\" requested copy_data with origin = NONE but might "
                                           "copy data that had a different origin");
  warning.sqlstate = "55000";
  warning.detail = found->size() == 1
                       ? "The subscription being created subscribes to a publication (" + names +
                             ") that contains tables that are written to by other subscriptions."
                       : "The subscription being created subscribes to publications (" + names +
                             ") that contain tables that are written to by other subscriptions.";
  warning.hint = "Verify that initial data copied from the publisher tables did not come from other origins.";
  context.emit_notice(std::move(warning));
  return ok_v;
}

result<ok_t, pg_error> subscription_ddl::sync_table_list(sqlite_connection& db, const subscription_row& row,
                                                         const std::vector<published_table>& tables,
                                                         bool copy_data) {
  auto existing = list_subscription_rels(db, row.oid);
  if (!existing)
    return fail(catalog_failure(existing.error()));
  std::set<std::pair<std::string, std::string>> published;
  for (const auto& t : tables)
    published.emplace(t.schema_name, t.table_name);
  std::set<std::pair<std::string, std::string>> known;
  for (auto rel : *existing) {
    known.emplace(rel.schema_name, rel.table_name);
    if (!published.count({rel.schema_name, rel.table_name})) {
      if (auto r = delete_subscription_rel(db, row.oid, rel.schema_name, rel.table_name); !r)
        return fail(catalog_failure(r.error()));
    } else if (rel.relid != local_relation_oid(rel.schema_name, rel.table_name)) {
      // A row written before srrelid named the local table: heal it on refresh.
      rel.relid = local_relation_oid(rel.schema_name, rel.table_name);
      if (auto r = upsert_subscription_rel(db, rel); !r)
        return fail(catalog_failure(r.error()));
    }
  }
  for (const auto& t : tables) {
    if (known.count({t.schema_name, t.table_name}))
      continue;
    subscription_rel_row rel;
    rel.subid = row.oid;
    rel.relid = local_relation_oid(t.schema_name, t.table_name);
    rel.state = copy_data ? 'i' : 'r';
    rel.schema_name = t.schema_name;
    rel.table_name = t.table_name;
    if (auto r = upsert_subscription_rel(db, rel); !r)
      return fail(catalog_failure(r.error()));
  }
  return ok_v;
}

result<command_outcome, pg_error> subscription_ddl::create_subscription(const nlohmann::json& statement,
                                                                        command_context& context) {
  auto opts = parse_subscription_options(options_from_parse_tree(statement),
                                         supported_options::create_subscription);
  if (!opts)
    return fail(opts.error());
  subscription_row row;
  row.name = statement.value("subname", "");
  row.conninfo = statement.value("conninfo", "");
  row.publications = names_from_parse_tree(statement.value("publication", nlohmann::json::array()));
  std::set<std::string> seen;
  for (const auto& p : row.publications)
    if (!seen.insert(p).second)
      return fail(make_pg_error("42710", "publication name \"" + p + "\" used more than once"));
  if (opts->create_slot && context.in_transaction_block())
    return fail(make_pg_error("25001",
                              "CREATE SUBSCRIPTION ... WITH (create_slot = true) cannot run inside a transaction block"));
  // Only roles with the privileges of pg_create_subscription, and a
  // subscription is an object of the database: CREATE on it (PostgreSQL 16+).
  if (!context.is_superuser()) {
    auto access = load_table_access(context.database(), *directory_, context.user_name(), context.database_name());
    if (!access)
      return fail(access.error());
    if ((*access)->roles.count(role_catalog::create_subscription_oid) == 0)
      return fail(make_pg_error("42501", "permission denied to create subscription",
                                "Only roles with privileges of the \"pg_create_subscription\" role may create "
                                "subscriptions."));
    if (!(*access)->allows_database(privilege_create))
      return fail(permission_denied_for(acl_object::database, context.database_name()));
  }
  if (!opts->password_required && !context.is_superuser())
    return fail(password_not_required_is_superuser_only());
  auto given = parse_conninfo(row.conninfo);
  if (!given)
    return fail(given.error());
  if (opts->password_required && !context.is_superuser() && !given->has_password())
    return fail(make_pg_error("28000", "password is required", "Non-superusers must provide a password in the connection string."));
  auto& db = context.database();
  if (auto existing = find_subscription(db, row.name); !existing)
    return fail(catalog_failure(existing.error()));
  else if (*existing)
    return fail(make_pg_error("42710", "subscription \"" + row.name + "\" already exists"));
  if (opts->slot_name)
    row.slot_name = opts->slot_name;
  else if (!opts->slot_name_is_none) {
    if (auto v = validate_slot_name(row.name); !v)
      return fail(v.error());
    row.slot_name = row.name;
  }
  auto owner = directory_->find_role(context.user_name());
  auto database = directory_->find_database(context.database_name());
  row.oid = directory_->allocate_oid();
  row.dbid = database ? database->oid : 0;
  row.owner = owner ? owner->oid : 10;
  row.enabled = opts->enabled;
  row.binary = opts->binary;
  row.streaming = opts->streaming;
  row.disable_on_error = opts->disable_on_error;
  row.password_required = opts->password_required;
  row.run_as_owner = opts->run_as_owner;
  row.failover = opts->failover;
  row.synchronous_commit = opts->synchronous_commit;
  row.origin = opts->origin;

  std::vector<published_table> tables;
  std::unique_ptr<publisher_connection> publisher;
  if (opts->connect) {
    auto conn = connect(row, context.user_name(), connection_purpose::replication, context);
    if (!conn)
      return fail(conn.error());
    publisher = std::move(conn).value();
    auto missing = publisher->missing_publications(row.publications);
    if (!missing)
      return fail(missing.error());
    if (!missing->empty())
      context.emit_notice(notice("WARNING", std::string(missing->size() == 1 ? "publication " : "publications ") +
                                                quoted_list(*missing) +
                                                (missing->size() == 1 ? " does" : " do") +
                                                " not exist on the publisher"));
    if (auto r = warn_about_copied_origins(*publisher, row, opts->copy_data, context); !r)
      return fail(r.error());
    auto published = publisher->published_tables(row.publications);
    if (!published)
      return fail(published.error());
    tables = std::move(published).value();
    if (auto r = check_local_tables(db, tables, row.binary); !r)
      return fail(r.error());
  }
  // Catalog rows first (in the statement's transaction), the slot last: a
  // failed slot creation rolls the rows back with the statement.
  if (auto r = insert_subscription(db, row); !r)
    return fail(catalog_failure(r.error()));
  if (auto r = create_origin(db, row.oid); !r)
    return fail(catalog_failure(r.error()));
  if (auto r = sync_table_list(db, row, tables, opts->copy_data); !r)
    return fail(r.error());
  if (publisher && opts->create_slot) {
    auto slot = publisher->create_logical_slot(*row.slot_name, false,
                                               publisher_connection::snapshot_action::nothing,
                                               opts->failover);
    if (!slot)
      return fail(slot.error());
    context.emit_notice(notice("NOTICE", "created replication slot \"" + *row.slot_name + "\" on publisher"));
  } else if (!opts->connect) {
    context.emit_notice(notice("WARNING",
                               "subscription was created, but is not connected"));
  }
  notify_on_commit(context, row.oid);
  return command_outcome::tag_only("CREATE SUBSCRIPTION");
}

result<command_outcome, pg_error> subscription_ddl::drop_subscription(const nlohmann::json& statement,
                                                                      command_context& context) {
  auto name = statement.value("subname", "");
  auto& db = context.database();
  auto found = find_subscription(db, name);
  if (!found)
    return fail(catalog_failure(found.error()));
  if (!*found) {
    if (statement.value("missing_ok", false)) {
      context.emit_notice(notice("NOTICE", "subscription \"" + name + "\" does not exist, skipping"));
      return command_outcome::tag_only("DROP SUBSCRIPTION");
    }
    return fail(not_found(name));
  }
  auto row = **found;
  if (!context.is_superuser()) {  // only its owner (or a member of the owner) drops it
    auto access = load_table_access(context.database(), *directory_, context.user_name(), context.database_name());
    if (!access)
      return fail(access.error());
    if ((*access)->roles.count(row.owner) == 0)
      return fail(make_pg_error("42501", "must be owner of subscription " + name));
  }
  if (row.slot_name && context.in_transaction_block())
    return fail(make_pg_error("25001", "DROP SUBSCRIPTION cannot run inside a transaction block"));
  // Stop the worker first, as PostgreSQL does; if anything below fails the
  // statement rolls back and the pause starts the pipeline again.
  pipeline_pause pause{control_, context.database_name(), row.oid};
  if (!pause.stopped())
    return fail(make_pg_error("55006", "could not stop the replication worker of subscription \"" + name + "\""));
  if (auto r = delete_subscription(db, row.oid); !r)
    return fail(catalog_failure(r.error()));
  if (row.slot_name) {
    auto owner = directory_->find_role(row.owner);
    auto conn = connect(row, owner ? owner->name : context.user_name(), connection_purpose::replication, context);
    if (!conn) {
      auto e = make_pg_error("08006", "could not connect to publisher when attempting to drop replication slot \"" +
                                          *row.slot_name + "\": " + conn.error().message,
                             {},
                             "Use ALTER SUBSCRIPTION ... DISABLE to disable the subscription, and then use ALTER "
                             "SUBSCRIPTION ... SET (slot_name = NONE) to disassociate it from the slot.");
      return fail(e);
    }
    if (auto r = (*conn)->drop_slot(*row.slot_name, true); !r)
      return fail(r.error());
    context.emit_notice(notice("NOTICE", "dropped replication slot \"" + *row.slot_name + "\" on publisher"));
  }
  pause.dismiss();
  notify_on_commit(context, row.oid);
  return command_outcome::tag_only("DROP SUBSCRIPTION");
}

}  // namespace tributary
