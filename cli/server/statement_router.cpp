// statement_router: libpg_query split + parse, then classification (see the header).
//
// Steps for one query string:
//   1. pg_query_split_with_scanner -> byte ranges of statements; the gaps between
//      them are split again at top-level ';' (keyword-less statements such as
//      `PRAGMA x` are dropped by libpg_query's splitter). If the scanner fails
//      (unterminated quote or comment) the whole text is split by our own scanner.
//   2. each range is parsed alone with pg_query_parse: success gives the statement
//      node(s); failure gives PostgreSQL's message and cursor, which becomes a
//      sqlite_only statement carrying a 42601 error positioned in the whole string.
//   3. the node type picks the statement_kind; everything not handled by Tributary
//      is `sqlite`.
#include "cli/server/statement_router.hpp"

#include <pg_query.h>
#include <sqlite3.h>

#include <algorithm>
#include <map>

#include "cli/server/command_tags.hpp"
#include "stages/sql/qualified_names.hpp"
#include "stages/sql/sql_text_scan.hpp"

namespace tributary {
namespace {

std::vector<text_range> scanner_ranges(const std::string& query) {
  std::vector<text_range> ranges;
  PgQuerySplitResult split = pg_query_split_with_scanner(query.c_str());
  if (split.error) {
    split.n_stmts = 0;  // libpg_query leaves the count set but no array on error
    pg_query_free_split_result(split);
    return split_at_semicolons(query);
  }
  for (int i = 0; i < split.n_stmts; ++i) {
    auto begin = static_cast<size_t>(split.stmts[i]->stmt_location);
    auto length = static_cast<size_t>(split.stmts[i]->stmt_len);
    ranges.push_back({begin, std::min(query.size(), begin + length)});
  }
  pg_query_free_split_result(split);
  return ranges;
}

// Adds the statements the scanner skipped: whatever lies between its ranges.
std::vector<text_range> all_statement_ranges(const std::string& query) {
  std::vector<text_range> found = scanner_ranges(query);
  std::vector<text_range> out;
  size_t covered = 0;
  auto add_gap = [&](size_t begin, size_t end) {
    if (end <= begin)
      return;
    for (text_range piece : split_at_semicolons(std::string_view(query).substr(begin, end - begin)))
      out.push_back({begin + piece.begin, begin + piece.end});
  };
  for (const text_range& r : found) {
    add_gap(covered, r.begin);
    out.push_back(r);
    covered = std::max(covered, r.end);
  }
  add_gap(covered, query.size());
  return out;
}

const std::map<std::string, statement_kind>& kinds_by_transaction_kind() {
  static const std::map<std::string, statement_kind> kinds = {
      {"TRANS_STMT_BEGIN", statement_kind::begin},
      {"TRANS_STMT_START", statement_kind::begin},
      {"TRANS_STMT_COMMIT", statement_kind::commit},
      {"TRANS_STMT_ROLLBACK", statement_kind::rollback},
      {"TRANS_STMT_SAVEPOINT", statement_kind::savepoint},
      {"TRANS_STMT_RELEASE", statement_kind::release_savepoint},
      {"TRANS_STMT_ROLLBACK_TO", statement_kind::rollback_to_savepoint},
      {"TRANS_STMT_PREPARE", statement_kind::prepared_transaction},
      {"TRANS_STMT_COMMIT_PREPARED", statement_kind::prepared_transaction},
      {"TRANS_STMT_ROLLBACK_PREPARED", statement_kind::prepared_transaction},
  };
  return kinds;
}

// ALTER TABLE whose every command is ENABLE / DISABLE [REPLICA | ALWAYS] TRIGGER
// (subtypes AT_EnableTrig, AT_DisableTrigAll, AT_EnableReplicaTrig, ...).
bool only_trigger_toggles(const nlohmann::json& fields) {
  const auto cmds = fields.value("cmds", nlohmann::json::array());
  return !cmds.empty() && std::all_of(cmds.begin(), cmds.end(), [](const nlohmann::json& c) {
    const std::string subtype = c.value("AlterTableCmd", nlohmann::json::object()).value("subtype", std::string());
    return subtype.rfind("AT_", 0) == 0 && subtype.find("Trig") != std::string::npos;
  });
}

statement_kind classify(const std::string& type, const nlohmann::json& fields) {
  if (type == "TransactionStmt") {
    auto it = kinds_by_transaction_kind().find(fields.value("kind", std::string()));
    return it == kinds_by_transaction_kind().end() ? statement_kind::sqlite : it->second;
  }
  if (type == "VariableSetStmt") {
    std::string kind = fields.value("kind", std::string());
    return kind == "VAR_RESET" || kind == "VAR_RESET_ALL" ? statement_kind::reset
                                                          : statement_kind::set;
  }
  if (type == "DropStmt" && fields.value("removeType", std::string()) == "OBJECT_TABLE")
    return statement_kind::drop_table;
  if (type == "CreateTableAsStmt" && fields.value("query", nlohmann::json::object()).contains("ExecuteStmt"))
    return statement_kind::sql_prepare;  // CREATE TABLE ... AS EXECUTE: the session's prepared statement
  if (type == "DropStmt" && fields.value("removeType", std::string()) == "OBJECT_INDEX")
    return statement_kind::drop_index;
  if (type == "DropStmt" && fields.value("removeType", std::string()) == "OBJECT_SCHEMA")
    return statement_kind::drop_schema;
  if (type == "DropStmt" && (fields.value("removeType", std::string()) == "OBJECT_TYPE" ||
                             fields.value("removeType", std::string()) == "OBJECT_DOMAIN"))
    return statement_kind::drop_type;
  if (type == "DropStmt" && fields.value("removeType", std::string()) == "OBJECT_SEQUENCE")
    return statement_kind::sequence_ddl;
  if (type == "DefineStmt" && fields.value("kind", std::string()) == "OBJECT_TYPE")
    return statement_kind::create_type;
  if (type == "DropStmt" && (fields.value("removeType", std::string()) == "OBJECT_TRIGGER" ||
                             fields.value("removeType", std::string()) == "OBJECT_FUNCTION"))
    return statement_kind::trigger;
  if (type == "AlterTableStmt" && fields.value("objtype", std::string()) == "OBJECT_TABLE" &&
      only_trigger_toggles(fields))
    return statement_kind::trigger;
  if (type == "AlterTableStmt" && fields.value("objtype", std::string()) == "OBJECT_TABLE")
    return statement_kind::alter_table;
  if (type == "AlterTableStmt" && fields.value("objtype", std::string()) == "OBJECT_TYPE")
    return statement_kind::alter_type;  // ALTER TYPE composite ADD / DROP / ALTER ATTRIBUTE
  if (type == "AlterTableStmt" && (fields.value("objtype", std::string()) == "OBJECT_SEQUENCE" ||
                                   fields.value("objtype", std::string()) == "OBJECT_VIEW")) {
    const auto cmds = fields.value("cmds", nlohmann::json::array());
    const bool owner_only = !cmds.empty() && std::all_of(cmds.begin(), cmds.end(), [](const nlohmann::json& c) {
      return c.value("AlterTableCmd", nlohmann::json::object()).value("subtype", std::string()) == "AT_ChangeOwner";
    });
    if (owner_only)
      return statement_kind::grant_privileges;  // ALTER SEQUENCE / VIEW ... OWNER TO (object_privilege_commands)
  }
  if (type == "RenameStmt") {
    const std::string renamed = fields.value("renameType", std::string());
    if (renamed == "OBJECT_TABLE" ||
        (renamed == "OBJECT_COLUMN" && fields.value("relationType", std::string()) == "OBJECT_TABLE"))
      return statement_kind::alter_table;
    if (renamed == "OBJECT_SUBSCRIPTION")
      return statement_kind::alter_subscription;
    if (renamed == "OBJECT_DOMCONSTRAINT" || renamed == "OBJECT_ATTRIBUTE")
      return statement_kind::alter_type;
    if (renamed == "OBJECT_ROLE")
      return statement_kind::role_ddl;
  }
  if (type == "AlterOwnerStmt" && fields.value("objectType", std::string()) == "OBJECT_SUBSCRIPTION")
    return statement_kind::alter_subscription;
  if (type == "AlterOwnerStmt" && (fields.value("objectType", std::string()) == "OBJECT_DATABASE" ||
                                   fields.value("objectType", std::string()) == "OBJECT_SCHEMA"))
    return statement_kind::grant_privileges;  // object_privilege_commands
  static const std::map<std::string, statement_kind> by_type = {
      {"VariableShowStmt", statement_kind::show},
      {"CreateStmt", statement_kind::create_table},
      {"CreateSchemaStmt", statement_kind::create_schema},
      {"CreateEnumStmt", statement_kind::create_type},
      {"CreateDomainStmt", statement_kind::create_type},
      {"CompositeTypeStmt", statement_kind::create_type},
      {"CreateRangeStmt", statement_kind::create_type},
      {"AlterEnumStmt", statement_kind::alter_type},
      {"AlterDomainStmt", statement_kind::alter_type},
      {"InsertStmt", statement_kind::insert},
      {"CopyStmt", statement_kind::copy},
      {"IndexStmt", statement_kind::create_index},
      {"CreateSeqStmt", statement_kind::sequence_ddl},
      {"AlterSeqStmt", statement_kind::sequence_ddl},
      {"TruncateStmt", statement_kind::truncate},
      {"VacuumStmt", statement_kind::vacuum},
      {"CommentStmt", statement_kind::comment},
      {"LockStmt", statement_kind::lock_table},
      {"CreatedbStmt", statement_kind::create_database},
      {"DropdbStmt", statement_kind::drop_database},
      {"CreateRoleStmt", statement_kind::role_ddl},
      {"AlterRoleStmt", statement_kind::role_ddl},
      {"AlterRoleSetStmt", statement_kind::role_ddl},
      {"AlterDatabaseSetStmt", statement_kind::role_ddl},   // as ALTER ROLE ALL IN DATABASE d SET
      {"AlterDatabaseStmt", statement_kind::grant_privileges},  // database_commands
      {"DropRoleStmt", statement_kind::role_ddl},
      {"GrantRoleStmt", statement_kind::role_ddl},
      {"GrantStmt", statement_kind::grant_privileges},
      {"CreateSubscriptionStmt", statement_kind::create_subscription},
      {"AlterSubscriptionStmt", statement_kind::alter_subscription},
      {"DropSubscriptionStmt", statement_kind::drop_subscription},
      {"CreateFunctionStmt", statement_kind::trigger},
      {"CreateTrigStmt", statement_kind::trigger},
      {"PrepareStmt", statement_kind::sql_prepare},
      {"ExecuteStmt", statement_kind::sql_prepare},
      {"DeallocateStmt", statement_kind::sql_prepare},
      {"DiscardStmt", statement_kind::sql_prepare},
      {"DeclareCursorStmt", statement_kind::sql_prepare},
      {"FetchStmt", statement_kind::sql_prepare},
      {"ClosePortalStmt", statement_kind::sql_prepare},
  };
  auto it = by_type.find(type);
  return it == by_type.end() ? statement_kind::sqlite : it->second;
}

bool sqlite_considers_complete(std::string_view text) {
  std::string terminated(text);
  terminated += ';';
  return sqlite3_complete(terminated.c_str()) != 0;
}

class query_router {
public:
  explicit query_router(std::string_view sql) : query_(sql), ranges_(all_statement_ranges(query_)) {}

