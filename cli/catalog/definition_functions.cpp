// definition_functions: the pg_get_*def functions, which print an object's
// definition as PostgreSQL does (the translator types them:
// stages/sql/translator/catalog_functions.cpp):
//
//   pg_get_indexdef(index [, col, pretty])   CREATE [UNIQUE] INDEX ... USING btree (...)
//                                      or, for col > 0, that column's name
//   pg_get_constraintdef(con [, pretty])     PRIMARY KEY (a) / UNIQUE (a, b) /
//                                      FOREIGN KEY (a) REFERENCES p(id) / CHECK ((a > 0))
//   pg_get_expr(expr, rel [, pretty])  the expression's text as recorded (pretty: with
//                                      only the parentheses precedence needs)
//   pg_get_viewdef(view [, pretty])    the view's SELECT as PostgreSQL prints it back where
//                                      view_deparse covers it, else as written
//
// A relation named in a default ('seq'::regclass) or a view is schema-qualified
// when its schema is not on the search path, as PostgreSQL prints it (pg_dump
// reads them with an empty search_path).
#include <sqlite3.h>

#include <pg_query.h>

#include <algorithm>
#include <cctype>

#include <nlohmann/json.hpp>

#include "cli/catalog/catalog_reader.hpp"
#include "cli/catalog/function_registration.hpp"
#include "cli/catalog/sql_function_arguments.hpp"
#include "cli/catalog/system_catalog_indexes.hpp"
#include "cli/server/select_expression.hpp"
#include "stages/core/sql_quote.hpp"
#include "stages/sql/view_deparse.hpp"
#include "stages/sql/view_text.hpp"

namespace tributary {

namespace {

void indexdef_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (null_argument(argc, argv))
    return sqlite3_result_null(context);
  const catalog_model model = reader_of(context).model();
  auto found = model.index(sqlite3_value_int64(argv[0]));
  if (!found)
    found = system_catalog_index_model().index(sqlite3_value_int64(argv[0]));
  if (!found)
    return sqlite3_result_null(context);
  const auto& [table, index] = *found;
  const int column = argc >= 2 ? sqlite3_value_int(argv[1]) : 0;
  // pretty: the table qualified only off the search path, as PostgreSQL's PRETTYFLAG_SCHEMA.
  const bool pretty = argc == 3 && sqlite3_value_type(argv[2]) != SQLITE_NULL && sqlite3_value_int64(argv[2]) != 0;
  if (column <= 0) {
    std::string text = index_definition(*table, *index, pretty);
    const auto visible = reader_of(context).visible_schemas();
    const std::string qualified = " ON " + quote_identifier_if_needed(table->schema) + ".";
    if (const size_t at = text.find(qualified);
        pretty && at != std::string::npos &&
        (table->schema == "pg_catalog" || std::find(visible.begin(), visible.end(), table->schema) != visible.end()))
      text.replace(at, qualified.size(), " ON ");
    return result_text(context, text);
  }
  if (static_cast<size_t>(column) > index->columns.size())
    return result_text(context, "");
  const auto& expressions = pretty ? index->pretty_expressions : index->expressions;
  if (static_cast<size_t>(column) <= expressions.size() && !expressions[static_cast<size_t>(column - 1)].empty())
    return result_text(context, printed_index_key(expressions[static_cast<size_t>(column - 1)]));
  const int attnum = index->columns[static_cast<size_t>(column - 1)];
  if (attnum < 1 || static_cast<size_t>(attnum) > table->columns.size())
    return result_text(context, "");
  result_text(context, quote_identifier_if_needed(table->columns[static_cast<size_t>(attnum - 1)].name));
}

void constraintdef_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (null_argument(argc, argv))
    return sqlite3_result_null(context);
  const catalog_model model = reader_of(context).model();
  if (auto key = model.foreign_key(sqlite3_value_int64(argv[0])))
    return result_text(context, foreign_key_definition(model, *key->first, *key->second,
                                                       reader_of(context).visible_schemas()));
  if (const catalog_check* check = model.check(sqlite3_value_int64(argv[0]))) {
    const bool pretty = argc == 2 && sqlite3_value_int64(argv[1]) != 0;
    return result_text(context, pretty ? check->pretty_definition : check->definition);
  }
  auto found = model.constraint(sqlite3_value_int64(argv[0]));
  if (!found)
    found = system_catalog_index_model().constraint(sqlite3_value_int64(argv[0]));
  if (!found)
    return sqlite3_result_null(context);
  result_text(context, constraint_definition(*found->first, *found->second));
}

// 'seq'::regclass -> 'public.seq'::regclass when public is not on the search
// path (pg_dump's empty one), as regclass's output qualifies a name.
std::string qualified_regclass_literals(std::string text, const std::vector<std::string>& visible) {
  if (std::find(visible.begin(), visible.end(), "public") != visible.end())
    return text;
  const std::string cast = "'::regclass";
  for (size_t end = text.find(cast); end != std::string::npos; end = text.find(cast, end + cast.size())) {
    const size_t open = text.rfind('\'', end - 1);
    if (open == std::string::npos || text.find('.', open) < end)
      continue;
    text.insert(open + 1, "public.");
    end += 7;
  }
  return text;
}

