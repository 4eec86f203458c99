// json_text: PostgreSQL 15's json / jsonb input and jsonb_out's text (see
// json_text.hpp). Tokens come from json_lexer (jsonapi.c's lexer); the grammar
// is jsonapi.c's recursive descent turned into a loop over an explicit stack of
// open containers, checking and consuming tokens in the same order, so the
// first error reported is PostgreSQL's. jsonb values are built by jsonb_builder and
// printed by format_jsonb_text, both without recursion.
#include "stages/types/verbatim/json_text.hpp"

#include <algorithm>

#include "stages/types/numeric/type_numeric.hpp"
#include "stages/types/verbatim/json_lexer.hpp"

namespace tributary {
namespace {

// jsonb_in's semantic actions: nodes appended in document order, each attached
// to the innermost open container.
class jsonb_builder {
public:
  result<ok_t, pg_error> scalar(json_token kind, std::string_view lexeme, std::string&& text) {
    jsonb_node node;
    switch (kind) {
      case json_token::literal_true: node.what = jsonb_node::kind::boolean_true; break;
      case json_token::literal_false: node.what = jsonb_node::kind::boolean_false; break;
      case json_token::literal_null: node.what = jsonb_node::kind::null; break;
      case json_token::string:
        node.what = jsonb_node::kind::string;
        node.scalar = std::move(text);
        break;
      default: {
        auto number = parse_numeric_text(lexeme);
        if (!number)
          return fail(std::move(number.error()));
        node.what = jsonb_node::kind::number;
        node.scalar = format_numeric_text(*number);
      }
    }
    add(std::move(node));
    return ok_v;
  }

  void begin(jsonb_node::kind container) {
    jsonb_node node;
    node.what = container;
    open_.push_back(add(std::move(node)));
  }

  void key(std::string&& name) { pending_key_ = std::move(name); }

  // Closes the innermost container; an object's keys are sorted by length then
  // bytes, and of equal keys the last one written is kept.
  void end() {
    auto& members = tree_.nodes[open_.back()].members;
    open_.pop_back();
    std::stable_sort(members.begin(), members.end(), [](const auto& a, const auto& b) {
      if (a.first.size() != b.first.size())
        return a.first.size() < b.first.size();
      return a.first < b.first;
    });
    size_t kept = 0;
    for (size_t i = 0; i < members.size(); ++i) {
      if (i + 1 < members.size() && members[i + 1].first == members[i].first)
        continue;
      if (kept != i)
        members[kept] = std::move(members[i]);
      ++kept;
    }
    members.resize(kept);
  }

  jsonb_tree take() { return std::move(tree_); }

private:
  uint32_t add(jsonb_node&& node) {
    const auto index = static_cast<uint32_t>(tree_.nodes.size());
    tree_.nodes.push_back(std::move(node));
    if (!open_.empty()) {
      jsonb_node& parent = tree_.nodes[open_.back()];
      if (parent.what == jsonb_node::kind::array)
        parent.elements.push_back(index);
      else
        parent.members.emplace_back(std::move(pending_key_), index);
    }
    return index;
  }

