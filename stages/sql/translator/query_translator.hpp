// query_translator: the state of one translation (query_translation.hpp): the
// scopes of FROM items, the parameters' types, and the walkers of the tree.
// select_translator.cpp walks statements, expression_translator.cpp expressions,
// function_translator.cpp function calls. Private to stages/sql/translator/.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "stages/sql/translator/query_translation.hpp"
#include "stages/types/type_names.hpp"

namespace tributary::translator {

using json = nlohmann::json;

// The statement uses something this translator does not cover yet.
struct not_translatable {
  std::string what;
};
// A PostgreSQL error to report.
struct translation_failure {
  located_error error;
};

struct typed_expression {
  std::string sql;            // SQLite expression giving the stored form
  column_type type;           // PostgreSQL type; unknown (705) for an untyped literal
  std::optional<std::string> literal;  // an untyped quoted literal's text
  int parameter = 0;          // an untyped $n (its type comes from where it is used)
  bool is_null_constant = false;
  int location = -1;
  // A whole-row reference (SELECT t FROM t, row_to_json(t)): its fields' values, in
  // order, named by type.record_fields (whole_row.cpp); sql is record_out's text.
  std::shared_ptr<const std::vector<typed_expression>> row_values;
  // SQL true when the whole row is an outer join's missing row (its primary key is
  // NULL): the row is NULL then; "" when that cannot be told.
  std::string row_absent;
  // A row constructor, ROW(...) or (a, b) (row_constructor.cpp): compared field by field.
  bool row_constructor = false;
  // A user table's whole row: the table's row type (stages/core/row_type_oid.hpp), which
  // clients see and pg_typeof names; inside the statement it is a record. (array_agg of
  // such rows: the row type's array type, t[].)
  oid_t row_type_oid = 0;
  // And that row type's array type (array_agg of such rows is typed so, as PostgreSQL's).
  oid_t row_array_type_oid = 0;
  // A column declared with a domain, read as it is: the domain's name (`type` is its
  // base type), which CREATE TABLE AS gives its column (select output only).
  std::string domain;
};

struct scope_column {
  std::string name;      // as PostgreSQL names it
  std::string sql_name;  // as the SQL refers to it (a sub-select's columns are c1, c2, ...)
  column_type type;
  bool primary_key = false;  // a table's primary key column (GROUP BY it: the rest is grouped)
  // A column of a LATERAL sub-select without FROM: its value's SQL, written in
  // place of a reference (the sub-select is one row computed from the row on its left).
  std::string expression;
  bool hidden = false;  // a system column (tableoid): named only, never in `*`
  // A column a join's USING (or NATURAL) merged: named only qualified (a.id) or by
  // its table's `a.*`; plain `id` and `*` see the join's merged column instead.
  bool merged = false;
  std::string domain;  // the domain the column was declared with ("": none)
};
struct scope_item {
  std::string name;  // the alias, or the table's name
  std::string relation;  // a user table's local name ("items", "sales.orders"); "" otherwise
  bool bare = false;  // columns are written unqualified (SQLite's RETURNING and upsert)
  bool returning_list = false;  // ... in a RETURNING list (column_reference.cpp)
  // A function in FROM that returns one value per row (jsonb_array_elements): its
  // name alone, when no column has that name, is that value (PostgreSQL's whole-row
  // reference of a scalar function).
  bool scalar_value = false;
  std::vector<scope_column> columns;
  // A join's alias: the join's own tables, which no name outside it reaches
  // (42P01 invalid reference to FROM-clause entry for table "a").
  std::vector<std::string> hidden_tables;
};
// How the translated SQL names `column` of `item` (column_reference.cpp).
std::string column_reference_sql(const scope_item& item, const scope_column& column);
// The system column tableoid of the relation `qualified_name` ("items", "s.t",
// "pg_catalog.pg_class"): hidden (never in `*`), its OID as pg_class gives it.
scope_column table_oid_column(const std::string& qualified_name);
scope_column merge_row_scope_column(const std::string& item_name);
// `sql` stored into the rowid `column` of `relation`: a NULL is PostgreSQL's not-null
// violation, not a new rowid (assignment.cpp).
std::string rowid_not_null(const std::string& sql, const std::string& relation, const column_definition& column);

struct scope {
  std::vector<scope_item> items;
  const scope* outer = nullptr;
};

// One SELECT level's grouping facts, for PostgreSQL's check that every column
// outside an aggregate is grouped (42803).
struct grouping_frame {
  const scope* level = nullptr;  // the SELECT's own scope
  bool recording = false;        // in the target list, HAVING or ORDER BY
  int aggregate_depth = 0;       // inside an aggregate's arguments
  bool has_aggregate = false;
  struct reference {
    std::string item, column;
    int location;
  };
  std::vector<reference> ungrouped_candidates;
};

// The set-returning functions of one SELECT's select list: the SQL of the
// ordinal that row expansion joins (pg_ordinals), and each call's length.
struct set_returning_level {
  std::string ordinal;
  std::vector<std::string> lengths;
};

// A WITH query, visible to the FROM clauses of its statement.
struct common_table {
  std::string name;
  std::vector<query_column> columns;
  std::string sql_table;  // a data-modifying WITH query's rows: the SQLite table (SQL text)
  bool no_returning = false;  // a data-modifying WITH query without RETURNING
};

class query_translator {
public:
  explicit query_translator(const translation_input& input) : input_(input) {
    for (const materialized_common_table& done : input.materialized)
      common_tables_.push_back({done.name, done.columns, done.sql_table, !done.returning});
  }

