// array_edits: see array_edits.hpp.
#include "stages/types/verbatim/array_edits.hpp"

#include <limits>

namespace tributary {
namespace {

constexpr int64_t int4_max = std::numeric_limits<int32_t>::max();
constexpr int64_t int4_min = std::numeric_limits<int32_t>::min();

pg_error incompatible(std::string detail) {
  return make_pg_error("2202E", "cannot concatenate incompatible arrays", std::move(detail));
}

pg_error size_exceeded() {
  return make_pg_error("54000", "array size exceeds the maximum allowed (" + std::to_string(max_array_elements) + ")");
}

// ArrayCheckBounds: each lower bound plus its length must fit in an int4.
std::optional<pg_error> bounds_error(const std::vector<int32_t>& lengths, const std::vector<int32_t>& lower_bounds) {
  for (size_t d = 0; d < lengths.size(); ++d)
    if (int64_t{lower_bounds[d]} + lengths[d] > int4_max)
      return make_pg_error("54000", "array lower bound is too large: " + std::to_string(lower_bounds[d]));
  return std::nullopt;
}

bool equal_element(const std::optional<sql_value>& element, const std::optional<sql_value>& x,
                   const array_element_order& order) {
  if (!x)
    return !element;
  return element && order.compare(*element, *x) == 0;
}

bool contains_value(const stored_array& array, const sql_value& x, const array_element_order& order) {
  for (const auto& v : array.values)
    if (v && order.compare(*v, x) == 0)
      return true;
  return false;
}

array_literal one_element(array_element element) {
  array_literal out;
  out.lengths = {1};
  out.lower_bounds = {1};
  out.elements.push_back(std::move(element));
  return out;
}

// The dimension and lower bound arguments of array_fill, checked as array_fill_internal.
result<std::vector<int64_t>, pg_error> fill_values(const fill_shape& shape) {
  if (shape.dimensions > 1)
    return fail(make_pg_error("2202E", "wrong number of array subscripts", "Dimension array must be one dimensional."));
  std::vector<int64_t> out;
  for (const auto& v : shape.values) {
    if (!v)
      return fail(make_pg_error("22004", "dimension values cannot be null"));
    out.push_back(*v);
  }
  return out;
}

}  // namespace

result<array_literal, pg_error> concatenate_arrays(const array_literal& a, const array_literal& b) {
  const size_t na = a.lengths.size(), nb = b.lengths.size();
  if (na == 0)
    return b;
  if (nb == 0)
    return a;
  if (na != nb && na + 1 != nb && na != nb + 1)
    return fail(incompatible("Arrays of " + std::to_string(na) + " and " + std::to_string(nb) +
                             " dimensions are not compatible for concatenation."));
  array_literal out;
  if (na == nb) {
    for (size_t d = 1; d < na; ++d)
      if (a.lengths[d] != b.lengths[d] || a.lower_bounds[d] != b.lower_bounds[d])
        return fail(incompatible("Arrays with differing element dimensions are not compatible for concatenation."));
    out.lengths = a.lengths;
    out.lower_bounds = a.lower_bounds;
    out.lengths[0] = a.lengths[0] + b.lengths[0];
  } else {
    // The side with one dimension fewer becomes one element of the other's outer dimension.
    const array_literal& outer = na > nb ? a : b;
    const array_literal& inner = na > nb ? b : a;
    for (size_t d = 0; d < inner.lengths.size(); ++d)
      if (inner.lengths[d] != outer.lengths[d + 1] || inner.lower_bounds[d] != outer.lower_bounds[d + 1])
        return fail(incompatible("Arrays with differing dimensions are not compatible for concatenation."));
    out.lengths = outer.lengths;
    out.lower_bounds = outer.lower_bounds;
    out.lengths[0] += 1;
  }
  if (a.elements.size() + b.elements.size() > static_cast<size_t>(max_array_elements))
    return fail(size_exceeded());
  if (auto e = bounds_error(out.lengths, out.lower_bounds))
    return fail(std::move(*e));
  out.elements = a.elements;
  out.elements.insert(out.elements.end(), b.elements.begin(), b.elements.end());
  return out;
}

namespace {

// array_append (at_end) and array_prepend: one more element at one end, the lower bound
// kept (PostgreSQL 15 readjusts array_prepend's to the input's).
result<array_literal, pg_error> add_element(array_literal array, array_element element, bool at_end) {
  if (array.lengths.empty())
    return one_element(std::move(element));
  if (array.lengths.size() != 1)
    return fail(make_pg_error("22000", "argument must be empty or one-dimensional array"));
  const int64_t new_index = at_end ? int64_t{array.lower_bounds[0]} + array.lengths[0]
                                   : int64_t{array.lower_bounds[0]} - 1;
  if (new_index > int4_max || new_index < int4_min)
    return fail(make_pg_error("22003", "integer out of range"));
  array.lengths[0] += 1;
  if (auto e = bounds_error(array.lengths, array.lower_bounds))
    return fail(std::move(*e));
  array.elements.insert(at_end ? array.elements.end() : array.elements.begin(), std::move(element));
  return array;
}

}  // namespace

result<array_literal, pg_error> append_element(array_literal array, array_element element) {
  return add_element(std::move(array), std::move(element), true);
}

result<array_literal, pg_error> prepend_element(array_element element, array_literal array) {
  return add_element(std::move(array), std::move(element), false);
}

result<array_literal, pg_error> fill_array(array_element value, const fill_shape& lengths,
                                           const std::optional<fill_shape>& lower_bounds) {
  auto dims = fill_values(lengths);
  if (!dims)
    return fail(dims.error());
  if (dims->size() > static_cast<size_t>(max_array_dimensions))
    return fail(make_pg_error("54000", "number of array dimensions (" + std::to_string(dims->size()) +
                                           ") exceeds the maximum allowed (" +
                                           std::to_string(max_array_dimensions) + ")"));
  std::vector<int64_t> lbs(dims->size(), 1);
  if (lower_bounds) {
    auto given = fill_values(*lower_bounds);
    if (!given)
      return fail(given.error());
    if (given->size() != dims->size())
      return fail(make_pg_error("2202E", "wrong number of array subscripts",
                                "Low bound array has different size than dimensions array."));
    lbs = std::move(*given);
  }
  // ArrayGetNItems: a negative length or too many elements is 54000.
  int64_t count = dims->empty() ? 0 : 1;
  for (int64_t d : *dims) {
    if (d < 0 || d > max_array_elements)
      return fail(size_exceeded());
    count *= d;
    if (count > max_array_elements)
      return fail(size_exceeded());
  }
  array_literal out;
  for (size_t d = 0; d < dims->size(); ++d) {
    out.lengths.push_back(static_cast<int32_t>((*dims)[d]));
    out.lower_bounds.push_back(static_cast<int32_t>(lbs[d]));
  }
  if (auto e = bounds_error(out.lengths, out.lower_bounds))
    return fail(std::move(*e));
  if (count == 0)
    return array_literal{};
  out.elements.assign(static_cast<size_t>(count), value);
  return out;
}

result<array_literal, pg_error> trim_array(array_literal array, int64_t n) {
  const int64_t length = array.lengths.empty() ? 0 : array.lengths[0];
  if (n < 0 || n > length)
    return fail(make_pg_error("2202E", "number of elements to trim must be between 0 and " + std::to_string(length)));
  if (length - n == 0)
    return array_literal{};
  const size_t row = array.elements.size() / static_cast<size_t>(length);  // elements per outer index
  array.elements.resize(row * static_cast<size_t>(length - n));
  array.lengths[0] = static_cast<int32_t>(length - n);
  for (auto& lb : array.lower_bounds)  // a slice's lower bounds are 1
    lb = 1;
  return array;
}

result<std::vector<int64_t>, pg_error> element_positions(const array_literal& array, const stored_array& values,
                                                         const std::optional<sql_value>& x,
                                                         const array_element_order& order) {
  if (array.lengths.size() > 1)
    return fail(make_pg_error("0A000", "searching for elements in multidimensional arrays is not supported"));
  std::vector<int64_t> out;
  for (size_t i = 0; i < values.values.size(); ++i)
    if (equal_element(values.values[i], x, order))
      out.push_back(int64_t{array.lower_bounds[0]} + static_cast<int64_t>(i));
  return out;
}

result<array_literal, pg_error> replace_elements(array_literal array, const stored_array& values,
                                                 const std::optional<sql_value>& from,
                                                 const std::optional<array_element>& to,
                                                 const array_element_order& order) {
  const bool remove = !to.has_value();
  if (remove && array.lengths.size() > 1)
    return fail(make_pg_error("0A000", "removing elements from multidimensional arrays is not supported"));
  std::vector<array_element> kept;
  for (size_t i = 0; i < array.elements.size(); ++i) {
    if (!equal_element(values.values[i], from, order))
      kept.push_back(std::move(array.elements[i]));
    else if (!remove)
      kept.push_back(*to);
  }
  if (remove) {
    if (kept.empty())
      return array_literal{};
    array.lengths[0] = static_cast<int32_t>(kept.size());
  }
  array.elements = std::move(kept);
  return array;
}

bool array_contains(const stored_array& container, const stored_array& contained, const array_element_order& order) {
  for (const auto& v : contained.values)
    if (!v || !contains_value(container, *v, order))
      return false;
  return true;
}

bool arrays_overlap(const stored_array& a, const stored_array& b, const array_element_order& order) {
  for (const auto& v : a.values)
    if (v && contains_value(b, *v, order))
      return true;
  return false;
}

}  // namespace tributary
