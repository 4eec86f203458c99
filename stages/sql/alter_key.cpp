// alter_key: see the header.
#include "stages/sql/alter_key.hpp"

#include <algorithm>

#include "stages/core/sql_quote.hpp"
#include "stages/sql/parse_tree.hpp"
#include "stages/types/operator_classes.hpp"

namespace tributary {
namespace {

namespace pt = parse_tree;
using json = nlohmann::json;

std::string joined(const std::vector<std::string>& parts, const std::string& separator) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i)
    out += (i ? separator : "") + parts[i];
  return out;
}

// ("a", "b")
std::string quoted_list(const std::vector<std::string>& names) {
  std::vector<std::string> quoted;
  for (const auto& n : names)
    quoted.push_back(quote_identifier(n));
  return "(" + joined(quoted, ", ") + ")";
}

// The names of a parenthesised list as an item holds it: ("a", "b") -> a, b.
std::vector<std::string> listed_names(const std::string& group) {
  std::vector<std::string> out;
  auto list = split_table_text("x " + group);
  if (!list)
    return out;
  for (auto item : list->items) {
    item.erase(0, item.find_first_not_of(' '));
    item.erase(item.find_last_not_of(' ') + 1);
    if (item.size() >= 2 && item.front() == '"' && item.back() == '"') {
      std::string name;
      for (size_t i = 1; i + 1 < item.size(); ++i) {
        name += item[i];
        if (item[i] == '"' && i + 2 < item.size() && item[i + 1] == '"')
          ++i;
      }
      item = name;
    }
    out.push_back(item);
  }
  return out;
}

std::string unquoted_name(std::string name) {
  name.erase(0, name.find_first_not_of(' '));
  name.erase(name.find_last_not_of(' ') + 1);
  if (name.size() < 2 || name.front() != '"' || name.back() != '"')
    return name;
  std::string out;
  for (size_t i = 1; i + 1 < name.size(); ++i) {
    out += name[i];
    if (name[i] == '"' && name[i + 1] == '"')
      ++i;
  }
  return out;
}

// A table-constraint item of the key kinds, taken apart.
struct key_item {
  char kind = 0;  // p, u, f
  std::string name;  // declared (CONSTRAINT "n"), "" when none
  std::vector<std::string> columns;
  std::string referenced_table;  // f: REFERENCES "t" [("a")]
  std::vector<std::string> referenced_columns;
};

std::optional<key_item> read_key_item(const std::string& item) {
  key_item out;
  std::string_view rest = item;
  if (rest.starts_with("CONSTRAINT ")) {
    rest.remove_prefix(11);
    const size_t space = rest.find(' ');
    if (space == std::string_view::npos)
      return std::nullopt;
    out.name = listed_names("(" + std::string(rest.substr(0, space)) + ")").front();
    rest.remove_prefix(space + 1);
  }
  std::string_view words;
  if (rest.starts_with("PRIMARY KEY (")) {
    out.kind = 'p';
    words = "PRIMARY KEY ";
  } else if (rest.starts_with("UNIQUE (")) {
    out.kind = 'u';
    words = "UNIQUE ";
  } else if (rest.starts_with("FOREIGN KEY (")) {
    out.kind = 'f';
    words = "FOREIGN KEY ";
  } else {
    return std::nullopt;
  }
  rest.remove_prefix(words.size());
  const size_t end = rest.find(')');
  out.columns = listed_names(std::string(rest.substr(0, end + 1)));
  rest.remove_prefix(std::min(rest.size(), end + 1));
  if (out.kind == 'f' && rest.starts_with(" REFERENCES ")) {
    rest.remove_prefix(12);
    size_t name_end = rest[0] == '"' ? 1 : 0;
    while (name_end < rest.size() && (rest[0] == '"' ? !(rest[name_end] == '"' && (name_end + 1 >= rest.size() ||
                                                                                  rest[name_end + 1] != '"'))
                                                      : rest[name_end] != ' '))
      name_end += rest[0] == '"' && rest[name_end] == '"' ? 2 : 1;
    if (rest[0] == '"')
      ++name_end;
    out.referenced_table = listed_names("(" + std::string(rest.substr(0, name_end)) + ")").front();
    rest.remove_prefix(std::min(rest.size(), name_end));
    if (rest.starts_with(" ("))
      out.referenced_columns = listed_names(std::string(rest.substr(1, rest.find(')') )));
  }
  return out;
}

bool is_column(const column_alteration_state& state, const std::string& name) {
  return std::any_of(state.columns.begin(), state.columns.end(),
                     [&](const column_definition& c) { return c.name == name; });
}