  routed_query run() {
    routed_query out;
    for (size_t i = 0; i < ranges_.size(); ++i)
      route_range(i, out);
    return out;
  }

private:
  // The HINTs PostgreSQL 15's grammar gives with its errors (libpg_query keeps none).
  static std::string grammar_hint(const std::string& message) {
    if (message == "subquery in FROM must have an alias")
      return "For example, FROM (SELECT ...) [AS] foo.";
    if (message == "VALUES in FROM must have an alias")
      return "For example, FROM (VALUES ...) [AS] foo.";
    return {};
  }

  void route_range(size_t& index, routed_query& out) {
    const text_range range = ranges_[index];
    std::string text = query_.substr(range.begin, range.end - range.begin);
    PgQueryParseResult parsed = pg_query_parse(text.c_str());
    if (parsed.error) {
      pg_error error = make_pg_error("42601", parsed.error->message);
      error.hint = grammar_hint(error.message);
      if (parsed.error->cursorpos > 0)
        error.position = character_count(query_, range.begin) + parsed.error->cursorpos;
      pg_query_free_parse_result(parsed);
      out.statements.push_back(unparsed_statement(index, std::move(error)));
      return;
    }
    nlohmann::json tree = nlohmann::json::parse(parsed.parse_tree, nullptr, false);
    pg_query_free_parse_result(parsed);
    if (!tree.is_object() || !tree.contains("stmts"))
      return;
    for (const auto& stmt : tree["stmts"])
      out.statements.push_back(parsed_statement(range.begin, text, stmt));
  }