  translated_query select(const json& select, const scope* outer);
  // modify_translator.cpp: INSERT / UPDATE / DELETE (their RETURNING is `columns`).
  translated_query insert(const json& insert);
  translated_query update(const json& update);
  translated_query remove(const json& remove);
  // `value` stored into `column`, as PostgreSQL's assignment coerces it (42804
  // when there is no assignment cast).
  typed_expression assign(typed_expression value, const column_definition& column);
  // The value as assign() coerces it, without the rowid column's NULL check.
  typed_expression assign_value(typed_expression value, const column_definition& column);
  typed_expression expression(const json& node, const scope& where);
  // The expression as a value of `type` (an untyped literal or $n read as it,
  // a number widened); not_translatable when PostgreSQL would need a cast
  // this translator does not make.
  typed_expression coerce(typed_expression value, const column_type& type);
  // The type several branches (CASE, COALESCE, UNION, ARRAY[...]) resolve to.
  column_type common_type(const std::vector<typed_expression>& values, const char* context);
  typed_expression function_call(const json& call, const scope& where);
  // Operators other than arithmetic and comparison (LIKE, ILIKE, ~, ...), and the
  // nodes GREATEST/LEAST (MinMaxExpr) and current_date & co. (SQLValueFunction):
  // special_translator.cpp.
  typed_expression other_operator(const json& expr, const scope& where);
  typed_expression special_expression(const std::string& node_type, const json& fields,
                                      const scope& where);
  // x op ANY / ALL (array) by the array's element type (special_translator.cpp).
  std::optional<typed_expression> compare_with_elements(bool any, const std::string& op, const json& expr,
                                                        const scope& where);

