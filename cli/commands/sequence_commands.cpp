// sequence_commands: see the header.
#include "cli/commands/sequence_commands.hpp"

#include "stages/core/local_relation_name.hpp"
#include "stages/sql/parse_tree.hpp"
#include "stages/sql/sequence_definition.hpp"
#include "storage/column_type_catalog.hpp"
#include "storage/relation_acl_catalog.hpp"
#include "storage/sequence_catalog.hpp"

namespace tributary {
namespace {

namespace pt = parse_tree;
using json = nlohmann::json;

void notice(command_context& context, std::string message, const char* sqlstate = "00000") {
  pg_error n = make_pg_error(sqlstate, std::move(message));
  n.severity = "NOTICE";
  context.emit_notice(std::move(n));
}

std::string relation_of(const json& stmt) {
  const json& relation = stmt.value("sequence", json::object());
  return local_relation_name(pt::text(relation, "schemaname"), pt::text(relation, "relname"));
}

// OWNED BY table.column (or NONE) checked against the database's tables.
result<ok_t, pg_error> apply_owner(const std::vector<std::string>& owned_by, stored_sequence& sequence,
                                   command_context& context) {
  if (owned_by.empty())
    return ok_v;
  if (owned_by.size() == 1) {  // NONE
    sequence.owned_table.clear();
    sequence.owned_column.clear();
    return ok_v;
  }
  const std::string table = owned_by.size() == 3 ? local_relation_name(owned_by[0], owned_by[1])
                                                 : owned_by[0];
  const std::string& column = owned_by.back();
  auto columns = read_table_columns(context.database(), table);
  if (!columns)
    return fail(make_pg_error("XX000", columns.error().message));
  if (columns->empty())
    return fail(make_pg_error("42P01", "relation \"" + owned_by[owned_by.size() - 2] + "\" does not exist"));
  bool found = false;
  for (const auto& c : *columns)
    found = found || c.name == column;
  if (!found)
    return fail(make_pg_error("42703", "column \"" + column + "\" of relation \"" +
                                           owned_by[owned_by.size() - 2] + "\" does not exist"));
  sequence.owned_table = table;
  sequence.owned_column = column;
  return ok_v;
}

result<command_outcome, pg_error> create_sequence(const json& stmt, std::string_view source,
                                                  command_context& context) {
  sqlite3* db = context.database().handle();
  stored_sequence sequence;
  sequence.name = relation_of(stmt);
  auto exists = relation_exists(db, sequence.name);
  if (!exists)
    return fail(exists.error());
  if (*exists && pt::flag(stmt, "if_not_exists")) {
    notice(context, "relation \"" + sequence.name + "\" already exists, skipping", "42P07");
    return command_outcome::tag_only("CREATE SEQUENCE");
  }
  auto options = read_sequence_options(pt::list(stmt, "options"), source, nullptr, nullptr);
  if (!options)
    return fail(options.error());
  if (*exists)
    return fail(make_pg_error("42P07", "relation \"" + sequence.name + "\" already exists"));
  sequence.parameters = options->parameters;
  sequence.state = options->state;
  if (auto r = apply_owner(options->owned_by, sequence, context); !r)
    return fail(r.error());
  if (auto r = create_sequence_relation(db, sequence); !r)
    return fail(r.error());
  // The creator owns it (sequence_functions.hpp checks its privileges).
  const relation_acl_row owner{sequence.name, context.current_role_oid().value_or(default_relation_owner),
                               std::nullopt};
  if (auto r = store_relation_acl(context.database(), owner); !r)
    return fail(make_pg_error("XX000", "could not record the sequence's owner: " + r.error().message));
  return command_outcome::tag_only("CREATE SEQUENCE");
}

result<command_outcome, pg_error> alter_sequence(const json& stmt, std::string_view source,
                                                 command_context& context) {
  sqlite3* db = context.database().handle();
  const std::string name = relation_of(stmt);
  auto found = find_sequence(db, name);
  if (!found)
    return fail(found.error());
  if (!*found) {
    auto exists = relation_exists(db, name);
    if (!exists)
      return fail(exists.error());
    if (*exists)
      return fail(make_pg_error("42809", "\"" + pt::text(stmt.value("sequence", json::object()), "relname") +
                                             "\" is not a sequence"));
    if (pt::flag(stmt, "missing_ok")) {
      notice(context, "relation \"" + name + "\" does not exist, skipping");
      return command_outcome::tag_only("ALTER SEQUENCE");
    }
    return fail(make_pg_error("42P01", "relation \"" + name + "\" does not exist"));
  }
  stored_sequence sequence = std::move(**found);
  auto options = read_sequence_options(pt::list(stmt, "options"), source, &sequence.parameters,
                                       &sequence.state);
  if (!options)
    return fail(options.error());
  sequence.parameters = options->parameters;
  sequence.state = options->state;
  if (auto r = apply_owner(options->owned_by, sequence, context); !r)
    return fail(r.error());
  if (auto r = update_sequence(db, sequence); !r)
    return fail(r.error());
  return command_outcome::tag_only("ALTER SEQUENCE");
}

// 2BP01 when a column needs the sequence: an identity column, or a serial
// column whose default calls nextval on it.
result<ok_t, pg_error> check_no_dependent_column(const stored_sequence& sequence, bool cascade,
                                                 command_context& context) {
  if (sequence.owned_table.empty())
    return ok_v;
  auto columns = read_recorded_table_columns(context.database(), sequence.owned_table);
  if (!columns)
    return fail(make_pg_error("XX000", columns.error().message));
  for (const auto& c : *columns) {
    if (c.name != sequence.owned_column)
      continue;
    const std::string column_words = "column " + c.name + " of table " + sequence.owned_table;
    if (!c.identity.empty()) {
      pg_error e = make_pg_error("2BP01", "cannot drop sequence " + sequence.name + " because " +
                                              column_words + " requires it");
      e.hint = "You can drop " + column_words + " instead.";
      return fail(std::move(e));
    }
    if (c.default_expression && c.default_expression->starts_with("nextval(")) {
      if (cascade)
        return fail(make_pg_error("0A000", "DROP SEQUENCE ... CASCADE of a sequence a column's "
                                           "default uses is not supported yet"));
      pg_error e = make_pg_error("2BP01", "cannot drop sequence " + sequence.name +
                                              " because other objects depend on it");
      e.detail = "default value for " + column_words + " depends on sequence " + sequence.name;
      e.hint = "Use DROP ... CASCADE to drop the dependent objects too.";
      return fail(std::move(e));
    }
  }
  return ok_v;
}

result<command_outcome, pg_error> drop_sequences(const json& stmt, command_context& context) {
  sqlite3* db = context.database().handle();
  const bool if_exists = pt::flag(stmt, "missing_ok");
  const bool cascade = pt::text(stmt, "behavior") == "DROP_CASCADE";
  for (const json& object : pt::list(stmt, "objects")) {
    const auto names = pt::strings(pt::list(pt::fields(object), "items"));
    if (names.empty())
      continue;
    const std::string& shown = names.back();
    const std::string name =
        names.size() >= 2 ? local_relation_name(names[names.size() - 2], shown) : shown;
    auto found = find_sequence(db, name);
    if (!found)
      return fail(found.error());
    if (!*found) {
      auto exists = relation_exists(db, name);
      if (!exists)
        return fail(exists.error());
      if (*exists) {
        pg_error e = make_pg_error("42809", "\"" + shown + "\" is not a sequence");
        e.hint = "Use DROP TABLE to remove a table.";
        return fail(std::move(e));
      }
      if (!if_exists)
        return fail(make_pg_error("42P01", "sequence \"" + shown + "\" does not exist"));
      notice(context, "sequence \"" + shown + "\" does not exist, skipping");
      continue;
    }
    if (auto r = check_no_dependent_column(**found, cascade, context); !r)
      return fail(r.error());
    if (auto r = drop_sequence_relation(db, name); !r)
      return fail(r.error());
    if (auto r = forget_relation_acl(context.database(), name); !r)
      return fail(make_pg_error("XX000", "could not forget the sequence's privileges: " + r.error().message));
  }
  return command_outcome::tag_only("DROP SEQUENCE");
}

}  // namespace

result<command_outcome, pg_error> sequence_command(const std::string& node_type, const json& stmt,
                                                   std::string_view source, command_context& context) {
  if (node_type == "CreateSeqStmt")
    return create_sequence(stmt, source, context);
  if (node_type == "AlterSeqStmt")
    return alter_sequence(stmt, source, context);
  return drop_sequences(stmt, context);
}

}  // namespace tributary
