#include "stages/sql/trigger_program.hpp"

#include "stages/core/sql_quote.hpp"
#include "stages/sql/translator/query_translation.hpp"
#include "stages/sql/trigger_when.hpp"
#include "stages/types/pg_type_oids.hpp"

namespace tributary {

namespace {

using json = nlohmann::json;

enum class trigger_event { insert, update, remove };

const char* event_word(trigger_event e) {
  return e == trigger_event::insert ? "INSERT" : e == trigger_event::update ? "UPDATE" : "DELETE";
}
const char* event_suffix(trigger_event e) {
  return e == trigger_event::insert ? "insert" : e == trigger_event::update ? "update" : "delete";
}

std::vector<trigger_event> events_of(const trigger_definition& d) {
  std::vector<trigger_event> out;
  if (d.on_insert)
    out.push_back(trigger_event::insert);
  if (d.on_update)
    out.push_back(trigger_event::update);
  if (d.on_delete)
    out.push_back(trigger_event::remove);
  return out;
}

std::string sqlite_name(const trigger_definition& d, trigger_event e) {
  return "tributary_trigger:" + d.table + ":" + d.name + ":" + event_suffix(e);
}

std::string quote_literal(const std::string& text) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\'')
      out.push_back('\'');
    out.push_back(c);
  }
  return out + "'";
}

std::string table_name_only(const std::string& table) {
  const size_t dot = table.rfind('.');
  return dot == std::string::npos ? table : table.substr(dot + 1);
}
std::string schema_only(const std::string& table) {
  const size_t dot = table.rfind('.');
  return dot == std::string::npos ? "public" : table.substr(0, dot);
}

struct compile_failure {
  pg_error error;
};

// Compiles the steps of one event's SQLite trigger program.
class event_compiler {
public:
  event_compiler(const trigger_definition& definition, const trigger_compile_input& input,
                 trigger_event event)
      : definition_(definition), input_(input), event_(event) {
    row_variable new_row{"new", {}}, old_row{"old", {}};
    for (const column_definition& c : input.table_columns) {
      const std::string column = quote_identifier(c.name);
      new_row.fields.push_back({c.name, event == trigger_event::remove ? "NULL" : "NEW." + column, c.type});
      old_row.fields.push_back({c.name, event == trigger_event::insert ? "NULL" : "OLD." + column, c.type});
    }
    // PL/pgSQL's special trigger variables, constant for this SQLite trigger.
    const column_type text = builtin_column_type(pg_type_oid::text);
    row_variable special{"", {{"tg_op", quote_literal(event_word(event)), text},
                              {"tg_name", quote_literal(definition.name), text},
                              {"tg_when", definition.before ? "'BEFORE'" : "'AFTER'", text},
                              {"tg_level", "'ROW'", text},
                              {"tg_table_name", quote_literal(table_name_only(definition.table)), text},
                              {"tg_relname", quote_literal(table_name_only(definition.table)), text},
                              {"tg_table_schema", quote_literal(schema_only(definition.table)), text}}};
    rows_ = {std::move(new_row), std::move(old_row), std::move(special)};
  }

  // A boolean PostgreSQL expression over NEW/OLD as a SQLite expression.
  std::string condition(const std::string& expression, const char* what) {
    const std::string text = "SELECT (" + expression + ")::boolean";
    return "(" + translate(text, {}, what) + ")";
  }

  // The SQLite statement(s) for one step ("" = nothing to run).
  std::string step(const trigger_step& s) {
    const std::string where = s.guard.empty() ? "" : " WHERE " + condition(s.guard, "IF condition");
    switch (s.what) {
      case trigger_step::kind::sql:
        return statement(s.text, s.guard);
      case trigger_step::kind::raise:
        return "SELECT pg_raise('P0001', (" + translate(raise_message(s), {}, "RAISE") + "))" + where;
      case trigger_step::kind::missing_return:
        return "SELECT pg_raise('2F005', 'control reached end of trigger procedure without RETURN')" +
               where;
      case trigger_step::kind::return_row:
        if (!definition_.before)
          return "";  // an AFTER trigger's result is ignored
        if (s.text == "old" && event_ == trigger_event::update)
          throw compile_failure{make_pg_error(
              "0A000", "RETURN OLD in a BEFORE UPDATE trigger is not supported in Tributary's "
                       "PL/pgSQL trigger functions")};
        if (s.text == "null" || (s.text == "new" && event_ == trigger_event::remove) ||
            (s.text == "old" && event_ == trigger_event::insert))
          return "SELECT RAISE(IGNORE)" + where;  // the row is skipped
        return "";
    }
    return "";
  }

private:
  // 'format ' || coalesce((arg)::text, '<NULL>') || ' rest', as RAISE builds it.
  static std::string raise_message(const trigger_step& s) {
    std::string out, piece;
    size_t argument = 0;
    auto flush = [&] {
      out += (out.empty() ? "" : " || ") + quote_literal(piece) + "::text";
      piece.clear();
    };
    for (size_t i = 0; i < s.text.size(); ++i) {
      if (s.text[i] != '%') {
        piece.push_back(s.text[i]);
      } else if (i + 1 < s.text.size() && s.text[i + 1] == '%') {
        piece.push_back('%');
        ++i;
      } else {
        flush();
        out += " || coalesce((" + s.raise_arguments[argument++] + ")::text, '<NULL>')";
      }
    }
    flush();
    return "SELECT " + out;
  }