  std::map<int, column_type>& parameters() { return parameter_types_; }
  // The NOTICEs the literals' input functions sent (input_notices.hpp), at the literals.
  const std::vector<located_error>& notices() const { return notices_; }
  const translation_input& input() const { return input_; }
  [[noreturn]] void fail_at(pg_error error, int location) const;
  // 42712 table name "x" specified more than once (no position, as PostgreSQL's
  // checkNameSpaceConflicts) when `name` is already a FROM item's of `where`.
  void refuse_taken_name(const scope& where, const std::string& name) const;
  // 42P01 for a qualified name no FROM item of `where` (or its outer levels) has:
  // missing FROM-clause entry, or invalid reference to one a join's alias hides.
  [[noreturn]] void fail_missing_table(const scope& where, const std::string& table, int location) const;
  // 42703 for a column no FROM item of `where` has (`table`: the reference's qualifier,
  // or ""), with PostgreSQL's HINT naming the closest columns (column_reference.cpp).
  [[noreturn]] void fail_missing_column(const scope& where, const std::string& table, const std::string& column,
                                        int location) const;
  // The OID regtype's input gives `text` (42704 at `location` when no type has it).
  oid_t regtype_input(const std::string& text, int location) const;
  // `location` (an offset in the statement) as PostgreSQL's error position: 1-based,
  // in characters of the whole query string; 0 when unknown.
  int query_position(int location) const;
  // regclass input of a literal, run when the statement runs (the relation's OID;
  // 42P01 at the literal's position when there is none).
  std::string regclass_input_sql(const typed_expression& literal) const;

private:
  typed_expression column_reference(const json& ref, const scope& where);
  // `item`'s whole row (a record of its visible columns), found at `level` (whole_row.cpp).
  typed_expression whole_row(const scope* level, const scope_item& item, int location);
  // ROW(...) (row_constructor.cpp), the comparisons of two of them (op: = <> < <= > >=,
  // "IS" / "IS NOT" for IS [NOT] DISTINCT FROM), and IS [NOT] NULL of a row.
  typed_expression row_constructor(const json& row, const scope& where);
  // ROW(...)::t / NULL::t for a table t (row_constructor.cpp): t's row type; nullopt
  // when the name is no table's.
  // '(1,x)' read as a row of `columns` (record_in): a row constructor of the fields' values.
  typed_expression record_literal_fields(const typed_expression& literal,
                                         const std::vector<column_definition>& columns);
  std::optional<typed_expression> table_row_cast(const json& cast, const scope& where,
                                                 const type_name_parts& parts, int location);
  typed_expression row_comparison(const std::string& op, const typed_expression& left,
                                  const typed_expression& right, int location);
  typed_expression row_null_test(const typed_expression& row, bool is_null);
  // ROW(a, b) op (SELECT x, y): `link` is the EXPR_SUBLINK's fields.
  typed_expression row_sub_select_comparison(const std::string& op, const typed_expression& left,
                                             const json& link, const scope& where, int location);
  // 42883 for an operator between a row and a value that is not one (operator_translator.cpp).
  [[noreturn]] void refuse_row_operand(const std::string& op, const typed_expression& left,
                                       const typed_expression& right, int location);
  typed_expression constant(const json& node);
  typed_expression type_cast(const json& cast, const scope& where);
  typed_expression cast_to(const json& cast, const scope& where, const column_type& target,
                           int location);
  // `arg` cast to `target` as an explicit cast (::, CAST) converts it.
  typed_expression explicit_cast(typed_expression arg, const column_type& target, int location);
  // A cast to a user's enum or domain (a domain's checks and NOT NULL tested).
  typed_expression user_type_cast(const json& cast, const scope& where, const user_type& type,
                                  int location);
  // A cast to a domain's array type (price[]): each element tested by the domain.
  typed_expression domain_array_cast(const json& cast, const scope& where, const user_type& domain,
                                     const column_type& array_type, int location);
  // `value` (of the domain's array type `domain`) tested by the domain's NOT NULL
  // and CHECKs on each element; a literal's error at its place (literal_location:
  // its byte location in the source, -1 for any other value), as PostgreSQL's.
  typed_expression domain_elements_tested(typed_expression value, const user_type& domain,
                                          int literal_location);
  // UPDATE ... SET (a, b) = (SELECT x, y ...) (modify_translator.cpp): the sub-select,
  // the columns assigned so far and their values (each field by assignment).
  struct row_sub_select {
    translated_query inner;
    int location = -1;                // the sub-select's parenthesis
    std::vector<int> field_locations;  // of its select list's expressions
    std::vector<std::string> columns;
    std::vector<std::string> values;
    typed_expression field(size_t colno) const;
    // "(a, b) = (SELECT ...)": 21000 for more than one row, NULLs for none.
    std::string assignment() const;
  };
  row_sub_select start_row_sub_select(const json& source, long columns, const scope& where);
  typed_expression operator_expression(const json& expr, const scope& where);
  typed_expression arithmetic(const std::string& op, typed_expression left,
                              typed_expression right,
                              int operator_location = -1);
  typed_expression comparison(const std::string& op, typed_expression left,
                              typed_expression right);
  // json[] = json[] and the other comparisons of arrays whose elements have no
  // btree operator class: PostgreSQL's errors as the query runs (operator_translator.cpp).
  std::optional<typed_expression> unordered_array_comparison(const std::string& op, const typed_expression& left,
                                                             const typed_expression& right);
  // 42883 at `location` for a comparison operator PostgreSQL does not have for the
  // operands' types (json = json, point < point, ...: operator_translator.cpp).
  void require_comparison_operator(const std::string& op, const typed_expression& left,
                                   const typed_expression& right, int location);
  typed_expression boolean_expression(const json& expr, const scope& where);
  typed_expression case_expression(const json& expr, const scope& where);
  typed_expression coalesce(const json& expr, const scope& where);
  typed_expression sub_link(const json& link, const scope& where);
  // x op ALL (SELECT ...), x op ANY (SELECT ...) for an op other than = (operator_translator.cpp).
  typed_expression quantified_sub_select(bool all, const json& link, const scope& where);
  typed_expression parameter(const json& ref);
  typed_expression as_boolean(typed_expression value);