std::string default_name(const column_alteration_state& state, char kind,
                         const std::vector<std::string>& columns) {
  if (kind == 'p')
    return make_object_name(state.table, "", "pkey");
  return make_object_name(state.table, joined(columns, "_"), kind == 'u' ? "key" : "fkey");
}

// The name of each key constraint the table has now.
std::vector<std::string> key_names(const column_alteration_state& state) {
  std::vector<std::string> out;
  bool primary_item = false;
  for (const auto& item : state.sqlite.items)
    if (auto key = read_key_item(item)) {
      primary_item = primary_item || key->kind == 'p';
      out.push_back(key->name.empty() ? default_name(state, key->kind, key->columns) : key->name);
    }
  if (!state.primary_key.empty() && !primary_item)
    out.push_back(default_name(state, 'p', state.primary_key));
  return out;
}

result<ok_t, pg_error> set_not_null(column_alteration_state& state, const std::string& name) {
  for (auto& column : state.columns) {
    if (column.name != name || column.not_null)
      continue;
    column.not_null = true;
    state.not_null_checks.push_back(name);
    column_item_change change;
    change.not_null = true;
    return edit_column_item(state, name, change);
  }
  return ok_v;
}

// The referenced table's SQLite name: schema.name outside public.
std::string referenced_table(const json& constraint) {
  const json& target = constraint.value("pktable", json::object());
  const std::string schema = pt::text(target, "schemaname");
  const std::string name = pt::text(target, "relname");
  return schema.empty() || schema == "public" ? name : schema + "." + name;
}

}  // namespace

std::string referential_action(const std::string& clause, const std::string& action) {
  if (action == "r")
    return clause + "RESTRICT";
  if (action == "c")
    return clause + "CASCADE";
  if (action == "n")
    return clause + "SET NULL";
  if (action == "d")
    return clause + "SET DEFAULT";
  return "";
}

std::string declared_key_name(const sqlite_table_text& table, const std::vector<std::string>& columns) {
  for (const auto& item : table.items) {
    if (!item.starts_with("CONSTRAINT "))
      continue;
    const size_t open = item.find('(');
    if (open == std::string::npos)
      continue;
    size_t words = std::string::npos;
    for (std::string_view kind : {" UNIQUE (", " PRIMARY KEY ("})
      if (open + 1 >= kind.size() && item.compare(open + 1 - kind.size(), kind.size(), kind) == 0)
        words = open + 1 - kind.size();
    if (words == std::string::npos || words < 11)
      continue;
    auto listed = split_table_text("x " + item.substr(open, parenthesised_group_end(item, open) - open));
    if (!listed || listed->items.size() != columns.size())
      continue;
    bool same = true;
    for (size_t i = 0; i < columns.size(); ++i)
      same = same && same_identifier(unquoted_name(listed->items[i]), columns[i]);
    if (same)
      return unquoted_name(item.substr(11, words - 11));
  }
  return "";
}

std::optional<std::string> declared_foreign_key_name(const sqlite_table_text& table,
                                                     const std::vector<std::string>& columns,
                                                     const std::string& referenced_table,
                                                     const std::vector<std::string>& referenced_columns) {
  const auto same = [](const std::vector<std::string>& a, const std::vector<std::string>& b) {
    if (a.size() != b.size())
      return false;
    for (size_t i = 0; i < a.size(); ++i)
      if (!same_identifier(a[i], b[i]))
        return false;
    return true;
  };
  std::vector<std::string> wanted = referenced_columns;
  if (std::all_of(wanted.begin(), wanted.end(), [](const std::string& c) { return c.empty(); }))
    wanted.clear();
  for (const auto& item : table.items) {
    auto key = read_key_item(item);
    if (key && key->kind == 'f' && same(key->columns, columns) &&
        same_identifier(key->referenced_table, referenced_table) && same(key->referenced_columns, wanted))
      return key->name;
  }
  return std::nullopt;
}

bool is_key_constraint(const json& constraint) {
  const std::string kind = pt::text(constraint, "contype");
  return kind == "CONSTR_PRIMARY" || kind == "CONSTR_UNIQUE" || kind == "CONSTR_FOREIGN";
}

