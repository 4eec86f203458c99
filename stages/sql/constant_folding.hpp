// constant_folding: the parts of a query PostgreSQL's planner computes before the
// query runs (eval_const_expressions), so that their errors come where PostgreSQL's
// do: at DECLARE of a cursor (`DECLARE c CURSOR FOR SELECT 1/0` fails there, `SELECT
// id/0 FROM t` at the first FETCH). Pure: the caller evaluates.
//
// A constant expression is one of constants (not a bare literal: its input errors
// are the translator's already), casts, operators, AND/OR/NOT, IS [NOT] NULL, CASE,
// COALESCE, NULLIF, GREATEST/LEAST, ARRAY[...] and calls of immutable functions
// (abs, sqrt, power, lower, ...) over constant expressions: no column, parameter,
// sub-select, aggregate, window, volatile or stable function (random(), now()).
// Each largest constant expression of the query is handed to `evaluate` once, in
// the order PostgreSQL simplifies: an AND stops at a constant false argument, an OR
// at a constant true one, COALESCE at a constant non-null one, and a CASE arm whose
// constant condition is false (or NULL) is dropped unevaluated, one whose constant
// condition is true ends the CASE.
#pragma once

#include <functional>

#include <nlohmann/json.hpp>

namespace tributary {

enum class folded_value { is_true, is_false, is_null, other, failed };

// `evaluate` computes one constant expression (a node of `query`); `failed` stops
// the walk (the caller keeps the error).
void fold_constants(const nlohmann::json& query, const std::function<folded_value(const nlohmann::json&)>& evaluate);

}  // namespace tributary
