// enum_type: a user's enum (CREATE TYPE name AS ENUM), as pg_enum keeps it —
// labels with a floating-point sort order — and the rules of the statements that
// define and change it, with PostgreSQL's errors.
//
//   enum_definition   one enum's labels in sort order (an immutable snapshot, read
//                     from the database file in the reader's transaction). A
//                     column of the enum carries it (column_type::enum_labels), so
//                     the enum codec (type_enum.cpp) checks labels against it:
//                     22P02 invalid input value for enum mood: "x"
//   enum_order        the live order of one enum's labels, shared by every SQLite
//                     connection of the process: the collation pg_enum_<oid>
//                     compares stored labels with it (by sort order; a label it
//                     does not know sorts after every known one, then by bytes,
//                     so the order stays total). Thread-safe.
//   new_enum_labels   CREATE TYPE ... AS ENUM (labels): sort orders 1, 2, 3, ...
//                     42602 invalid enum label "..." (DETAIL: Labels must be 63
//                     bytes or less.); a label given twice is 23505 as PostgreSQL
//                     reports it (pg_enum_typid_label_index).
//   place_new_label   ALTER TYPE ... ADD VALUE [IF NOT EXISTS] 'x' [BEFORE|AFTER 'y']:
//                     the new label's sort order (after the last; or halfway between
//                     the neighbours), or nullopt for IF NOT EXISTS on an existing
//                     label (the caller sends PostgreSQL's NOTICE). When halving no
//                     longer gives a distinct number the labels are renumbered
//                     1, 2, 3, ... in order first (`renumbered`). Errors:
//                     42710 enum label "x" already exists; 22023 "y" is not an
//                     existing enum label; 42602 for a label too long.
//   takes_label_oid   a new label's OID, as PostgreSQL's pg_enum.c picks it: OIDs
//                     are drawn in turn; an even one is taken when it sorts as
//                     the label does among the labels with even OIDs (the order
//                     of two even OIDs is their labels' order), an odd one when
//                     it does not. CREATE TYPE's labels thus get even OIDs in
//                     order (sad 16386, ok 16388, happy 16390).
//   rename_label      ALTER TYPE ... RENAME VALUE 'a' TO 'b': 22023 "a" is not an
//                     existing enum label; 42710 enum label "b" already exists.
// Pure, except enum_order's internal lock.
#pragma once

#include <map>
#include <optional>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <vector>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/pgoutput/pgoutput_messages.hpp"

namespace tributary {

struct enum_label {
  std::string label;
  double sort_order = 0;
  friend bool operator==(const enum_label&, const enum_label&) = default;
};

struct enum_definition {
  oid_t oid = 0;
  std::string name;                 // as format_type prints it: "mood", "sales.mood"
  std::vector<enum_label> labels;   // ascending sort_order
  oid_t array_oid = 0;              // pg_type.typarray: its array type, _mood

  bool contains(std::string_view label) const;
};

class enum_order {
public:
  // Replaces every label's sort order (a new or reloaded enum).
  void assign(const std::vector<enum_label>& labels);
  // Adds or moves one label.
  void set(const enum_label& label);
  // <0, 0, >0 as PostgreSQL's enum_cmp orders the two stored labels.
  int compare(std::string_view a, std::string_view b) const;

private:
  mutable std::shared_mutex lock_;
  std::map<std::string, double, std::less<>> sort_orders_;
};

result<std::vector<enum_label>, pg_error> new_enum_labels(const std::vector<std::string>& labels,
                                                          oid_t type_oid);

struct label_placement {
  enum_label added;
  std::vector<enum_label> renumbered;  // every existing label's new order, when renumbered
};

struct add_value_request {
  std::string label;
  std::string neighbor;  // "" = at the end
  bool before = false;
  bool if_not_exists = false;
};

result<std::optional<label_placement>, pg_error> place_new_label(const enum_definition& type,
                                                                 const add_value_request& request);

// The SQLite collation of an enum's columns: "pg_enum_16385"; and back (nullopt
// for any other name).
std::string enum_collation_name(oid_t type_oid);
std::optional<oid_t> enum_collation_oid(std::string_view collation);

// The SQLite collation of the columns of an enum's array type (column_type.hpp),
// "pg_enum_array_16385" (array_order.hpp's order with the enum's labels), and back.
std::string enum_array_collation_name(oid_t enum_oid);
std::optional<oid_t> enum_array_collation_oid(std::string_view collation);

// A label with the OID pg_enum gave it.
struct numbered_label {
  oid_t oid = 0;
  double sort_order = 0;
};
bool takes_label_oid(oid_t candidate, double sort_order, const std::vector<numbered_label>& existing);

result<enum_label, pg_error> rename_label(const enum_definition& type, std::string_view from,
                                          std::string_view to);

}  // namespace tributary
