// input_notices: see the header.
#include "stages/types/input_notices.hpp"

#include "stages/types/verbatim/array_text.hpp"
#include "stages/types/verbatim/tsearch_values.hpp"

namespace tributary {
namespace {

constexpr oid_t tsquery_oid = 3615;
constexpr oid_t tsquery_array_oid = 3645;

void add_tsquery_notice(std::vector<pg_error>& out, std::string_view text) {
  auto query = parse_tsquery_text(text);
  if (!query || !query->items.empty())
    return;
  pg_error notice = make_pg_error("00000", "text-search query doesn't contain lexemes: \"" +
                                               std::string(text) + "\"");
  notice.severity = "NOTICE";
  out.push_back(std::move(notice));
}

}  // namespace

std::vector<pg_error> text_input_notices(const column_type& type, std::string_view text) {
  std::vector<pg_error> out;
  if (type.is_enum() || type.domain_array)
    return out;
  if (type.oid == tsquery_oid) {
    add_tsquery_notice(out, text);
  } else if (type.oid == tsquery_array_oid) {
    auto array = read_array_literal(text);
    if (array)
      for (const auto& element : array->elements)
        if (element)
          add_tsquery_notice(out, *element);
  }
  return out;
}

}  // namespace tributary
