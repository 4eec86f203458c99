// json_object_function: json_object(text[]) and json_object(keys text[], values text[])
// as PostgreSQL 15's json_object / json_object_two_arg build them: {"a" : "1", "b" : null}
// (every value a JSON string, a NULL value null). Errors as PostgreSQL's: 2202E array
// must have even number of elements / array must have two columns / wrong number of
// array subscripts / mismatched array dimensions; 22004 null value not allowed for object
// key. An empty array gives {}. Pure.
#include "stages/sql/json/json_operations.hpp"
#include "stages/types/verbatim/array_text.hpp"

namespace tributary::json_values {
namespace {

pg_error array_error(const char* message) { return make_pg_error("2202E", message); }

result<std::string, pg_error> object_of(const text_list& keys, const text_list& values) {
  std::string out = "{";
  for (size_t i = 0; i < keys.size(); ++i) {
    if (!keys[i])
      return fail(make_pg_error("22004", "null value not allowed for object key"));
    if (i > 0)
      out += ", ";
    out += json_fragment(*keys[i], fragment_kind::string) + " : " +
           (values[i] ? json_fragment(*values[i], fragment_kind::string) : std::string("null"));
  }
  return out + "}";
}

}  // namespace

result<std::string, pg_error> json_object_of_array(std::string_view array_text) {
  auto array = read_array_literal(array_text);
  if (!array)
    return fail(array.error());
  const size_t dimensions = array->lengths.size();
  if (dimensions == 0)
    return std::string("{}");
  if (dimensions == 1 && array->lengths[0] % 2 != 0)
    return fail(array_error("array must have even number of elements"));
  if (dimensions == 2 && array->lengths[1] != 2)
    return fail(array_error("array must have two columns"));
  if (dimensions > 2)
    return fail(array_error("wrong number of array subscripts"));
  text_list keys, values;
  for (size_t i = 0; i + 1 < array->elements.size(); i += 2) {
    keys.push_back(array->elements[i]);
    values.push_back(array->elements[i + 1]);
  }
  return object_of(keys, values);
}

result<std::string, pg_error> json_object_of_arrays(std::string_view keys_text, std::string_view values_text) {
  auto keys = read_array_literal(keys_text);
  if (!keys)
    return fail(keys.error());
  auto values = read_array_literal(values_text);
  if (!values)
    return fail(values.error());
  if (keys->lengths.size() > 1 || keys->lengths.size() != values->lengths.size())
    return fail(array_error("wrong number of array subscripts"));
  if (keys->elements.size() != values->elements.size())
    return fail(array_error("mismatched array dimensions"));
  return object_of(keys->elements, values->elements);
}

}  // namespace tributary::json_values
