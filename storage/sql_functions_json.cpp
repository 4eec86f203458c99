// sql_functions_json: the SQLite functions behind PostgreSQL's JSON operators and
// functions in translated queries (stages/sql/translator/json_functions.cpp),
// over json's verbatim and jsonb's canonical stored texts
// (stages/sql/json/json_document.hpp, json_operations.hpp). NULL in, NULL out.
//
//   pg_json_get(doc, step, flags)       -> / ->> : step text = key, integer = index;
//                                       flags 1 = ->> (text), 2 = doc is jsonb
//   pg_json_path(doc, path, as_text)    #> / #>> : path a text[]'s stored text
//   pg_json_typeof(doc)                 json_typeof / jsonb_typeof
//   pg_json_count(doc, function)        how many rows a set-returning function
//                                       (its PostgreSQL name: jsonb_each,
//                                       json_array_elements_text, json_object_keys,
//                                       jsonb_array_length, ...) gives, with its
//                                       errors (22023 cannot call ... on a scalar)
//   pg_json_key(doc, n)                 the n-th (1-based) member's key
//   pg_json_item(doc, n, as_text)       the n-th member's value / array element
//   pg_jsonb_contains(a, b)             @>
//   pg_jsonb_exists(doc, keys, mode)    ? (mode 0, keys a text), ?| (1), ?& (2)
//   pg_jsonb_concat(a, b)               ||
//   pg_jsonb_delete(doc, x, kind)       - text ('k'), - text[] ('a'), - int ('i'), #- text[] ('p')
//   pg_jsonb_set(doc, path, value, create)   jsonb_set
//   pg_json_fragment(text, kind)        to_json of a value's output text
//   pg_json_array(text, kind)           to_json of an array's text form, elements of kind
//   pg_jsonb_insert(jsonb, text[], jsonb, after)   jsonb_insert
//   pg_json_strip_nulls(doc, is_jsonb)  json[b]_strip_nulls
//   pg_jsonb_pretty(jsonb)              jsonb_pretty
//   pg_jsonb_path(what, jsonb, path, vars, silent)  jsonb_path_* and @? @@ (json_path.hpp)
//   pg_json_build_object(jsonb, k, v, ...) / pg_json_build_array(jsonb, v, ...)
//   pg_jsonb_in(text)                   jsonb_in then jsonb_out
//   pg_json_object(text[] [, text[]])   json_object (json_object_function.cpp)
// The last document read is kept (per thread: a connection's functions run on
// its thread) so the rows of one set-returning call read it once.
#include <sqlite3.h>

#include <memory>

#include "stages/sql/json/json_array_text.hpp"
#include "stages/sql/json/json_document.hpp"
#include "stages/sql/json/json_operations.hpp"
#include "stages/sql/json/json_path.hpp"
#include "stages/types/verbatim/array_text.hpp"
#include "storage/sql_function_support.hpp"

