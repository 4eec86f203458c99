// command_tags: node type -> tag tables (see the header). Mirrors PostgreSQL's
// CreateCommandTag() for the statements a Tributary client sends; a node type not
// listed falls back to the statement's leading words.
#include "cli/server/command_tags.hpp"

#include <map>
#include <vector>

#include "stages/sql/sql_text_scan.hpp"

namespace tributary {
namespace {

// "OBJECT_MATVIEW" -> "MATERIALIZED VIEW", "OBJECT_FOREIGN_TABLE" -> "FOREIGN TABLE".
std::string object_words(const std::string& object_type) {
  std::string name = object_type.rfind("OBJECT_", 0) == 0 ? object_type.substr(7) : object_type;
  if (name == "MATVIEW")
    return "MATERIALIZED VIEW";
  if (name == "TABCONSTRAINT" || name == "COLUMN")
    return "TABLE";
  for (char& c : name)
    if (c == '_')
      c = ' ';
  return name;
}

std::string string_field(const nlohmann::json& fields, const char* name) {
  auto it = fields.find(name);
  return it != fields.end() && it->is_string() ? it->get<std::string>() : std::string();
}

bool bool_field(const nlohmann::json& fields, const char* name) {
  auto it = fields.find(name);
  return it != fields.end() && it->is_boolean() && it->get<bool>();
}

std::string transaction_tag(const nlohmann::json& fields) {
  static const std::map<std::string, std::string> tags = {
      {"TRANS_STMT_BEGIN", "BEGIN"},
      {"TRANS_STMT_START", "START TRANSACTION"},
      {"TRANS_STMT_COMMIT", "COMMIT"},
      {"TRANS_STMT_ROLLBACK", "ROLLBACK"},
      {"TRANS_STMT_SAVEPOINT", "SAVEPOINT"},
      {"TRANS_STMT_RELEASE", "RELEASE"},
      {"TRANS_STMT_ROLLBACK_TO", "ROLLBACK"},
      {"TRANS_STMT_PREPARE", "PREPARE TRANSACTION"},
      {"TRANS_STMT_COMMIT_PREPARED", "COMMIT PREPARED"},
      {"TRANS_STMT_ROLLBACK_PREPARED", "ROLLBACK PREPARED"},
  };
  auto it = tags.find(string_field(fields, "kind"));
  return it == tags.end() ? "???" : it->second;
}

// Tags that depend on fields of the node; "" when the type is not one of them.
std::string tag_from_fields(const std::string& type, const nlohmann::json& fields) {
  if (type == "TransactionStmt")
    return transaction_tag(fields);
  if (type == "DropStmt")
    return "DROP " + object_words(string_field(fields, "removeType"));
  if (type == "AlterTableStmt")
    return "ALTER " + object_words(string_field(fields, "objtype"));
  if (type == "RenameStmt") {
    std::string renamed = string_field(fields, "renameType");
    if (renamed == "OBJECT_COLUMN" || renamed == "OBJECT_TABCONSTRAINT" ||
        renamed == "OBJECT_ATTRIBUTE")
      renamed = string_field(fields, "relationType");
    return "ALTER " + object_words(renamed);
  }
  if (type == "CreateTableAsStmt")
    return "SELECT";  // PostgreSQL reports CREATE TABLE AS with the rows it stored
  if (type == "CreateFunctionStmt")
    return bool_field(fields, "is_procedure") ? "CREATE PROCEDURE" : "CREATE FUNCTION";
  if (type == "VacuumStmt")
    return bool_field(fields, "is_vacuumcmd") ? "VACUUM" : "ANALYZE";
  if (type == "VariableSetStmt") {
    std::string kind = string_field(fields, "kind");
    return kind == "VAR_RESET" || kind == "VAR_RESET_ALL" ? "RESET" : "SET";
  }
  if (type == "GrantRoleStmt")
    return bool_field(fields, "is_grant") ? "GRANT ROLE" : "REVOKE ROLE";
  if (type == "GrantStmt")
    return bool_field(fields, "is_grant") ? "GRANT" : "REVOKE";
  if (type == "DefineStmt")
    return "CREATE " + object_words(string_field(fields, "kind"));
  return {};
}

const std::map<std::string, std::string>& fixed_tags() {
  static const std::map<std::string, std::string> tags = {
      {"SelectStmt", "SELECT"},
      {"InsertStmt", "INSERT"},
      {"UpdateStmt", "UPDATE"},
      {"DeleteStmt", "DELETE"},
      {"MergeStmt", "MERGE"},
      {"CreateStmt", "CREATE TABLE"},
      {"IndexStmt", "CREATE INDEX"},
      {"ViewStmt", "CREATE VIEW"},
      {"CreateTrigStmt", "CREATE TRIGGER"},
      {"CreateSeqStmt", "CREATE SEQUENCE"},
      {"AlterSeqStmt", "ALTER SEQUENCE"},
      {"CreateSchemaStmt", "CREATE SCHEMA"},
      {"CreateExtensionStmt", "CREATE EXTENSION"},
      {"CreateRoleStmt", "CREATE ROLE"},
      {"AlterRoleStmt", "ALTER ROLE"},
      {"DropRoleStmt", "DROP ROLE"},
      {"CreatedbStmt", "CREATE DATABASE"},
      {"DropdbStmt", "DROP DATABASE"},
      {"AlterDatabaseStmt", "ALTER DATABASE"},
      {"CreateSubscriptionStmt", "CREATE SUBSCRIPTION"},
      {"AlterSubscriptionStmt", "ALTER SUBSCRIPTION"},
      {"DropSubscriptionStmt", "DROP SUBSCRIPTION"},
      {"CreatePublicationStmt", "CREATE PUBLICATION"},
      {"AlterPublicationStmt", "ALTER PUBLICATION"},
      {"TruncateStmt", "TRUNCATE TABLE"},
      {"VariableShowStmt", "SHOW"},
      {"ExplainStmt", "EXPLAIN"},
      {"CopyStmt", "COPY"},
      {"ReindexStmt", "REINDEX"},
      {"CheckPointStmt", "CHECKPOINT"},
      {"LockStmt", "LOCK TABLE"},
      {"DoStmt", "DO"},
      {"CallStmt", "CALL"},
      {"CommentStmt", "COMMENT"},
      {"PrepareStmt", "PREPARE"},
      {"ExecuteStmt", "EXECUTE"},
      {"DeallocateStmt", "DEALLOCATE"},
      {"NotifyStmt", "NOTIFY"},
      {"ListenStmt", "LISTEN"},
      {"UnlistenStmt", "UNLISTEN"},
      {"DiscardStmt", "DISCARD"},
      {"CompositeTypeStmt", "CREATE TYPE"},
      {"CreateEnumStmt", "CREATE TYPE"},
      {"CreateDomainStmt", "CREATE DOMAIN"},
      {"ClusterStmt", "CLUSTER"},
  };
  return tags;
}

}  // namespace

std::string command_tag_for_node(const nlohmann::json& node) {
  if (!node.is_object() || node.empty())
    return {};
  const std::string& type = node.begin().key();
  const nlohmann::json& fields = node.begin().value();
  if (auto tag = tag_from_fields(type, fields); !tag.empty())
    return tag;
  auto it = fixed_tags().find(type);
  return it == fixed_tags().end() ? std::string() : it->second;
}

std::string command_tag_for_text(std::string_view sql) {
  std::vector<std::string> words = leading_words(sql, 4);
  if (words.empty())
    return {};
  const std::string& first = words[0];
  if (first == "INSERT" || first == "REPLACE")
    return "INSERT";
  if (first == "SELECT" || first == "VALUES" || first == "WITH")
    return "SELECT";
  if (first == "END")
    return "COMMIT";
  if (first == "CREATE" || first == "DROP" || first == "ALTER") {
    for (size_t i = 1; i < words.size(); ++i) {
      const std::string& w = words[i];
      if (w == "UNIQUE" || w == "TEMP" || w == "TEMPORARY" || w == "VIRTUAL" || w == "OR" ||
          w == "REPLACE")
        continue;
      return first + " " + w;
    }
  }
  return first;
}

std::string complete_tag(const std::string& base_tag, int64_t rows) {
  std::string n = std::to_string(rows);
  if (base_tag == "INSERT")
    return "INSERT 0 " + n;
  if (base_tag == "SELECT" || base_tag == "UPDATE" || base_tag == "DELETE" ||
      base_tag == "MERGE" || base_tag == "FETCH" || base_tag == "MOVE" || base_tag == "COPY")
    return base_tag + " " + n;
  return base_tag;
}

}  // namespace tributary
