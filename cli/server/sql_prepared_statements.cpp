// sql_prepared_statements: PREPARE, EXECUTE and DEALLOCATE as SQL statements, on
// the same prepared statements as the extended protocol's Parse (one namespace
// per session, as in PostgreSQL).
//
//   PREPARE name [(types)] AS statement
//       the inner statement is routed and described once (extended_query::prepare)
//       with the declared types; an unspecified one is inferred from its use, else
//       text. 42P05 when the name exists, 42704 for an unknown type.
//   EXECUTE name [(arguments)]
//       each argument is evaluated as a SELECT of CAST(argument AS parameter type),
//       placed so that its text keeps its position in the EXECUTE: its errors and
//       notices are PostgreSQL's input and cast errors, at the argument (one outside
//       the argument has none); their text
//       values are then bound to the statement, which runs as a portal would and
//       answers with its own rows and command tag. 26000 for an unknown name,
//       42601 for a wrong number of arguments, 0A000 for a sub-select in an argument
//       (at the sub-select), 42804 for an argument whose type has no implicit or
//       assignment cast to the parameter's (at the argument).
//   CREATE TABLE t [(names)] AS EXECUTE name [(arguments)] [WITH [NO] DATA]
//       the arguments as EXECUTE's; the prepared statement (42809 unless a SELECT)
//       runs as CREATE TABLE t ... AS its query, with them as its parameters.
//   DEALLOCATE [PREPARE] name | ALL
//       removes one (26000 when unknown) or every named statement.
//   DISCARD ALL
//       RESET ALL, DEALLOCATE ALL and DISCARD TEMP (never inside a transaction
//       block: 25001); DISCARD PLANS has nothing to drop (no plan cache);
//       DISCARD SEQUENCES is refused (0A000).
//   DISCARD TEMP
//       drops the session's temporary tables (storage/temporary_tables.hpp) and
//       temporary views.
// Errors fail the transaction block as any statement's do.
#include <algorithm>
#include <cctype>

#include "stages/core/pg_text_array.hpp"
#include "cli/catalog/snapshot_table.hpp"
#include "cli/server/extended_query.hpp"
#include "cli/server/statement_words.hpp"
#include "stages/core/sql_quote.hpp"
#include "storage/relation_acl_catalog.hpp"
#include "storage/sequence_catalog.hpp"
#include "storage/sqlstate_mapping.hpp"
#include "storage/temporary_tables.hpp"
#include "storage/text_query.hpp"
#include "storage/user_type_catalog.hpp"
#include "stages/sql/parse_tree.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/pg_type_oids.hpp"
#include "stages/types/type_casts.hpp"
#include "stages/types/type_names.hpp"