namespace tributary::sql_function_support {
namespace {

namespace jv = json_values;

struct cached_document {
  std::string text;
  jv::json_document doc;
};

// The document of `text`, read once for consecutive calls on the same text.
const jv::json_document* document_of(sqlite3_context* context, sqlite3_value* value) {
  thread_local std::unique_ptr<cached_document> cache;
  std::string text = text_of(value);
  if (cache && cache->text == text)
    return &cache->doc;
  auto fresh = std::make_unique<cached_document>();
  fresh->text = std::move(text);
  auto doc = jv::read_json_document(fresh->text);
  if (!doc) {
    report(context, doc.error());
    return nullptr;
  }
  fresh->doc = std::move(*doc);
  cache = std::move(fresh);
  return &cache->doc;
}

void return_node(sqlite3_context* context, const jv::json_document& doc, std::optional<uint32_t> node,
                 bool as_text) {
  if (!node)
    return sqlite3_result_null(context);
  if (!as_text)
    return return_text(context, std::string(doc.span(*node)));
  auto text = jv::value_text(doc, *node);
  if (!text)
    return report(context, text.error());
  if (!*text)
    return sqlite3_result_null(context);
  return_text(context, **text);
}

std::optional<jv::text_list> text_list_of(sqlite3_context* context, sqlite3_value* value) {
  auto array = read_array_literal(text_of(value));
  if (!array) {
    report(context, array.error());
    return std::nullopt;
  }
  return std::move(array->elements);
}

void json_get(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const jv::json_document* doc = document_of(context, argv[0]);
  if (doc == nullptr)
    return;
  const int flags = sqlite3_value_int(argv[2]);
  const bool as_text = (flags & 1) != 0;
  if (sqlite3_value_type(argv[1]) == SQLITE_INTEGER) {
    const int64_t index = sqlite3_value_int64(argv[1]);
    // jsonb keeps a top-level scalar as a one-element array: '"x"'::jsonb -> 0 is "x".
    const jv::json_kind root = (*doc)[0].what;
    if ((flags & 2) != 0 && root != jv::json_kind::array && root != jv::json_kind::object)
      return return_node(context, *doc, index == 0 || index == -1 ? std::optional<uint32_t>(0) : std::nullopt, as_text);
    return return_node(context, *doc, jv::array_element(*doc, 0, index), as_text);
  }
  return_node(context, *doc, jv::object_member(*doc, 0, text_of(argv[1])), as_text);
}

void json_path(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const jv::json_document* doc = document_of(context, argv[0]);
  if (doc == nullptr)
    return;
  auto path = text_list_of(context, argv[1]);
  if (!path)
    return;
  return_node(context, *doc, jv::follow_path(*doc, *path), sqlite3_value_int(argv[2]) != 0);
}

void json_typeof(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  if (const jv::json_document* doc = document_of(context, argv[0]))
    return_text(context, jv::type_name((*doc)[0].what));
}

// PostgreSQL's error for a set-returning (or length) function on the wrong kind of value.
std::optional<std::string> wrong_kind(const std::string& function, jv::json_kind what) {
  const bool jsonb = function.rfind("jsonb", 0) == 0;
  const bool scalar = what != jv::json_kind::array && what != jv::json_kind::object;
  if (function.find("_each") != std::string::npos) {
    if (what == jv::json_kind::object)
      return std::nullopt;
    if (jsonb)
      return "cannot call " + function + " on a non-object";
    return scalar ? "cannot deconstruct a scalar" : "cannot deconstruct an array as an object";
  }
  if (function.find("_object_keys") != std::string::npos) {
    if (what == jv::json_kind::object)
      return std::nullopt;
    return "cannot call " + function + (scalar ? " on a scalar" : " on an array");
  }
  if (what == jv::json_kind::array)
    return std::nullopt;
  if (function.find("_array_length") != std::string::npos)
    return scalar ? "cannot get array length of a scalar" : "cannot get array length of a non-array";
  if (jsonb)
    return scalar ? "cannot extract elements from a scalar" : "cannot extract elements from an object";
  return "cannot call " + function + (scalar ? " on a scalar" : " on a non-array");
}

void json_count(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_int64(context, 0);
  const jv::json_document* doc = document_of(context, argv[0]);
  if (doc == nullptr)
    return;
  if (auto message = wrong_kind(text_of(argv[1]), (*doc)[0].what))
    return report(context, make_pg_error("22023", *message));
  sqlite3_result_int64(context, static_cast<int64_t>((*doc)[0].children.size()));
}

void json_key(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const jv::json_document* doc = document_of(context, argv[0]);
  if (doc == nullptr)
    return;
  const int64_t n = sqlite3_value_int64(argv[1]);
  const auto& keys = (*doc)[0].keys;
  if (n < 1 || n > static_cast<int64_t>(keys.size()))
    return sqlite3_result_null(context);
  return_text(context, keys[static_cast<size_t>(n - 1)]);
}

void json_item(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const jv::json_document* doc = document_of(context, argv[0]);
  if (doc == nullptr)
    return;
  const int64_t n = sqlite3_value_int64(argv[1]);
  const auto& children = (*doc)[0].children;
  std::optional<uint32_t> node;
  if (n >= 1 && n <= static_cast<int64_t>(children.size()))
    node = children[static_cast<size_t>(n - 1)];
  return_node(context, *doc, node, sqlite3_value_int(argv[2]) != 0);
}

template <typename T>
void give(sqlite3_context* context, result<T, pg_error> r) {
  if (!r)
    return report(context, r.error());
  if constexpr (std::is_same_v<T, bool>)
    sqlite3_result_int(context, *r ? 1 : 0);
  else
    return_text(context, *r);
}

void jsonb_contains(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  give(context, jv::jsonb_contains(text_of(argv[0]), text_of(argv[1])));
}

void jsonb_exists(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const int mode = sqlite3_value_int(argv[2]);
  jv::text_list keys;
  if (mode == 0) {
    keys.emplace_back(text_of(argv[1]));
  } else {
    auto list = text_list_of(context, argv[1]);
    if (!list)
      return;
    keys = std::move(*list);
  }
  give(context, jv::jsonb_exists(text_of(argv[0]), keys, mode != 2));
}

void jsonb_concat(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  give(context, jv::jsonb_concat(text_of(argv[0]), text_of(argv[1])));
}

void jsonb_delete(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const std::string kind = text_of(argv[2]);
  if (kind == "i")
    return give(context, jv::jsonb_delete_index(text_of(argv[0]), sqlite3_value_int64(argv[1])));
  jv::text_list keys;
  if (kind == "k") {
    keys.emplace_back(text_of(argv[1]));
  } else {
    auto list = text_list_of(context, argv[1]);
    if (!list)
      return;
    keys = std::move(*list);
  }
  if (kind == "p")
    return give(context, jv::jsonb_delete_path(text_of(argv[0]), keys));
  give(context, jv::jsonb_delete_keys(text_of(argv[0]), keys));
}

void jsonb_set(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  auto path = text_list_of(context, argv[1]);
  if (!path)
    return;
  give(context, jv::jsonb_set_path(text_of(argv[0]), *path, text_of(argv[2]), sqlite3_value_int(argv[3]) != 0));
}

void jsonb_insert(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  auto path = text_list_of(context, argv[1]);
  if (!path)
    return;
  give(context, jv::jsonb_insert_path(text_of(argv[0]), *path, text_of(argv[2]), sqlite3_value_int(argv[3]) != 0));
}

void json_strip_nulls(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  give(context, jv::strip_nulls(text_of(argv[0]), sqlite3_value_int(argv[1]) != 0));
}

void jsonb_pretty(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  give(context, jv::jsonb_pretty(text_of(argv[0])));
}

// pg_jsonb_path(what, target, path, vars, silent): what 'a' the items as one jsonb
// array (jsonb_path_query_array; jsonb_path_query's rows), 'f' the first item or
// NULL, 'e' whether there is one, 'm' the predicate's result. silent: the errors
// of the evaluation (not of reading the path) are NULL, as PostgreSQL's.
void jsonb_path(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc - 1, argv + 1))
    return sqlite3_result_null(context);
  const std::string what = text_of(argv[0]);
  const std::string doc = text_of(argv[1]);
  const std::string path = text_of(argv[2]);
  const std::string vars = text_of(argv[3]);
  const bool silent = sqlite3_value_int(argv[4]) != 0;
  const auto failed = [&](const pg_error& e) {
    if (silent && e.sqlstate != "0A000" && e.sqlstate != "42601")
      return sqlite3_result_null(context);
    report(context, e);
  };
  if (what == "e") {
    auto r = jv::json_path_exists(doc, path, vars);
    return r ? sqlite3_result_int(context, *r ? 1 : 0) : failed(r.error());
  }
  if (what == "m") {
    auto r = jv::json_path_match(doc, path, vars);
    if (!r)
      return failed(r.error());
    return *r ? sqlite3_result_int(context, **r ? 1 : 0) : sqlite3_result_null(context);
  }
  auto items = jv::json_path_query(doc, path, vars);
  if (!items)
    return failed(items.error());
  if (what == "f")
    return items->empty() ? sqlite3_result_null(context) : return_text(context, items->front());
  std::string out = "[";
  for (size_t i = 0; i < items->size(); ++i)
    out.append(i ? ", " : "").append((*items)[i]);
  return_text(context, out + "]");
}

