#include "stages/sql/trigger_function.hpp"

#include <algorithm>
#include <cctype>

namespace tributary {

namespace {

using json = nlohmann::json;

// Guards: "" is true, "FALSE" unreachable; both simplify away.
const std::string never = "FALSE";

std::string both(const std::string& a, const std::string& b) {
  if (a == never || b == never)
    return never;
  if (a.empty())
    return b;
  if (b.empty())
    return a;
  return "(" + a + ") AND (" + b + ")";
}

std::string either(const std::string& a, const std::string& b) {
  if (a == never)
    return b;
  if (b == never)
    return a;
  if (a.empty() || b.empty())
    return "";
  return "(" + a + ") OR (" + b + ")";
}

pg_error unsupported(const std::string& what) {
  return make_pg_error("0A000", what + " is not supported in Tributary's PL/pgSQL trigger functions",
                       "",
                       "A trigger function may use SQL statements, IF, RETURN NEW/OLD/NULL and "
                       "RAISE EXCEPTION.");
}

struct failure {
  pg_error error;
};

std::string expression_text(const json& expr) {
  return expr.value("PLpgSQL_expr", json::object()).value("query", std::string());
}

std::string lower_trimmed(std::string s) {
  auto not_space = [](unsigned char c) { return !std::isspace(c); };
  s.erase(s.begin(), std::find_if(s.begin(), s.end(), not_space));
  s.erase(std::find_if(s.rbegin(), s.rend(), not_space).base(), s.end());
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

// Number of % placeholders in a RAISE format (%% is a literal %).
size_t placeholders(const std::string& format) {
  size_t count = 0;
  for (size_t i = 0; i < format.size(); ++i)
    if (format[i] == '%') {
      if (i + 1 < format.size() && format[i + 1] == '%')
        ++i;
      else
        ++count;
    }
  return count;
}

class body_reader {
public:
  std::vector<trigger_step> steps;

  // Appends the steps of `statements`, reached under `entry`; returns the guard
  // under which control leaves them at their end.
  std::string read_list(const json& statements, std::string entry) {
    for (const json& statement : statements)
      entry = read(statement, entry);
    return entry;
  }

private:
  std::string read(const json& statement, const std::string& entry) {
    const std::string type = statement.begin().key();
    const json& f = statement.begin().value();
    if (type == "PLpgSQL_stmt_block") {
      if (f.contains("exceptions"))
        throw failure{unsupported("EXCEPTION")};
      return read_list(f.value("body", json::array()), entry);
    }
    if (type == "PLpgSQL_stmt_execsql") {
      if (f.value("into", false))
        throw failure{unsupported("SELECT INTO")};
      add(trigger_step::kind::sql, expression_text(f.value("sqlstmt", json::object())), entry);
      return entry;
    }
    if (type == "PLpgSQL_stmt_if")
      return read_if(f, entry);
    if (type == "PLpgSQL_stmt_return" && f.empty())
      return entry;  // libpg_query's dummy RETURN at the end: PL/pgSQL gives trigger functions none
    if (type == "PLpgSQL_stmt_return") {
      const std::string value = lower_trimmed(expression_text(f.value("expr", json::object())));
      if (value != "new" && value != "old" && value != "null")
        throw failure{unsupported(value.empty() ? std::string("RETURN without a value")
                                                : "RETURN of an expression other than NEW, OLD or NULL")};
      add(trigger_step::kind::return_row, value, entry);
      return never;
    }
    if (type == "PLpgSQL_stmt_raise")
      return read_raise(f, entry);
    if (type == "PLpgSQL_stmt_assign")
      throw failure{unsupported("assignment (" + expression_text(f.value("expr", json::object())) + ")")};
    std::string name = type.rfind("PLpgSQL_stmt_", 0) == 0 ? type.substr(13) : type;
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::toupper(c); });
    throw failure{unsupported("PL/pgSQL statement " + name)};
  }