  jsonb_tree tree_;
  std::vector<uint32_t> open_;
  std::string pending_key_;
};

bool is_scalar(json_token token) {
  return token == json_token::string || token == json_token::number ||
         token == json_token::literal_true || token == json_token::literal_false ||
         token == json_token::literal_null;
}

// pg_parse_json with json_in's null actions (builder == nullptr) or jsonb_in's.
result<ok_t, pg_error> parse_json(std::string_view text, jsonb_builder* builder,
                                  std::string* context) {
  if (context != nullptr)
    context->clear();
  json_lexer lexer(text, builder != nullptr);
  const auto syntax_error = [&](json_failure failure) {
    if (context != nullptr)
      *context = lexer.context();
    return fail(lexer.error(failure));
  };
  enum class state : uint8_t { value, array_first, object_first, object_field, after_value };
  std::vector<json_token> open;  // array_start / object_start of each open container
  state expecting = state::value;
  if (auto failure = lexer.next(); failure != json_failure::none)
    return syntax_error(failure);
  for (;;) {
    const json_token current = lexer.current();
    json_failure failure = json_failure::none;
    switch (expecting) {
      case state::value:
        if (current == json_token::object_start || current == json_token::array_start) {
          const bool is_array = current == json_token::array_start;
          if (builder != nullptr)
            builder->begin(is_array ? jsonb_node::kind::array : jsonb_node::kind::object);
          open.push_back(current);
          failure = lexer.next();
          expecting = is_array ? state::array_first : state::object_first;
        } else if (is_scalar(current)) {
          const bool keep_lexeme = builder != nullptr && current == json_token::number;
          const std::string lexeme(keep_lexeme ? lexer.lexeme() : std::string_view{});
          std::string value = std::move(lexer.string_value());
          if (failure = lexer.next(); failure != json_failure::none)
            break;
          if (builder != nullptr) {
            if (auto added = builder->scalar(current, lexeme, std::move(value)); !added)
              return fail(std::move(added.error()));
          }
          expecting = state::after_value;
        } else {
          failure = lexer.unexpected(json_failure::expected_json);
        }
        break;
      case state::array_first:
      case state::object_first: {
        const json_token closing =
            expecting == state::array_first ? json_token::array_end : json_token::object_end;
        if (current == closing) {
          failure = lexer.next();
          open.pop_back();
          if (builder != nullptr)
            builder->end();
          expecting = state::after_value;
        } else if (expecting == state::array_first) {
          expecting = state::value;
        } else if (current == json_token::string) {
          expecting = state::object_field;
        } else {
          failure = lexer.unexpected(json_failure::expected_object_first);
        }
        break;
      }
      case state::object_field:
        if (current != json_token::string) {
          failure = lexer.unexpected(json_failure::expected_string);
          break;
        }
        if (builder != nullptr)
          builder->key(std::move(lexer.string_value()));
        if (failure = lexer.next(); failure != json_failure::none)
          break;
        if (lexer.current() != json_token::colon) {
          failure = lexer.unexpected(json_failure::expected_colon);
          break;
        }
        failure = lexer.next();
        expecting = state::value;
        break;
      case state::after_value: {
        if (open.empty()) {
          if (current == json_token::end)
            return ok_v;
          failure = lexer.unexpected(json_failure::expected_end);
          break;
        }
        const bool in_array = open.back() == json_token::array_start;
        if (current == json_token::comma) {
          failure = lexer.next();
          expecting = in_array ? state::value : state::object_field;
        } else if (current == (in_array ? json_token::array_end : json_token::object_end)) {
          failure = lexer.next();
          open.pop_back();
          if (builder != nullptr)
            builder->end();
        } else {
          failure = lexer.unexpected(in_array ? json_failure::expected_array_next
                                              : json_failure::expected_object_next);
        }
        break;
      }
    }
    if (failure != json_failure::none)
      return syntax_error(failure);
  }
}

void append_scalar(std::string& out, const jsonb_node& node) {
  switch (node.what) {
    case jsonb_node::kind::null: out += "null"; break;
    case jsonb_node::kind::boolean_true: out += "true"; break;
    case jsonb_node::kind::boolean_false: out += "false"; break;
    case jsonb_node::kind::number: out += node.scalar; break;
    case jsonb_node::kind::string: append_escaped_json_string(out, node.scalar); break;
    case jsonb_node::kind::array: out += "[]"; break;
    case jsonb_node::kind::object: out += "{}"; break;
  }
}

}  // namespace

void append_escaped_json_string(std::string& out, std::string_view value) {
  static const char hex[] = "0123456789abcdef";
  out += '"';
  for (char c : value) {
    switch (c) {
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      default:
        if (static_cast<unsigned char>(c) < ' ') {
          out += "\\u00";
          out += hex[(c >> 4) & 15];
          out += hex[c & 15];
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

result<ok_t, pg_error> validate_json_text(std::string_view text, std::string* context) {
  return parse_json(text, nullptr, context);
}

result<jsonb_tree, pg_error> parse_jsonb_text(std::string_view text, std::string* context) {
  jsonb_builder builder;
  if (auto parsed = parse_json(text, &builder, context); !parsed)
    return fail(std::move(parsed.error()));
  return builder.take();
}

// jsonb_out: containers written with an explicit stack (no recursion).
std::string format_jsonb_text(const jsonb_tree& tree) {
  std::string out;
  if (tree.nodes.empty())
    return out;
  struct open_container {
    uint32_t node;
    size_t next = 0;
  };
  std::vector<open_container> open;
  const auto write = [&](uint32_t index) {
    const jsonb_node& node = tree.nodes[index];
    const bool is_array = node.what == jsonb_node::kind::array;
    if ((is_array && !node.elements.empty()) ||
        (node.what == jsonb_node::kind::object && !node.members.empty())) {
      out += is_array ? '[' : '{';
      open.push_back({index});
    } else {
      append_scalar(out, node);
    }
  };
  write(0);
  while (!open.empty()) {
    open_container& top = open.back();
    const jsonb_node& node = tree.nodes[top.node];
    const bool is_array = node.what == jsonb_node::kind::array;
    const size_t count = is_array ? node.elements.size() : node.members.size();
    if (top.next == count) {
      out += is_array ? ']' : '}';
      open.pop_back();
      continue;
    }
    if (top.next > 0)
      out += ", ";
    const size_t at = top.next++;
    if (is_array) {
      write(node.elements[at]);
    } else {
      append_escaped_json_string(out, node.members[at].first);
      out += ": ";
      write(node.members[at].second);
    }
  }
  return out;
}

result<std::string, pg_error> canonical_jsonb_text(std::string_view text, std::string* context) {
  auto tree = parse_jsonb_text(text, context);
  if (!tree)
    return fail(std::move(tree.error()));
  return format_jsonb_text(*tree);
}

}  // namespace tributary