  translated_query set_operation(const json& select, const scope* outer);
  // VALUES (...), (...): rows of one shape, each column of the type its values resolve to.
  translated_query values_list(const json& select, const scope* outer);
  // Adds the FROM item's tables to `where` and returns its SQL.
  std::string from_item(const json& node, scope& where);
  // LATERAL (SELECT ...) of any number of rows (lateral_rows.cpp): a nested loop over
  // the rows the sub-select gives for each row on its left; its SQL in FROM.
  std::string lateral_rows(const json& subquery, const std::string& alias,
                           const std::vector<std::string>& column_aliases, int location, scope& where);
  // The right side of a RIGHT or FULL JOIN written LATERAL (lateral_rows.cpp): an
  // ordinary FROM item, since PostgreSQL allows it no reference to the join's left side
  // (the items of `where` from left_start on): such a reference is 42P10 at its place.
  std::string lateral_beside_outer_join(const json& right, scope& where, size_t left_start);
  // JOIN ... USING (...) / NATURAL JOIN (join_using.cpp): the merged columns join the
  // scope at left_start, the two sides' columns are marked merged; the ON condition.
  std::string join_using(const json& join, const std::string& kind, scope& where, size_t left_start,
                         size_t right_start);
  // (a JOIN b ...) AS j [(x, ...)] (aliased_join.cpp): the join as a sub-select whose
  // columns are the join's (`*` order), reached through j only.
  std::string aliased_join(const json& join, const std::string& alias,
                           const std::vector<std::string>& column_aliases, scope& where);
  // One ORDER BY item: its SQL (in its type's collation), type and direction
  // (" ASC NULLS LAST", ...).
  struct sort_term {
    std::string sql;
    column_type type;
    std::string direction;
  };
  std::string order_by(const json& sort_clause, const scope& where,
                       const std::vector<query_column>& columns,
                       const std::vector<std::string>& column_sql, std::vector<sort_term>* terms = nullptr);
  // The output column a bare name in ORDER BY / DISTINCT ON / GROUP BY names
  // (42702 when two of that name differ); nullopt when none has the name.
  std::optional<size_t> output_named(const json& key, const char* clause, const std::vector<query_column>& columns,
                                     const std::vector<std::string>& column_sql);
  // 42883 at `location` for a key of a type PostgreSQL cannot sort (`ordering`) or
  // group (json, xml, point, ...: select_order_limit.cpp).
  void require_sort_operators(const column_type& type, bool ordering, int location) const;
  // An ORDER BY / DISTINCT ON key: an output column by position or bare name, else
  // an expression over `where`; its SQL in its type's collation.
  std::pair<std::string, column_type> sort_key(const json& key, const char* clause, const scope& where,
                                               const std::vector<query_column>& columns,
                                               const std::vector<std::string>& column_sql);
  // SELECT DISTINCT ON (distinct_on.cpp): the whole SELECT from its select list,
  // `body` (FROM ... WHERE ... GROUP BY ... HAVING ...) and ORDER BY terms.
  std::string distinct_on(const json& distinct_clause, const scope& where, const std::vector<query_column>& columns,
                          const std::vector<std::string>& column_sql, const std::vector<sort_term>& order,
                          const std::string& body);
  std::string limits(const json& select, const scope& where);
  // LIMIT's or OFFSET's count (`field` limitCount / limitOffset) as int8, 2201W / 2201X when
  // negative, -1 for NULL.
  std::string limit_count_sql(const json& select, const char* field, const scope& where);
  // GROUP BY 2 / ORDER BY 2: the output column's index (42P10 past the list);
  // nullopt when `node` is not an integer constant.
  std::optional<size_t> output_position(const json& node, size_t count, const char* clause);
  // The target table of INSERT/UPDATE/DELETE as a scope item, and its columns.
  scope_item target_table(const json& relation, std::string& sql,
                          const std::vector<column_definition>*& columns);
  std::string returning(const json& list, const scope& where, translated_query& out);
  std::string constraint_key_columns(const json& relation, const std::string& constraint);
  // RETURNING of UPDATE ... FROM / DELETE ... USING (other_tables): the target's columns only.
  std::string target_returning(const json& list, const scope& target, translated_query& out, bool other_tables);