result<ok_t, pg_error> add_key_constraint(const json& constraint, column_alteration_state& state) {
  const std::string contype = pt::text(constraint, "contype");
  const char kind = contype == "CONSTR_PRIMARY" ? 'p' : contype == "CONSTR_UNIQUE" ? 'u' : 'f';
  const std::vector<std::string> columns = pt::strings(pt::list(constraint, kind == 'f' ? "fk_attrs" : "keys"));
  if (kind != 'f' && (constraint.contains("indexname") || !pt::list(constraint, "including").empty()))
    return fail(make_pg_error("0A000", "ALTER TABLE ADD CONSTRAINT ... USING INDEX or INCLUDE is not "
                                       "supported yet"));
  for (const auto& column : columns)
    if (!is_column(state, column))
      return fail(make_pg_error("42703", "column \"" + column + "\" of relation \"" + state.table +
                                             "\" does not exist"));
  if (kind == 'p' && !state.primary_key.empty())
    return fail(make_pg_error("42P16", "multiple primary keys for table \"" + state.table +
                                           "\" are not allowed"));
  if (kind != 'f')  // the key's btree index: 42704 for json, xml, point, ...
    for (const auto& column : columns)
      for (const column_definition& c : state.columns)
        if (c.name == column)
          if (auto missing = missing_operator_class(c.type, "btree"))
            return fail(std::move(*missing));
  const std::string chosen = default_name(state, kind, columns);
  std::string name = pt::text(constraint, "conname");
  const auto taken = key_names(state);
  // A primary key's or unique constraint's name is its index's: a relation's name.
  if (!name.empty() && kind != 'f' && std::find(taken.begin(), taken.end(), name) != taken.end())
    return fail(make_pg_error("42P07", "relation \"" + name + "\" already exists"));
  if (!name.empty() && std::find(taken.begin(), taken.end(), name) != taken.end())
    return fail(make_pg_error("42710", "constraint \"" + name + "\" for relation \"" + state.table +
                                           "\" already exists"));
  // A name is kept only when it is not the one PostgreSQL would choose.
  const std::string declared = name.empty() || name == chosen ? "" : "CONSTRAINT " + quote_identifier(name) + " ";
  if (kind == 'p') {
    for (const auto& column : columns)
      if (auto r = set_not_null(state, column); !r)
        return fail(r.error());
    state.primary_key = columns;
    state.sqlite.items.push_back(declared + "PRIMARY KEY " + quoted_list(columns));
    state.key_validations.push_back({name.empty() ? chosen : name, columns});
  } else if (kind == 'u') {
    state.sqlite.items.push_back(declared + "UNIQUE " + quoted_list(columns));
    state.key_validations.push_back({name.empty() ? chosen : name, columns});
  } else {
    const std::vector<std::string> referenced = pt::strings(pt::list(constraint, "pk_attrs"));
    const std::string target = referenced_table(constraint);
    std::string item = name.empty() ? "" : "CONSTRAINT " + quote_identifier(name) + " ";
    item += "FOREIGN KEY " + quoted_list(columns) + " REFERENCES " + quote_identifier(target);
    if (!referenced.empty())
      item += " " + quoted_list(referenced);
    item += referential_action(" ON UPDATE ", pt::text(constraint, "fk_upd_action"));
    item += referential_action(" ON DELETE ", pt::text(constraint, "fk_del_action"));
    state.sqlite.items.push_back(std::move(item));
    if (!pt::flag(constraint, "skip_validation"))
      state.foreign_key_validations.push_back({name.empty() ? chosen : name, columns, target, referenced});
  }
  state.changed = true;
  return ok_v;
}

result<bool, pg_error> drop_key_constraint(const std::string& name, column_alteration_state& state) {
  for (size_t i = 0; i < state.sqlite.items.size(); ++i) {
    auto key = read_key_item(state.sqlite.items[i]);
    if (!key || (key->name.empty() ? default_name(state, key->kind, key->columns) : key->name) != name)
      continue;
    if (key->kind == 'p')
      state.primary_key.clear();
    state.sqlite.items.erase(state.sqlite.items.begin() + static_cast<std::ptrdiff_t>(i));
    state.changed = true;
    return true;
  }
  // A key declared with its column: the PRIMARY KEY, UNIQUE or REFERENCES clause of its item.
  for (const auto& column : state.columns) {
    const auto at = find_column_item(state.sqlite, column.name);
    if (!at)
      continue;
    std::string& item = state.sqlite.items[*at];
    column_item_change change;
    change.drop_primary_key =
        column_item_has_clause(item, "PRIMARY") && name == default_name(state, 'p', {column.name});
    change.drop_unique = column_item_has_clause(item, "UNIQUE") && name == default_name(state, 'u', {column.name});
    if (column_item_has_clause(item, "REFERENCES")) {
      const auto declared = foreign_key_name(state.sqlite, {column.name});
      change.drop_references = name == (declared && !declared->empty() ? *declared
                                                                        : default_name(state, 'f', {column.name}));
    }
    if (!change.drop_primary_key && !change.drop_unique && !change.drop_references)
      continue;
    if (change.drop_primary_key)
      state.primary_key.clear();
    item = rewrite_column_item(item, change);
    state.changed = true;
    return true;
  }
  return false;
}

}  // namespace tributary