namespace tributary {
namespace {

// A parameter's type by name: a built-in type as format_type prints it; a user's
// domain or enum by its name (price, price[]).
std::string type_name_of(sqlite_connection& db, oid_t oid) {
  if (oid == 0 || find_builtin_type(oid) != nullptr)
    return format_type(builtin_column_type(oid));
  if (auto types = read_user_types(db))
    for (const user_type& t : types->types) {
      if (t.oid == oid)
        return t.display_name();
      if (t.array_oid == oid)
        return t.display_name() + "[]";
    }
  return format_type(builtin_column_type(oid));
}

// The type of an argument whose type its parse tree says (a constant, a cast); 0
// when it takes an expression's (left to the cast that evaluates it) or is an
// unknown literal or NULL (coerced to any type).
uint32_t argument_type(const nlohmann::json& node, const std::string& source) {
  if (node.contains("A_Const")) {
    const nlohmann::json& c = node["A_Const"];
    if (c.contains("boolval"))
      return pg_type_oid::boolean;
    if (c.contains("ival"))
      return pg_type_oid::int4;
    if (c.contains("fval"))
      return pg_type_oid::numeric;
    return 0;
  }
  if (node.contains("TypeCast") && node["TypeCast"].contains("typeName")) {
    auto resolved = resolve_type_name(parse_tree::type_name(node["TypeCast"]["typeName"], source));
    return resolved && resolved->known() ? resolved->oid : 0;
  }
  return 0;
}

// 42804 when PostgreSQL has no implicit or assignment cast from the argument's
// built-in type to the parameter's (pg_cast, type_casts.hpp; string targets take
// any type by assignment).
std::optional<pg_error> refused_coercion(uint32_t from, uint32_t to, size_t index) {
  if (from == 0 || from == to || find_builtin_type(from) == nullptr || find_builtin_type(to) == nullptr)
    return std::nullopt;
  const auto cast = find_cast(builtin_column_type(from), builtin_column_type(to));
  if (cast && applies_automatically(cast->context))
    return std::nullopt;
  return make_pg_error("42804",
                       "parameter $" + std::to_string(index + 1) + " of type " +
                           format_type(builtin_column_type(from)) +
                           " cannot be coerced to the expected type " +
                           format_type(builtin_column_type(to)),
                       {}, "You will need to rewrite or cast the expression.");
}

// Where a sub-select stands in an argument's parse tree (its location), if it has one:
// PostgreSQL refuses it when it reads the argument.
std::optional<int64_t> sub_select_location(const nlohmann::json& node) {
  if (node.is_object()) {
    if (node.contains("SubLink"))
      return node["SubLink"].value("location", int64_t{-1});
    for (const auto& [key, value] : node.items())
      if (auto found = sub_select_location(value))
        return found;
  } else if (node.is_array()) {
    for (const auto& value : node)
      if (auto found = sub_select_location(value))
        return found;
  }
  return std::nullopt;
}

pg_error statement_missing(const std::string& name) {
  return make_pg_error("26000", "prepared statement \"" + name + "\" does not exist");
}

}  // namespace

result<command_outcome, pg_error> extended_query::run_sql_command(
    const routed_statement& statement, const statement_situation& situation) {
  if (dispatcher_.transaction().state() == block_state::failed)
    return fail(make_pg_error(
        "25P02", "current transaction is aborted, commands ignored until end of transaction block"));
  const std::string type = statement.node_type();
  result<command_outcome, pg_error> outcome = fail(make_pg_error("XX000", "unhandled " + type));
  bool reported = false;  // the dispatcher already failed the transaction
  if (type == "PrepareStmt")
    outcome = sql_prepare(statement);
  else if (type == "ExecuteStmt")
    outcome = sql_execute(statement, situation, reported);
  else if (type == "CreateTableAsStmt")
    outcome = sql_create_table_as_execute(statement, situation, reported);
  else if (type == "DeallocateStmt")
    outcome = sql_deallocate(statement);
  else if (type == "DiscardStmt")
    outcome = sql_discard(statement, situation, reported);
  else if (type == "DeclareCursorStmt")
    outcome = sql_declare(statement, situation, reported);
  else if (type == "FetchStmt")
    outcome = sql_fetch(statement, situation, reported);
  else if (type == "ClosePortalStmt")
    outcome = sql_close(statement);
  if (!outcome && !reported)
    dispatcher_.transaction().statement_failed();
  return outcome;
}

result<command_outcome, pg_error> extended_query::sql_prepare(const routed_statement& statement) {
  const nlohmann::json& fields = statement.fields();
  const std::string name = fields.value("name", std::string());
  if (statements_.count(name))
    return fail(make_pg_error("42P05", "prepared statement \"" + name + "\" already exists"));
  std::vector<uint32_t> declared;
  for (const auto& argument : fields.value("argtypes", nlohmann::json::array())) {
    const nlohmann::json& type_fields = argument.contains("TypeName") ? argument["TypeName"] : argument;
    const type_name_parts parts = parse_tree::type_name(type_fields, statement.text);
    auto resolved = resolve_type_name(parts);
    if (!resolved)
      return fail(resolved.error());
    if (!resolved->known() && parts.typmod_args.empty() && !parts.names.empty() && parts.names.size() <= 2) {
      // A user's enum or domain (or its array type), as PostgreSQL declares it.
      auto types = read_user_types(dispatcher_.database());
      if (!types)
        return fail(make_pg_error("XX000", types.error().message));
      if (const user_type* user = types->find(parts.names.size() == 2 ? parts.names[0] : "", parts.names.back()))
        if (const oid_t oid = parts.array_dimensions > 0 ? user->array_oid : user->oid) {
          declared.push_back(oid);
          continue;
        }
    }
    if (!resolved->known()) {
      pg_error missing = make_pg_error("42704", "type \"" + resolved->name + "\" does not exist");
      if (const int location = type_fields.value("location", -1); location >= 0)  // at the type's name
        missing.position = statement.position + character_count(statement.text, static_cast<size_t>(location)) + 1;
      return fail(std::move(missing));
    }
    declared.push_back(resolved->oid);
  }
  size_t i = 0;
  take_keyword(statement.text, i, "PREPARE");
  skip_name(statement.text, i);
  skip_blanks(statement.text, i);
  if (i < statement.text.size() && statement.text[i] == '(')
    parenthesized_list(statement.text, i);
  if (!take_keyword(statement.text, i, "AS"))
    return fail(make_pg_error("42601", "syntax error in PREPARE"));
  skip_blanks(statement.text, i);
  auto prepared = prepare(statement.text.substr(i), declared);
  if (!prepared)
    return fail(prepared.error());
  prepared->source_text = statement.text;
  prepared->from_sql = true;
  statements_[name] = std::make_shared<const prepared_statement>(std::move(*prepared));
  return command_outcome::tag_only("PREPARE");
}

result<command_outcome, pg_error> extended_query::sql_execute(const routed_statement& statement,
                                                              const statement_situation& situation,
                                                              bool& reported) {
  std::shared_ptr<const prepared_statement> prepared;
  auto run = executed_situation(statement, statement.fields(), 0, situation, reported, prepared);
  if (!run)
    return fail(run.error());
  auto outcome = dispatcher_.run(*prepared->statement, *run);
  reported = !outcome;
  return outcome;
}

result<command_outcome, pg_error> extended_query::sql_create_table_as_execute(const routed_statement& statement,
                                                                              const statement_situation& situation,
                                                                              bool& reported) {
  // CREATE TABLE t [(names)] AS EXECUTE name [(arguments)] [WITH [NO] DATA]: the
  // prepared SELECT in place of EXECUTE, run with the arguments as its parameters.
  const nlohmann::json& fields = statement.fields();
  const nlohmann::json& execute = fields.value("query", nlohmann::json::object()).value("ExecuteStmt", nlohmann::json::object());
  size_t at = 0;  // where EXECUTE starts: after the first AS followed by EXECUTE
  for (size_t i = 0; i < statement.text.size(); ++i) {
    size_t k = i;
    if ((i == 0 || !std::isalnum(static_cast<unsigned char>(statement.text[i - 1]))) && take_keyword(statement.text, k, "AS")) {
      skip_blanks(statement.text, k);
      size_t e = k;
      if (take_keyword(statement.text, e, "EXECUTE")) {
        at = k;
        break;
      }
    }
  }
  if (at == 0)
    return fail(make_pg_error("42601", "syntax error in CREATE TABLE AS EXECUTE"));
  std::shared_ptr<const prepared_statement> prepared;
  auto run = executed_situation(statement, execute, at, situation, reported, prepared);
  if (!run)
    return fail(run.error());
  if (prepared->statement->node_type() != "SelectStmt")
    return fail(make_pg_error("42809", "prepared statement is not a SELECT"));
  const nlohmann::json& into = fields.value("into", nlohmann::json::object());
  const std::string text = statement.text.substr(0, at) + prepared->statement->text +
                           (into.value("skipData", false) ? " WITH NO DATA" : "");
  routed_query made = route_query(text);
  if (made.statements.size() != 1 || made.statements.front().node_type() != "CreateTableAsStmt")
    return fail(make_pg_error("XX000", "could not make CREATE TABLE AS of the prepared statement"));
  // PostgreSQL's tag of AS EXECUTE ... WITH NO DATA that made the table is SELECT 0.
  const std::string table = into.value("rel", nlohmann::json::object()).value("relname", std::string());
  auto existed = relation_exists(dispatcher_.database().handle(), table);
  auto outcome = dispatcher_.run(made.statements.front(), *run);
  reported = !outcome;
  if (outcome && into.value("skipData", false) && existed && !*existed)
    outcome->tag = "SELECT 0";
  return outcome;
}

result<statement_situation, pg_error> extended_query::executed_situation(
    const routed_statement& statement, const nlohmann::json& fields, size_t execute_at,
    const statement_situation& situation, bool& reported, std::shared_ptr<const prepared_statement>& found) {
  const std::string name = fields.value("name", std::string());
  auto it = name.empty() ? statements_.end() : statements_.find(name);
  if (it == statements_.end())
    return fail(statement_missing(name));
  const std::shared_ptr<const prepared_statement> prepared = it->second;
  found = prepared;
  const size_t given = fields.value("params", nlohmann::json::array()).size();
  const size_t expected = prepared->parameter_types.size();
  if (given != expected)
    return fail(make_pg_error("42601", "wrong number of parameters for prepared statement \"" + name + "\"",
                              "Expected " + std::to_string(expected) + " parameters but got " +
                                  std::to_string(given) + "."));
  statement_situation run = situation;
  run.parameters.clear();
  run.parameter_types = prepared->parameter_types;
  if (expected > 0) {
    size_t i = execute_at;
    take_keyword(statement.text, i, "EXECUTE");
    skip_name(statement.text, i);
    skip_blanks(statement.text, i);
    std::vector<std::string> arguments;
    size_t argument_at = i;  // where the next argument's text is looked for
    if (i < statement.text.size() && statement.text[i] == '(')
      arguments = parenthesized_list(statement.text, i);
    if (arguments.size() != expected)
      return fail(make_pg_error("42601", "syntax error in EXECUTE arguments"));
    // Each argument's first character in the query string (1-based) and length in characters.
    std::vector<std::pair<int, int>> placed;
    for (const std::string& argument : arguments) {
      argument_at = std::min(statement.text.find(argument, argument_at), statement.text.size());
      placed.emplace_back(statement.position + character_count(statement.text, argument_at) + 1,
                          character_count(argument, argument.size()));
      argument_at += argument.size();
    }
    // Where the argument's expression starts (after the blanks the list kept).
    const auto expression_at = [&](size_t k) {
      const size_t blanks = std::min(arguments[k].find_first_not_of(" \t\r\n"), arguments[k].size());
      return placed[k].first + character_count(arguments[k], blanks);
    };
    const nlohmann::json& params = fields.at("params");
    for (size_t k = 0; k < expected; ++k) {
      if (auto at = sub_select_location(params[k])) {
        pg_error refused = make_pg_error("0A000", "cannot use subquery in EXECUTE parameter");
        if (*at >= 0)
          refused.position = statement.position + character_count(statement.text, static_cast<size_t>(*at)) + 1;
        return fail(std::move(refused));
      }
      // A user's domain or enum (or its array): checked as its values' type.
      const oid_t type = prepared->parameter_types[k];
      const oid_t checked = type == 0 || find_builtin_type(type) != nullptr ? type : dispatcher_.value_type_of(type).oid;
      // An expression's type (now()) as the translator gives it, without running it
      // (a statement the translator does not read is left to the cast's errors).
      uint32_t given_type = argument_type(params[k], statement.text);
      if (given_type == 0 && !params[k].contains("A_Const")) {
        routed_query described = route_query("SELECT (" + arguments[k] + ")");
        if (described.statements.size() == 1) {
          auto shape = dispatcher_.describe(described.statements.front());
          if (shape && shape->parameter_types_known && shape->columns.size() == 1)
            given_type = shape->columns.front().type_oid;
        }
      }
      if (auto refused = refused_coercion(given_type, checked, k)) {
        refused->position = expression_at(k);
        return fail(std::move(*refused));
      }
    }
    statement_situation evaluate = situation;
    evaluate.parameters.clear();
    evaluate.parameter_types.clear();
    evaluate.result_formats.clear();
    for (size_t k = 0; k < expected; ++k) {
      const std::string prefix = "SELECT CAST((";
      routed_query evaluation = route_query(prefix + arguments[k] + ") AS " +
                                            type_name_of(dispatcher_.database(), prepared->parameter_types[k]) + ")");
      if (evaluation.statements.size() != 1)
        return fail(make_pg_error("42601", "syntax error in EXECUTE arguments"));
      // The argument's characters where they stand in the EXECUTE.
      const auto [first, length] = placed[k];
      evaluation.statements.front().position = first - 1 - static_cast<int>(prefix.size());
      auto value = dispatcher_.run(evaluation.statements.front(), evaluate);
      if (!value) {
        reported = true;
        pg_error e = value.error();
        if (e.position < first || e.position >= first + length)
          e.position = 0;  // in the evaluating SELECT's own text, not in the EXECUTE
        return fail(std::move(e));
      }
      if (value->rows.size() != 1 || value->rows.front().size() != 1)
        return fail(make_pg_error("XX000", "EXECUTE arguments did not evaluate to one row"));
      const auto& v = value->rows.front().front();
      run.parameters.push_back(v ? sql_value(*v) : sql_value(sql_null{}));
    }
  }
  return run;
}

result<command_outcome, pg_error> extended_query::sql_deallocate(const routed_statement& statement) {
  const nlohmann::json& fields = statement.fields();
  if (!fields.contains("name")) {
    for (auto it = statements_.begin(); it != statements_.end();)
      it = it->first.empty() ? std::next(it) : statements_.erase(it);
    return command_outcome::tag_only("DEALLOCATE ALL");
  }
  const std::string name = fields.value("name", std::string());
  if (!statements_.erase(name))
    return fail(statement_missing(name));
  return command_outcome::tag_only("DEALLOCATE");
}

namespace {

// DISCARD TEMP: the session's temporary views (not its monitoring views, temporary
// in SQLite too) and tables.
result<ok_t, pg_error> discard_temporary(sqlite_connection& db) {
  auto views = query_texts(db,
                           "SELECT name FROM temp.sqlite_schema WHERE type = 'view' AND name NOT IN "
                           "('pg_stat_subscription', 'pg_stat_subscription_stats') AND ?1 = ''",
                           "");
  if (!views)
    return fail(pg_error_from_sqlite(views.error()));
  for (const auto& view : *views) {
    if (auto r = db.exec("DROP VIEW temp." + quote_identifier(view)); !r)
      return fail(pg_error_from_sqlite(r.error()));
    if (auto r = forget_relation_acl(db, view); !r)
      return fail(pg_error_from_sqlite(r.error()));
  }
  if (auto r = drop_temporary_tables(db); !r)
    return fail(pg_error_from_sqlite(r.error()));
  return ok_v;
}

}  // namespace

result<command_outcome, pg_error> extended_query::sql_discard(const routed_statement& statement,
                                                              const statement_situation& situation,
                                                              bool& reported) {
  const std::string target = statement.fields().value("target", std::string());
  if (target == "DISCARD_PLANS")
    return command_outcome::tag_only("DISCARD PLANS");
  if (target == "DISCARD_TEMP") {
    if (auto r = discard_temporary(dispatcher_.database()); !r)
      return fail(r.error());
    return command_outcome::tag_only("DISCARD TEMP");
  }
  if (target != "DISCARD_ALL")
    return fail(make_pg_error("0A000", "DISCARD SEQUENCES is not supported"));
  if (situation.multi_statement || dispatcher_.transaction().state() != block_state::idle)
    return fail(make_pg_error("25001", "DISCARD ALL cannot run inside a transaction block"));
  routed_query reset = route_query("RESET ALL");
  auto done = dispatcher_.run(reset.statements.front(), statement_situation{});
  if (!done) {
    reported = true;
    return fail(done.error());
  }
  for (auto it = statements_.begin(); it != statements_.end();)
    it = it->first.empty() ? std::next(it) : statements_.erase(it);
  if (auto r = discard_temporary(dispatcher_.database()); !r)
    return fail(r.error());
  return command_outcome::tag_only("DISCARD ALL");
}

void extended_query::install_prepared_statements_view() {
  // PostgreSQL 15's columns; the plan counters stay 0 (there is no plan cache).
  snapshot_table view{
      "CREATE TABLE x(name text, statement text, prepare_time timestamptz, parameter_types regtype[], "
      "from_sql bool, generic_plans int8, custom_plans int8)",
      [this] {
        const auto parameter_type_name = [&](oid_t oid) { return type_name_of(dispatcher_.database(), oid); };
        constexpr int64_t unix_to_2000_us = 946'684'800'000'000;
        std::vector<snapshot_row> rows;
        for (const auto& [name, statement] : statements_) {
          if (name.empty())
            continue;  // the unnamed statement is not listed
          std::string types = "{";
          for (size_t i = 0; i < statement->parameter_types.size(); ++i)
            types += (i ? "," : "") + quote_array_element(parameter_type_name(statement->parameter_types[i]));
          const int64_t micros = std::chrono::duration_cast<std::chrono::microseconds>(
                                     statement->prepared_at.time_since_epoch())
                                     .count() -
                                 unix_to_2000_us;
          rows.push_back({name, statement->source_text, micros, types + "}", int64_t{statement->from_sql ? 1 : 0},
                          int64_t{0}, int64_t{0}});
        }
        return rows;
      }};
  (void)add_snapshot_table(dispatcher_.database(), "pg_prepared_statements", std::move(view));
}

}  // namespace tributary