  static json column_ref(const std::string& record, const std::string& field) {
    return json{{"ColumnRef", {{"fields", json::array({json{{"String", {{"sval", record}}}},
                                                       json{{"String", {{"sval", field}}}}})}}}};
  }
  static json conjunction(const json& existing, const json& added) {
    if (existing.is_null())
      return added;
    return json{{"BoolExpr", {{"boolop", "AND_EXPR"}, {"args", json::array({existing, added})}}}};
  }

  // One SQL statement of the body, restricted to `guard`.
  std::string statement(const std::string& text, const std::string& guard) {
    auto parsed = input_.parse(text);
    if (!parsed)
      throw compile_failure{parsed.error()};
    json node = parsed->node;
    const std::string type = node.begin().key();
    json& fields = node.begin().value();
    if (type == "SelectStmt")
      throw compile_failure{make_pg_error("42601", "query has no destination for result data", "",
                                          "If you want to discard the results of a SELECT, use PERFORM "
                                          "instead.")};
    if (type != "InsertStmt" && type != "UpdateStmt" && type != "DeleteStmt")
      throw compile_failure{make_pg_error(
          "0A000", "statement \"" + text + "\" is not supported in Tributary's PL/pgSQL trigger functions")};
    std::vector<row_variable> extra;
    if (!guard.empty()) {
      extra.push_back({"tributary_guard", {{"g", condition(guard, "IF condition"), builtin_column_type(pg_type_oid::boolean)}}});
      const json reached = column_ref("tributary_guard", "g");
      if (type != "InsertStmt") {
        fields["whereClause"] = conjunction(fields.value("whereClause", json()), reached);
      } else {
        json& select = fields["selectStmt"]["SelectStmt"];
        const json values = select.value("valuesLists", json::array());
        if (values.size() == 1) {
          json targets = json::array();
          for (const json& v : values[0]["List"]["items"])
            targets.push_back(json{{"ResTarget", {{"val", v}}}});
          select.erase("valuesLists");
          select["targetList"] = targets;
          select["whereClause"] = reached;
        } else if (values.empty() && select.value("op", std::string("SETOP_NONE")) == "SETOP_NONE") {
          select["whereClause"] = conjunction(select.value("whereClause", json()), reached);
        } else {
          throw compile_failure{make_pg_error(
              "0A000", "an INSERT with several VALUES rows or a set operation inside IF is not supported "
                       "in Tributary's PL/pgSQL trigger functions")};
        }
      }
    }
    return translate_node(type, fields, parsed->text, extra, "statement");
  }

  std::string translate(const std::string& text, const std::vector<row_variable>& extra, const char* what) {
    auto parsed = input_.parse(text);
    if (!parsed)
      throw compile_failure{parsed.error()};
    return translate_node(parsed->node.begin().key(), parsed->node.begin().value(), parsed->text, extra,
                          what);
  }

  std::string translate_node(const std::string& type, const json& fields, const std::string& text,
                             const std::vector<row_variable>& extra, const char* what) {
    std::string untranslated;
    translation_input in{input_.lookup, input_.settings, text, {}};
    in.untranslated = &untranslated;
    in.trigger_body = true;
    in.row_variables = rows_;
    in.row_variables.insert(in.row_variables.end(), extra.begin(), extra.end());
    auto translated = translate_statement(type, fields, in);
    if (!translated)
      throw compile_failure{translated.error().error};
    if (!*translated)
      throw compile_failure{make_pg_error(
          "0A000", std::string(what) + " \"" + text + "\" of trigger function " + definition_.function +
                       "() cannot be translated: " + untranslated)};
    if (type != "SelectStmt" && !(*translated)->columns.empty())
      throw compile_failure{make_pg_error("42601", "query has no destination for result data")};
    return (*translated)->sql;
  }

  const trigger_definition& definition_;
  const trigger_compile_input& input_;
  trigger_event event_;
  std::vector<row_variable> rows_;
};

std::string enabled_literal(char enabled) { return std::string("'") + enabled + "'"; }

}  // namespace

std::vector<std::string> sqlite_trigger_names(const trigger_definition& definition) {
  std::vector<std::string> out;
  for (trigger_event e : events_of(definition))
    out.push_back(sqlite_name(definition, e));
  return out;
}

result<std::vector<std::string>, pg_error> compile_trigger(const trigger_definition& definition,
                                                           const trigger_function_body& body,
                                                           const trigger_compile_input& input) {
  std::vector<std::string> out;
  try {
    for (trigger_event e : events_of(definition)) {
      event_compiler compiler(definition, input, e);
      std::string sql = "CREATE TRIGGER " + quote_identifier(sqlite_name(definition, e)) +
                        (definition.before ? " BEFORE " : " AFTER ") + event_word(e);
      if (e == trigger_event::update && !definition.update_columns.empty()) {
        sql += " OF ";
        for (size_t i = 0; i < definition.update_columns.size(); ++i)
          sql += (i ? ", " : "") + quote_identifier(definition.update_columns[i]);
      }
      sql += " ON " + quote_identifier(definition.table) + " FOR EACH ROW WHEN pg_trigger_fires(" +
             enabled_literal(definition.enabled) + ")";
      if (!definition.when.empty())
        sql += " AND " + compiler.condition(expand_whole_row_comparisons(definition.when, input.table_columns),
                                            "WHEN condition");
      sql += " BEGIN ";
      bool any = false;
      for (const trigger_step& s : body.steps) {
        std::string statement = compiler.step(s);
        if (statement.empty())
          continue;
        sql += statement + "; ";
        any = true;
      }
      if (!any)
        sql += "SELECT 1; ";
      out.push_back(sql + "END");
    }
  } catch (const compile_failure& f) {
    return fail(f.error);
  }
  return out;
}

}  // namespace tributary