  routed_statement parsed_statement(size_t range_begin, const std::string& text,
                                    const nlohmann::json& stmt) {
    auto location = static_cast<size_t>(stmt.value("stmt_location", 0));
    auto length = static_cast<size_t>(stmt.value("stmt_len", 0));
    location = std::min(location, text.size());
    if (length == 0 || location + length > text.size())
      length = text.size() - location;
    routed_statement s;
    s.text = text.substr(location, length);
    s.position = character_count(query_, range_begin + location);
    s.node = stmt.value("stmt", nlohmann::json::object());
    s.kind = s.node.empty() ? statement_kind::sqlite
                            : classify(s.node.begin().key(), s.node.begin().value());
    s.tag = command_tag_for_node(s.node);
    if (s.tag.empty())
      s.tag = command_tag_for_text(s.text);
    use_local_relation_names(s, text, location, location + length);
    return s;
  }

  // schema.table -> the local table (qualified_names.hpp); the tree is read
  // again from the rewritten text, whose locations the translators use.
  static void use_local_relation_names(routed_statement& s, const std::string& text,
                                       size_t begin, size_t end) {
    auto rewritten = rewrite_qualified_names(s.node, text, begin, end);
    if (!rewritten)
      return;
    PgQueryParseResult parsed = pg_query_parse(rewritten->text.c_str());
    if (parsed.error) {
      pg_query_free_parse_result(parsed);
      return;
    }
    nlohmann::json tree = nlohmann::json::parse(parsed.parse_tree, nullptr, false);
    pg_query_free_parse_result(parsed);
    if (!tree.is_object() || !tree.contains("stmts") || tree["stmts"].size() != 1)
      return;
    s.text = std::move(rewritten->text);
    s.node = tree["stmts"][0].value("stmt", nlohmann::json::object());
    s.schemas = std::move(rewritten->schemas);
    s.public_relations = std::move(rewritten->public_relations);
  }