void json_fragment(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const std::string kind = text_of(argv[1]);
  return_text(context, jv::json_fragment(text_of(argv[0]), static_cast<jv::fragment_kind>(kind.empty() ? 's' : kind[0])));
}

void json_array(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const std::string kind = text_of(argv[1]);
  give(context, jv::array_json(text_of(argv[0]), static_cast<jv::fragment_kind>(kind.empty() ? 's' : kind[0])));
}

void json_build_object(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (argc % 2 == 0)
    return report(context, make_pg_error("22023", "argument list must have even number of elements", "",
                                         "The arguments of json_build_object() must consist of alternating keys and values."));
  std::vector<std::optional<std::string>> items;
  for (int i = 1; i < argc; ++i)
    items.push_back(sqlite3_value_type(argv[i]) == SQLITE_NULL ? std::nullopt
                                                              : std::optional<std::string>(text_of(argv[i])));
  give(context, jv::build_object(items, sqlite3_value_int(argv[0]) != 0));
}

void json_build_array(sqlite3_context* context, int argc, sqlite3_value** argv) {
  std::vector<std::string> fragments;
  for (int i = 1; i < argc; ++i)
    fragments.push_back(sqlite3_value_type(argv[i]) == SQLITE_NULL ? std::string("null") : text_of(argv[i]));
  give(context, jv::build_array(fragments, sqlite3_value_int(argv[0]) != 0));
}

