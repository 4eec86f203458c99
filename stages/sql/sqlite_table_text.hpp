// sqlite_table_text: the CREATE TABLE text SQLite keeps for a table
// (sqlite_schema.sql), taken apart into its items and one column's item
// rewritten — what ALTER COLUMN needs, since SQLite cannot change a column in
// place: the table is rebuilt from the edited text (storage/table_rebuild.hpp).
//
//   CREATE TABLE "t" ("id" INTEGER PRIMARY KEY NOT NULL, "n" TEXT COLLATE pg_numeric
//                     DEFAULT '0.00' NOT NULL, UNIQUE ("n")) STRICT
//   -> body  ("id" INTEGER PRIMARY KEY NOT NULL, "n" TEXT COLLATE pg_numeric ...) STRICT
//      items "id" INTEGER PRIMARY KEY NOT NULL | "n" TEXT COLLATE ... | UNIQUE ("n")
//
// A column item is read as: its name, its type (the type words and any COLLATE
// clause), then its constraint clauses (CONSTRAINT name, PRIMARY KEY, UNIQUE,
// CHECK (...), REFERENCES ..., DEFAULT value, NOT NULL, GENERATED/AS (...)).
// rewrite_column_item keeps every clause but the ones it is asked to replace
// (type, DEFAULT, NOT NULL), so keys, references and checks survive.
// Tokens: "quoted", [quoted], `quoted` identifiers, 'strings' and (parenthesised
// groups) are one token each. Pure.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary {

struct sqlite_table_text {
  std::vector<std::string> items;  // column definitions, then table constraints
  std::string options;             // after the closing parenthesis: "STRICT", ...

  // "(item, item, ...) options": the text after CREATE TABLE name.
  std::string body() const;
};

// XX000 when the text is not a CREATE TABLE with a parenthesised item list.
result<sqlite_table_text, pg_error> split_table_text(std::string_view create_sql);

// The index of the item that defines column `name` (ASCII case-insensitive), or
// nullopt.
std::optional<size_t> find_column_item(const sqlite_table_text& table, std::string_view name);

// The name a foreign key on `columns` was declared with (CONSTRAINT "n"
// REFERENCES ... in the column's item, or CONSTRAINT "n" FOREIGN KEY (columns)),
// or nullopt when it has none.
std::optional<std::string> foreign_key_name(const sqlite_table_text& table,
                                            const std::vector<std::string>& columns);

struct column_item_change {
  std::optional<std::string> type;                        // new type and collation text
  std::optional<std::optional<std::string>> default_sql;  // new DEFAULT (nullopt inside: none)
  std::optional<bool> not_null;
  bool drop_primary_key = false;  // the column's PRIMARY KEY clause (DROP CONSTRAINT t_pkey)
  bool drop_unique = false;       // its UNIQUE clause (DROP CONSTRAINT t_c_key)
  bool drop_references = false;   // its REFERENCES clause (DROP CONSTRAINT t_c_fkey)
};
std::string rewrite_column_item(std::string_view item, const column_item_change& change);

// True when the column item has a constraint clause starting with `kind`
// ("PRIMARY", "UNIQUE", "REFERENCES", ...).
bool column_item_has_clause(std::string_view item, std::string_view kind);

}  // namespace tributary