  // A statement PostgreSQL rejected. If SQLite would see it as unfinished (a
  // trigger body), the following pieces belong to it.
  routed_statement unparsed_statement(size_t& index, pg_error error) {
    const size_t begin = ranges_[index].begin;
    size_t last = index;
    while (!sqlite_considers_complete(slice(begin, ranges_[last].end)) && last + 1 < ranges_.size())
      ++last;
    if (sqlite_considers_complete(slice(begin, ranges_[last].end)))
      index = last;
    routed_statement s;
    s.text = slice(begin, ranges_[index].end);
    s.position = character_count(query_, begin);
    s.kind = statement_kind::sqlite_only;
    s.node = nullptr;
    s.tag = command_tag_for_text(s.text);
    s.parse_error = std::move(error);
    return s;
  }

  std::string slice(size_t begin, size_t end) const { return query_.substr(begin, end - begin); }

  std::string query_;
  std::vector<text_range> ranges_;
};

}  // namespace

std::string routed_statement::node_type() const {
  return node.is_object() && !node.empty() ? node.begin().key() : std::string();
}

const nlohmann::json& routed_statement::fields() const {
  static const nlohmann::json empty = nlohmann::json::object();
  return node.is_object() && !node.empty() ? node.begin().value() : empty;
}

int character_count(std::string_view text, size_t bytes) {
  int count = 0;
  for (size_t i = 0; i < bytes && i < text.size(); ++i)
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80)
      ++count;
  return count;
}

routed_query route_query(std::string_view sql) { return query_router(sql).run(); }

}  // namespace tributary
