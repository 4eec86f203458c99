// table_truncation: see the header.
#include "storage/table_truncation.hpp"

#include <algorithm>
#include <cctype>

#include "storage/local_table.hpp"

namespace tributary {

namespace {

std::string folded(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

bool contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), folded(name)) != names.end();
}

// Every table that references a table of `closure`, added until nothing changes.
result<ok_t, sqlite_error> add_referencing_tables(sqlite_connection& db,
                                                  std::vector<std::string>& closure) {
  auto tables = db.prepare(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'");
  if (!tables)
    return fail(tables.error());
  auto references = db.prepare("SELECT \"table\" FROM pragma_foreign_key_list(?1)");
  if (!references)
    return fail(references.error());
  std::vector<std::pair<std::string, std::string>> edges;  // (referencing, referenced)
  for (;;) {
    auto s = tables->step();
    if (!s)
      return fail(s.error());
    if (*s == sqlite_statement::step_result::done)
      break;
    std::string name = tables->column_text(0);
    references->reset();
    references->bind_text(1, name);
    for (;;) {
      auto r = references->step();
      if (!r)
        return fail(r.error());
      if (*r == sqlite_statement::step_result::done)
        break;
      edges.emplace_back(folded(name), folded(references->column_text(0)));
    }
  }
  for (bool grew = true; grew;) {
    grew = false;
    for (const auto& [from, to] : edges)
      if (contains(closure, to) && !contains(closure, from)) {
        closure.push_back(from);
        grew = true;
      }
  }
  return ok_v;
}

}  // namespace

result<size_t, sqlite_error> truncate_local_tables(sqlite_connection& db,
                                                   const truncate_request& request) {
  std::vector<std::string> closure;
  for (const auto& t : request.tables)
    if (!contains(closure, t))
      closure.push_back(folded(t));
  if (request.cascade)
    if (auto r = add_referencing_tables(db, closure); !r)
      return fail(r.error());
  for (const auto& t : closure)
    if (auto r = db.exec("DELETE FROM " + quote_identifier(t)); !r)
      return fail(r.error());
  if (request.restart_identity) {
    auto has_sequences = db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_sequence'");
    if (!has_sequences)
      return fail(has_sequences.error());
    auto found = has_sequences->step();
    if (!found)
      return fail(found.error());
    if (*found == sqlite_statement::step_result::row) {
      auto reset = db.prepare("DELETE FROM sqlite_sequence WHERE lower(name) = ?1");
      if (!reset)
        return fail(reset.error());
      for (const auto& t : closure) {
        reset->reset();
        reset->bind_text(1, t);
        if (auto r = reset->run(); !r)
          return fail(r.error());
      }
    }
  }
  return closure.size();
}

}  // namespace tributary