// 'ok'::mood -> 'ok'::public.mood when the user type's schema is not on the
// search path (pg_dump's empty one), as format_type qualifies it there. Casts
// inside string literals are left alone.
std::string qualified_user_type_casts(std::string text, const catalog_model& model,
                                      const std::vector<std::string>& visible) {
  const auto identifier_char = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.' ||
           static_cast<unsigned char>(c) >= 0x80;
  };
  for (const auto& t : model.types) {
    const std::string schema = t.schema.empty() ? "public" : t.schema;
    if (std::find(visible.begin(), visible.end(), schema) != visible.end())
      continue;
    const std::string cast = "::" + quote_identifier_if_needed(t.name);
    bool in_literal = false;
    for (size_t i = 0; i < text.size(); ++i) {
      if (text[i] == '\'') {
        in_literal = !in_literal;
        continue;
      }
      if (in_literal || text.compare(i, cast.size(), cast) != 0)
        continue;
      const size_t after = i + cast.size();
      if (after < text.size() && identifier_char(text[after]))
        continue;
      text.insert(i + 2, quote_identifier_if_needed(schema) + ".");
      i = after;
    }
  }
  return text;
}

void expr_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  const std::vector<std::string> visible = reader_of(context).visible_schemas();
  const bool pretty = argc == 3 && sqlite3_value_type(argv[2]) != SQLITE_NULL &&
                      sqlite3_value_int64(argv[2]) != 0;
  const std::string node = text_argument(argv[0]);
  const auto attrdef = read_attrdef_node(node);
  if (!attrdef)  // not a default's node: its text as recorded
    return result_text(context, node);
  const catalog_model model = reader_of(context).model();
  if (!pretty)
    return result_text(context, qualified_user_type_casts(qualified_regclass_literals(attrdef->expression, visible),
                                                          model, visible));
  // The column whose default it is: its type decides the parentheses of an
  // operator it casts.
  const catalog_relation* relation = model.relation(sqlite3_value_int64(argv[1]));
  column_definition column;
  if (relation != nullptr && attrdef->adnum >= 1 &&
      static_cast<size_t>(attrdef->adnum) <= relation->columns.size())
    column = relation->columns[static_cast<size_t>(attrdef->adnum - 1)];
  const std::string& text = attrdef->expression;
  result_text(context, qualified_user_type_casts(
                           qualified_regclass_literals(pretty_default_text(text, column), visible), model, visible));
}

// `select` with each relation it names outside the search path schema-qualified
// (pg_dump reads view definitions with an empty search_path).
std::string qualified_relations(const std::string& select, const catalog_model& model,
                                const std::vector<std::string>& visible) {
  PgQueryParseResult parsed = pg_query_parse(select.c_str());
  struct edit {
    size_t at, length;
    std::string text;
  };
  std::vector<edit> edits;
  if (parsed.error == nullptr) {
    const auto tree = nlohmann::json::parse(parsed.parse_tree, nullptr, false);
    std::vector<const nlohmann::json*> pending{&tree};
    while (!pending.empty()) {
      const nlohmann::json& node = *pending.back();
      pending.pop_back();
      if (node.is_array())
        for (const auto& item : node)
          pending.push_back(&item);
      if (!node.is_object())
        continue;
      for (const auto& [key, value] : node.items()) {
        if (key == "RangeVar" && value.is_object() && !value.contains("schemaname")) {
          const std::string name = value.value("relname", "");
          const size_t at = static_cast<size_t>(value.value("location", 0));
          for (const auto& r : model.relations) {
            if (r.schema == "public" && r.name == name &&
                std::find(visible.begin(), visible.end(), "public") == visible.end())
              edits.push_back({at, 0, "public."});
            // A table of another schema, as the view's SQLite text names it ("sales.orders"):
            // schema.name as PostgreSQL writes it.
            if (r.schema != "public" && r.local_name == name && at < select.size() && select[at] == '"') {
              size_t end = at + 1;
              while (end < select.size() && !(select[end] == '"' && (end + 1 >= select.size() || select[end + 1] != '"')))
                end += select[end] == '"' ? 2 : 1;
              edits.push_back({at, end + 1 - at,
                               quote_identifier_if_needed(r.schema) + "." + quote_identifier_if_needed(r.name)});
            }
          }
          continue;
        }
        pending.push_back(&value);
      }
    }
  }
  pg_query_free_parse_result(parsed);
  std::sort(edits.begin(), edits.end(), [](const edit& a, const edit& b) { return a.at > b.at; });
  std::string out = select;
  for (const auto& e : edits)
    if (e.at + e.length <= out.size())
      out.replace(e.at, e.length, e.text);
  return out;
}

