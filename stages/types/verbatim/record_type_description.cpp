// record_type_description: see the header.
#include "stages/types/verbatim/record_type_description.hpp"

#include <charconv>

#include "stages/types/builtin_types.hpp"

namespace tributary {
namespace {

constexpr int max_depth = 32;

class description_reader {
public:
  explicit description_reader(std::string_view text) : text_(text) {}

  std::optional<column_type> type(int depth) {
    if (depth > max_depth)
      return std::nullopt;
    if (take('['))
      return array(depth);
    if (take('('))
      return record(depth);
    return builtin();
  }
  bool at_end() const { return at_ == text_.size(); }

private:
  bool take(char c) {
    if (at_ < text_.size() && text_[at_] == c) {
      ++at_;
      return true;
    }
    return false;
  }
  std::optional<int64_t> number() {
    int64_t value = 0;
    const char* begin = text_.data() + at_;
    auto [end, error] = std::from_chars(begin, text_.data() + text_.size(), value);
    if (error != std::errc() || end == begin)
      return std::nullopt;
    at_ += static_cast<size_t>(end - begin);
    return value;
  }
  std::optional<column_type> builtin() {
    auto oid = number();
    if (!oid || !take(':'))
      return std::nullopt;
    auto typmod = number();
    if (!typmod)
      return std::nullopt;
    return builtin_column_type(static_cast<oid_t>(*oid), static_cast<int32_t>(*typmod));
  }
  std::optional<column_type> record(int depth) {
    auto fields = std::make_shared<std::vector<record_field>>();
    if (!take(')')) {
      do {
        auto field = type(depth + 1);
        if (!field)
          return std::nullopt;
        record_field f{{}, field->oid, field->typmod, nullptr};
        if (field->record_fields || field->record_element)
          f.type = std::make_shared<const column_type>(std::move(*field));
        fields->push_back(std::move(f));
      } while (take(','));
      if (!take(')'))
        return std::nullopt;
    }
    column_type out;
    out.record_fields = std::move(fields);
    return out;
  }
  std::optional<column_type> array(int depth) {
    if (!take('('))
      return std::nullopt;
    auto element = record(depth + 1);
    if (!element || !take(']'))
      return std::nullopt;
    column_type out;
    out.record_element = std::make_shared<const column_type>(std::move(*element));
    return out;
  }

  std::string_view text_;
  size_t at_ = 0;
};

}  // namespace

std::string describe_record_type(const column_type& type) {
  if (type.record_element)
    return "[" + describe_record_type(*type.record_element) + "]";
  if (!type.known() && type.record_fields) {
    std::string out = "(";
    for (const record_field& f : *type.record_fields) {
      if (out.size() > 1)
        out += ',';
      out += describe_record_type(record_field_type(f));
    }
    return out + ")";
  }
  if (!find_builtin_type(type.oid))
    return "0:-1";
  return std::to_string(type.oid) + ":" + std::to_string(type.typmod);
}

std::optional<column_type> read_record_type_description(std::string_view text) {
  description_reader reader(text);
  auto type = reader.type(0);
  if (!type || !reader.at_end() || (!type->record_fields && !type->record_element))
    return std::nullopt;
  return type;
}

}  // namespace tributary