// pg_json_object(pairs) / pg_json_object(keys, values): json_object of text[] texts.
void json_object(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  give(context, argc == 1 ? jv::json_object_of_array(text_of(argv[0]))
                          : jv::json_object_of_arrays(text_of(argv[0]), text_of(argv[1])));
}

void jsonb_in(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  give(context, jv::canonical_jsonb(text_of(argv[0])));
}

// pg_json_array_text(value, key): a JSON value (json or jsonb text) as the array text
// populate_record reads into an array column (stages/sql/json/json_array_text.hpp).
void json_array_text(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  auto text = jv::json_array_text(text_of(argv[0]), text_of(argv[1]));
  if (!text)
    return report(context, text.error());
  if (!*text)
    return sqlite3_result_null(context);
  return_text(context, **text);
}

}  // namespace

void register_json_functions(sqlite3* db, connection_state* state) {
  struct function {
    const char* name;
    int arguments;
    void (*call)(sqlite3_context*, int, sqlite3_value**);
  };
  static const function functions[] = {
      {"pg_json_get", 3, json_get},           {"pg_json_path", 3, json_path},
      {"pg_json_typeof", 1, json_typeof},     {"pg_json_count", 2, json_count},
      {"pg_json_key", 2, json_key},           {"pg_json_item", 3, json_item},
      {"pg_jsonb_contains", 2, jsonb_contains}, {"pg_jsonb_exists", 3, jsonb_exists},
      {"pg_jsonb_concat", 2, jsonb_concat},   {"pg_jsonb_delete", 3, jsonb_delete},
      {"pg_jsonb_set", 4, jsonb_set},         {"pg_json_fragment", 2, json_fragment},
      {"pg_json_build_object", -1, json_build_object}, {"pg_json_build_array", -1, json_build_array},
      {"pg_jsonb_in", 1, jsonb_in},           {"pg_json_array", 2, json_array},
      {"pg_jsonb_insert", 4, jsonb_insert},   {"pg_json_strip_nulls", 2, json_strip_nulls},
      {"pg_jsonb_pretty", 1, jsonb_pretty},   {"pg_jsonb_path", 5, jsonb_path},
      {"pg_json_object", 1, json_object},     {"pg_json_object", 2, json_object},
      {"pg_json_array_text", 2, json_array_text},
  };
  for (const function& f : functions)
    sqlite3_create_function_v2(db, f.name, f.arguments, SQLITE_UTF8 | SQLITE_DETERMINISTIC, state, f.call,
                               nullptr, nullptr, nullptr);
}

}  // namespace tributary::sql_function_support
