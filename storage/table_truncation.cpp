// table_truncation: see the header.
#include "storage/table_truncation.hpp"

#include <algorithm>
#include <cctype>

#include "storage/local_table.hpp"
#include "storage/sequence_catalog.hpp"

namespace tributary {

namespace {

std::string folded(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

bool contains(const std::vector<std::string>& folded_names, const std::string& name) {
  return std::find(folded_names.begin(), folded_names.end(), folded(name)) != folded_names.end();
}

// The first foreign key, in schema order, of a table outside `listed` that
// references a table in it.
result<std::optional<truncate_refusal>, sqlite_error> find_outside_reference(
    sqlite_connection& db, const std::vector<std::string>& listed) {
  auto tables = db.prepare(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE "
      "'\\' ORDER BY rowid");
  if (!tables)
    return fail(tables.error());
  auto references = db.prepare("SELECT \"table\" FROM pragma_foreign_key_list(?1) ORDER BY id");
  if (!references)
    return fail(references.error());
  for (;;) {
    auto s = tables->step();
    if (!s)
      return fail(s.error());
    if (*s == sqlite_statement::step_result::done)
      break;
    std::string name = tables->column_text(0);
    if (contains(listed, name))
      continue;
    references->reset();
    references->bind_text(1, name);
    for (;;) {
      auto r = references->step();
      if (!r)
        return fail(r.error());
      if (*r == sqlite_statement::step_result::done)
        break;
      std::string referenced = references->column_text(0);
      if (contains(listed, referenced))
        return std::optional<truncate_refusal>(truncate_refusal{name, referenced});
    }
  }
  return std::optional<truncate_refusal>();
}

result<ok_t, sqlite_error> restart_autoincrement(sqlite_connection& db,
                                                 const std::vector<std::string>& listed) {
  auto has_sequences = db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_sequence'");
  if (!has_sequences)
    return fail(has_sequences.error());
  auto found = has_sequences->step();
  if (!found)
    return fail(found.error());
  if (*found != sqlite_statement::step_result::row)
    return ok_v;
  auto reset = db.prepare("DELETE FROM sqlite_sequence WHERE lower(name) = ?1");
  if (!reset)
    return fail(reset.error());
  for (const auto& t : listed) {
    reset->reset();
    reset->bind_text(1, t);
    if (auto r = reset->run(); !r)
      return fail(r.error());
  }
  return ok_v;
}

}  // namespace

result<std::vector<std::string>, sqlite_error> truncation_cascade(sqlite_connection& db,
                                                                 const std::vector<std::string>& tables) {
  std::vector<std::string> listed;
  for (const auto& t : tables)
    if (!contains(listed, t))
      listed.push_back(folded(t));
  std::vector<std::string> added;
  for (;;) {
    auto reference = find_outside_reference(db, listed);
    if (!reference)
      return fail(reference.error());
    if (!*reference)
      return added;
    listed.push_back(folded((*reference)->referencing));
    added.push_back(listed.back());
  }
}

result<truncate_outcome, sqlite_error> truncate_local_tables(sqlite_connection& db,
                                                             const truncate_request& request) {
  std::vector<std::string> listed;
  for (const auto& t : request.tables)
    if (!contains(listed, t))
      listed.push_back(folded(t));
  truncate_outcome outcome;
  for (;;) {
    auto reference = find_outside_reference(db, listed);
    if (!reference)
      return fail(reference.error());
    if (!*reference)
      break;
    if (!request.cascade) {
      outcome.refused = std::move(*reference);
      return outcome;
    }
    listed.push_back(folded((*reference)->referencing));  // and then what references it
    outcome.cascaded.push_back(listed.back());
  }
  for (const auto& t : listed)
    if (auto r = db.exec("DELETE FROM " + quote_identifier(t)); !r)
      return fail(r.error());
  if (request.restart_identity) {
    if (auto r = restart_autoincrement(db, listed); !r)
      return fail(r.error());
    if (auto r = restart_owned_sequences(db.handle(), listed); !r)
      return fail(sqlite_error{0, r.error().message});
  }
  outcome.emptied = listed.size();
  return outcome;
}

}  // namespace tributary