// pg_get_viewdef(view): the view's SELECT as CREATE VIEW wrote it (Tributary keeps
// the text, not a parse tree), with PostgreSQL's leading space and semicolon.
void viewdef_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (null_argument(argc, argv))
    return sqlite3_result_null(context);
  const catalog_reader& reader = reader_of(context);
  const catalog_model model = reader.model();
  const catalog_relation* view = model.relation(sqlite3_value_int64(argv[0]));
  if (view == nullptr || view->kind != 'v')
    return sqlite3_result_null(context);
  const bool pretty = argc == 2 && sqlite3_value_type(argv[1]) != SQLITE_NULL && sqlite3_value_int64(argv[1]) != 0;
  if (auto text = view_definition(reader, model, *view, pretty))
    return result_text(context, *text);
  sqlite3_result_null(context);
}

}  // namespace

// The view's SELECT as PostgreSQL prints it back (view_deparse.hpp), or nullopt.
std::optional<std::string> deparsed_view(const catalog_reader& reader, const catalog_model& model,
                                         const std::string& create_view, bool pretty) {
  PgQueryParseResult parsed = pg_query_parse(create_view.c_str());
  const bool failed = parsed.error != nullptr;
  const auto tree = failed ? nlohmann::json() : nlohmann::json::parse(parsed.parse_tree, nullptr, false);
  pg_query_free_parse_result(parsed);
  if (failed || tree.is_discarded() || !tree.contains("stmts") || tree["stmts"].size() != 1)
    return std::nullopt;
  const auto& statement = tree["stmts"][0].value("stmt", nlohmann::json::object());
  if (!statement.contains("ViewStmt"))
    return std::nullopt;
  const std::vector<std::string> visible = reader.visible_schemas();
  const view_source_lookup lookup = [&](const std::string& local) -> std::optional<view_source> {
    for (const auto& r : model.relations)
      if ((r.kind == 'r' || r.kind == 'v') && sqlite3_stricmp(r.local_name.c_str(), local.c_str()) == 0) {
        const bool shown = std::find(visible.begin(), visible.end(), r.schema) != visible.end();
        return view_source{(shown ? "" : quote_identifier_if_needed(r.schema) + ".") + quote_identifier_if_needed(r.name),
                           r.name, r.columns};
      }
    return std::nullopt;
  };
  return deparse_view(statement["ViewStmt"], create_view, lookup, pretty);
}

std::optional<std::string> view_definition(const catalog_reader& reader, const catalog_model& model,
                                           const catalog_relation& view, bool pretty) {
  auto q = reader.db->prepare("SELECT sql FROM " + sqlite_schema_of(view) + " WHERE type = 'view' AND name = ?1");
  if (!q)
    return std::nullopt;
  q->bind_text(1, view.local_name);
  auto step = q->step();
  if (!step || *step != sqlite_statement::step_result::row)
    return std::nullopt;
  std::string text = postgres_view_text(q->column_text(0));
  if (auto deparsed = deparsed_view(reader, model, text, pretty))
    return deparsed;
  // CREATE VIEW name [(columns)] AS <select>: the select after the first AS word,
  // in any case (create view v as select ...).
  const auto as_word_at = [&](size_t from) {
    for (size_t at = from; at + 1 < text.size(); ++at)
      if (std::toupper(static_cast<unsigned char>(text[at])) == 'A' &&
          std::toupper(static_cast<unsigned char>(text[at + 1])) == 'S')
        return at;
    return std::string::npos;
  };
  for (size_t at = 0; (at = as_word_at(at)) != std::string::npos; at += 2) {
    const bool word = at > 0 && std::isspace(static_cast<unsigned char>(text[at - 1])) &&
                      at + 2 < text.size() && std::isspace(static_cast<unsigned char>(text[at + 2]));
    if (!word)
      continue;
    std::string body = text.substr(at + 3);
    while (!body.empty() && (std::isspace(static_cast<unsigned char>(body.back())) || body.back() == ';'))
      body.pop_back();
    return " " + qualified_relations(body, model, reader.visible_schemas()) + ";";
  }
  return std::nullopt;
}

result<ok_t, sqlite_error> install_definition_functions(sqlite_connection& db, const catalog_reader_ptr& reader) {
  sqlite3* handle = db.handle();
  void* data = const_cast<catalog_reader*>(reader.get());
  const sql_function_entry functions[] = {
      {"pg_get_indexdef", 1, indexdef_function},      {"pg_get_indexdef", 3, indexdef_function},
      {"pg_get_constraintdef", 1, constraintdef_function}, {"pg_get_constraintdef", 2, constraintdef_function},
      {"pg_get_expr", 2, expr_function},              {"pg_get_expr", 3, expr_function},
      {"pg_get_viewdef", 1, viewdef_function},        {"pg_get_viewdef", 2, viewdef_function},
  };
  return register_functions(handle, data, functions);
}

}  // namespace tributary
