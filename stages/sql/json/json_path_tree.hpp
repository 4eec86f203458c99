// json_path_tree: a SQL/JSON path as json_path_reader reads it and json_path.cpp
// evaluates it. A path expression is a start ($, @, $name, a literal) and its
// accessors; predicates combine expressions. Literals are kept as the elements of
// one JSON array text (`literals`), each expression naming its element's index.
// Private to stages/sql/json/.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary::json_values::path_tree {

enum class step_kind { key, any_key, subscripts, any_index, filter };
enum class expr_kind { path, compare, and_, or_, not_, exists, is_unknown };
enum class start_kind { root, current, variable, literal };

struct expr;

struct subscript {  // [from to to]; an index counted from last when from_last
  int64_t from = 0, to = 0;
  bool from_last = false, to_last = false;
};

struct step {
  step_kind kind = step_kind::key;
  std::string key;
  std::vector<subscript> subscripts;
  std::unique_ptr<expr> filter;
};

struct expr {
  expr_kind kind = expr_kind::path;
  start_kind start = start_kind::root;
  std::string name;         // variable name, or the comparison operator
  uint32_t literal = 0;     // index among the literals
  std::vector<step> steps;  // path: accessors after the start
  std::unique_ptr<expr> left, right;
};

// The path's tree, its literals' JSON array text in `literals`; 42601 for a text
// that cannot be read, 0A000 for a form not covered (json_path.hpp).
result<std::unique_ptr<expr>, pg_error> read_json_path(std::string_view text, std::string& literals);

}  // namespace tributary::json_values::path_tree