  std::string read_if(const json& f, const std::string& entry) {
    std::string not_taken;  // none of the conditions so far held
    auto branch = [&](const json& cond) {
      const std::string c = "(" + expression_text(cond) + ")";
      std::string taken = both(both(entry, not_taken), c + " IS TRUE");
      not_taken = both(not_taken, c + " IS NOT TRUE");
      return taken;
    };
    // Each branch's entry and the guard under which control leaves it.
    std::vector<std::pair<std::string, std::string>> branches;
    auto add_branch = [&](const json& statements, std::string reached) {
      std::string left = read_list(statements, reached);
      branches.emplace_back(std::move(reached), std::move(left));
    };
    add_branch(f.value("then_body", json::array()), branch(f.value("cond", json::object())));
    for (const json& elsif : f.value("elsif_list", json::array())) {
      const json& e = elsif.value("PLpgSQL_if_elsif", json::object());
      add_branch(e.value("stmts", json::array()), branch(e.value("cond", json::object())));
    }
    add_branch(f.value("else_body", json::array()), both(entry, not_taken));
    // No branch returns: control goes on exactly as it came.
    if (std::all_of(branches.begin(), branches.end(), [](const auto& b) { return b.first == b.second; }))
      return entry;
    std::string exit = never;
    for (const auto& [reached, left] : branches)
      exit = either(exit, left);
    return exit;
  }

  std::string read_raise(const json& f, const std::string& entry) {
    if (f.value("elog_level", 0) != 21)
      throw failure{unsupported("RAISE other than RAISE EXCEPTION")};
    if (f.contains("condname") || f.contains("options"))
      throw failure{unsupported("RAISE with a condition or USING")};
    if (!f.contains("message"))
      throw failure{unsupported("RAISE without a message")};
    trigger_step step;
    step.what = trigger_step::kind::raise;
    step.text = f.value("message", std::string());
    step.guard = entry;
    for (const json& p : f.value("params", json::array()))
      step.raise_arguments.push_back(expression_text(p));
    // libpg_query's parser checks this too; the compiler relies on it.
    const size_t wanted = placeholders(step.text);
    if (wanted > step.raise_arguments.size())
      throw failure{make_pg_error("42601", "too few parameters specified for RAISE")};
    if (wanted < step.raise_arguments.size())
      throw failure{make_pg_error("42601", "too many parameters specified for RAISE")};
    if (entry != never)
      steps.push_back(std::move(step));
    return never;  // an exception ends every path through it
  }

  void add(trigger_step::kind what, std::string text, const std::string& guard) {
    if (guard == never)
      return;  // unreachable (after a RETURN)
    trigger_step step;
    step.what = what;
    step.text = std::move(text);
    step.guard = guard;
    steps.push_back(std::move(step));
  }
};

}  // namespace

result<trigger_function_body, pg_error> read_trigger_function(const json& functions) {
  if (!functions.is_array() || functions.size() != 1 || !functions[0].contains("PLpgSQL_function"))
    return fail(make_pg_error("42601", "could not read the PL/pgSQL function body"));
  const json& function = functions[0]["PLpgSQL_function"];
  for (const json& datum : function.value("datums", json::array())) {
    if (datum.contains("PLpgSQL_var") && datum["PLpgSQL_var"].value("refname", std::string()) != "found")
      return fail(unsupported("DECLARE (variable \"" + datum["PLpgSQL_var"].value("refname", std::string()) +
                              "\")"));
    if (datum.contains("PLpgSQL_row"))
      return fail(unsupported("DECLARE of a row variable"));
  }
  try {
    body_reader reader;
    const std::string end = reader.read_list(json::array({function.value("action", json::object())}), "");
    if (end != never) {
      trigger_step missing;
      missing.what = trigger_step::kind::missing_return;
      missing.guard = end;
      reader.steps.push_back(std::move(missing));
    }
    return trigger_function_body{std::move(reader.steps)};
  } catch (const failure& f) {
    return fail(f.error);
  }
}

}  // namespace tributary