  const translation_input& input_;
  // Grouping: the frames of the SELECTs being translated, innermost last.
  void note_column(const scope* level, const std::string& item, const std::string& column,
                   int location);
  void check_grouping(const grouping_frame& frame, const json& group_clause, const json& target_list);
  std::string with_clause(const json& with, const scope* outer);
  bool bare_compound_ = false;  // the next set operation is a recursive WITH body

  std::map<int, column_type> parameter_types_;
  std::vector<located_error> notices_;
  std::vector<grouping_frame*> frames_;
  std::vector<common_table> common_tables_;  // visible WITH queries, innermost last

  set_returning_level* set_returning_ = nullptr;  // the select list being translated
  int set_returning_levels_ = 0;                   // names the ordinals srf1, srf2, ...
  // INSERT ... SELECT: the target columns' types, which the SELECT's own list
  // reads its untyped literals and $n as (PostgreSQL's transformInsertStmt leaves
  // them unresolved for the INSERT); taken by the next select() only.
  const std::vector<column_type>* insert_targets_ = nullptr;
  // The INSERT / UPDATE target's name (target_table), for a rowid column's NOT NULL.
  std::string target_relation_;

public:
  bool is_aggregate_name(const std::string& name) const;
  // Set while a select list with set-returning functions (or its ORDER BY) is translated.
  set_returning_level* set_returning() { return set_returning_; }
  grouping_frame* current_frame() { return frames_.empty() ? nullptr : frames_.back(); }
};

// "FOR UPDATE", "FOR NO KEY UPDATE", "FOR SHARE", "FOR KEY SHARE" of a LockingClause
// node (locking_clause.cpp).
std::string locking_strength_name(const json& clause);

// Type rules shared by the walkers (type_rules.cpp).
bool is_number_type(oid_t oid);
int number_rank(oid_t oid);  // int2 < int4 < int8 < numeric < float4 < float8
bool is_text_like(oid_t oid);  // text, varchar, bpchar, name, unknown
std::string collation_of(const column_type& type);  // "" for BINARY
std::string with_collation(const std::string& sql, const column_type& type);
std::string cast_sql(const std::string& sql, const column_type& from, const column_type& to);
std::string sql_quote(const std::string& text);

}  // namespace tributary::translator
