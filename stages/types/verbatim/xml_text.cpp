// xml_text: see the header.
#include "stages/types/verbatim/xml_text.hpp"

#include <cstdint>
#include <optional>
#include <set>
#include <vector>

namespace tributary {
namespace {

// The first problem: libxml2's message and the byte offset its parser stood at.
struct xml_problem {
  std::string message;
  size_t offset = 0;
};

bool is_name_start(char c) {
  const auto u = static_cast<unsigned char>(c);
  return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || u == '_' || u == ':' || u >= 0x80;
}

bool is_name_char(char c) {
  return is_name_start(c) || (c >= '0' && c <= '9') || c == '-' || c == '.';
}

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

bool valid_character(uint32_t c) {
  return c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF) ||
         (c >= 0xE000 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0x10FFFF);
}

class content_checker {
public:
  explicit content_checker(std::string_view text, size_t start) : text_(text), at_(start) {}

  std::optional<xml_problem> check() {
    while (at_ < text_.size() && !problem_) {
      if (text_[at_] == '<')
        markup();
      else if (text_[at_] == '&')
        reference(false);
      else
        character_data();
    }
    if (!problem_ && !open_.empty())
      fail_at("Premature end of data in tag " + open_.back().name + " line " +
                  std::to_string(open_.back().line),
              text_.size());
    return problem_;
  }

private:
  struct open_element {
    std::string name;
    size_t line;
  };

  bool starts(std::string_view s) const { return text_.substr(at_, s.size()) == s; }
  void fail_at(std::string message, size_t offset) {
    if (!problem_)
      problem_ = xml_problem{std::move(message), offset};
  }
  size_t line_of(size_t offset) const {
    size_t line = 1;
    for (size_t i = 0; i < offset && i < text_.size(); ++i)
      line += text_[i] == '\n';
    return line;
  }
  std::string name() {
    const size_t start = at_;
    if (at_ < text_.size() && is_name_start(text_[at_]))
      while (at_ < text_.size() && is_name_char(text_[at_]))
        ++at_;
    return std::string(text_.substr(start, at_ - start));
  }
  void blanks() {
    while (at_ < text_.size() && is_blank(text_[at_]))
      ++at_;
  }

  void character_data() {
    const auto c = static_cast<unsigned char>(text_[at_]);
    if (starts("]]>"))
      return fail_at("Sequence ']]>' not allowed in content", at_);
    if (c < 0x20 && !is_blank(text_[at_]))
      return fail_at("PCDATA invalid Char value " + std::to_string(c), at_);
    ++at_;
  }

  // &...; at at_ (in an attribute value when `in_attribute`).
  void reference(bool in_attribute) {
    const size_t amp = at_++;
    if (at_ < text_.size() && text_[at_] == '#') {
      ++at_;
      const bool hex = at_ < text_.size() && text_[at_] == 'x';
      if (hex)
        ++at_;
      uint64_t value = 0;
      size_t digits = 0;
      while (at_ < text_.size() && text_[at_] != ';') {
        const char d = text_[at_];
        int v = -1;
        if (d >= '0' && d <= '9')
          v = d - '0';
        else if (hex && d >= 'a' && d <= 'f')
          v = d - 'a' + 10;
        else if (hex && d >= 'A' && d <= 'F')
          v = d - 'A' + 10;
        if (v < 0)
          return fail_at(hex ? "CharRef: invalid hexadecimal value" : "CharRef: invalid decimal value",
                         at_);
        value = value * (hex ? 16 : 10) + static_cast<uint64_t>(v);
        if (value > 0x110000)
          value = 0x110000;
        ++digits, ++at_;
      }
      if (at_ >= text_.size())
        return fail_at(hex ? "CharRef: invalid hexadecimal value" : "CharRef: invalid decimal value",
                       at_);
      ++at_;  // ;
      if (digits == 0 || !valid_character(static_cast<uint32_t>(value)))
        return fail_at("xmlParseCharRef: invalid xmlChar value " + std::to_string(value), at_);
      return;
    }
    const std::string entity = name();
    if (entity.empty())
      return fail_at("xmlParseEntityRef: no name", at_);
    if (at_ >= text_.size() || text_[at_] != ';')
      return fail_at("EntityRef: expecting ';'", at_);
    ++at_;
    static const std::set<std::string> predefined = {"lt", "gt", "amp", "quot", "apos"};
    if (!predefined.count(entity))
      fail_at("Entity '" + entity + "' not defined", in_attribute ? amp : at_);
  }

  void markup() {
    if (starts("<!--"))
      return comment();
    if (starts("<![CDATA["))
      return cdata();
    if (starts("<!DOCTYPE"))
      return doctype();
    if (starts("<?"))
      return processing_instruction();
    if (starts("</"))
      return end_tag();
    start_tag();
  }

  void comment() {
    const size_t start = at_;
    at_ += 4;
    for (; at_ < text_.size(); ++at_) {
      if (starts("-->")) {
        at_ += 3;
        return;
      }
      if (starts("--"))
        return fail_at("Double hyphen within comment: " + std::string(text_.substr(start, at_ - start)),
                       at_);
    }
    fail_at("Comment not terminated", text_.size());
  }

  void cdata() {
    const size_t end = text_.find("]]>", at_ + 9);
    if (end == std::string_view::npos)
      return fail_at("CData section not finished", text_.size());
    at_ = end + 3;
  }

  void doctype() {
    int brackets = 0;
    for (at_ += 9; at_ < text_.size(); ++at_) {
      const char c = text_[at_];
      if (c == '[')
        ++brackets;
      else if (c == ']')
        --brackets;
      else if (c == '>' && brackets <= 0) {
        ++at_;
        return;
      }
    }
    fail_at("DOCTYPE improperly terminated", text_.size());
  }

  void processing_instruction() {
    at_ += 2;
    const size_t target_start = at_;
    const std::string target = name();
    if (target.empty())
      return fail_at("xmlParsePI : no target name", at_);
    std::string lower;
    for (char c : target)
      lower += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    if (lower == "xml")
      return fail_at("XML declaration allowed only at the start of the document", at_);
    const size_t end = text_.find("?>", at_);
    if (end == std::string_view::npos)
      return fail_at("ParsePI: PI " + target + " never end ...", text_.size());
    if (end != at_ && !is_blank(text_[at_]))
      return fail_at("ParsePI: PI " + target + " space expected", at_);
    (void)target_start;
    at_ = end + 2;
  }

  void end_tag() {
    const size_t start = at_;
    at_ += 2;
    const std::string closing = name();
    blanks();
    if (at_ >= text_.size() || text_[at_] != '>') {
      if (open_.empty())
        return fail_at("chunk is not well balanced", start);
      return fail_at("expected '>'", at_);
    }
    ++at_;
    if (open_.empty())
      return fail_at("chunk is not well balanced", start);
    if (closing != open_.back().name)
      return fail_at("Opening and ending tag mismatch: " + open_.back().name + " line " +
                         std::to_string(open_.back().line) + " and " + closing,
                     at_);
    open_.pop_back();
  }

  void start_tag() {
    const size_t start = at_++;
    const std::string element = name();
    if (element.empty())
      return fail_at("StartTag: invalid element name", at_);
    std::set<std::string> attributes;
    for (;;) {
      const size_t before_blanks = at_;
      blanks();
      if (at_ >= text_.size())
        return fail_at("Couldn't find end of Start Tag " + element + " line " +
                           std::to_string(line_of(start)),
                       at_);
      if (starts("/>")) {
        at_ += 2;
        return;
      }
      if (text_[at_] == '>') {
        ++at_;
        open_.push_back({element, line_of(start)});
        return;
      }
      if (at_ == before_blanks)
        return fail_at("attributes construct error", at_);
      const std::string attribute = name();
      if (attribute.empty())
        return fail_at("Couldn't find end of Start Tag " + element + " line " +
                           std::to_string(line_of(start)),
                       at_);
      blanks();
      if (at_ >= text_.size() || text_[at_] != '=')
        return fail_at("Specification mandates value for attribute " + attribute, at_);
      ++at_;
      blanks();
      if (at_ >= text_.size() || (text_[at_] != '"' && text_[at_] != '\''))
        return fail_at("AttValue: \" or ' expected", at_);
      const char quote = text_[at_++];
      while (at_ < text_.size() && text_[at_] != quote && !problem_) {
        if (text_[at_] == '<')
          return fail_at("Unescaped '<' not allowed in attributes values", at_);
        if (text_[at_] == '&')
          reference(true);
        else
          ++at_;
      }
      if (problem_)
        return;
      if (at_ >= text_.size())
        return fail_at("AttValue: ' expected", at_);
      ++at_;
      if (!attributes.insert(attribute).second)
        return fail_at("Attribute " + attribute + " redefined", at_);
    }
  }

  std::string_view text_;
  size_t at_;
  std::vector<open_element> open_;
  std::optional<xml_problem> problem_;
};

// An XML declaration at the start: its end and its pseudo-attributes.
struct xml_declaration {
  size_t end = 0;  // offset after "?>"
  std::string version;
  std::string standalone;  // "" when absent
};

std::optional<xml_declaration> read_declaration(std::string_view text, std::optional<xml_problem>& problem) {
  if (text.substr(0, 5) != "<?xml" || text.size() < 6 || !is_blank(text[5]))
    return std::nullopt;
  xml_declaration out;
  size_t at = 5;
  for (;;) {
    while (at < text.size() && is_blank(text[at]))
      ++at;
    if (text.substr(at, 2) == "?>") {
      out.end = at + 2;
      break;
    }
    size_t name_end = at;
    while (name_end < text.size() && is_name_char(text[name_end]))
      ++name_end;
    const std::string name(text.substr(at, name_end - at));
    at = name_end;
    while (at < text.size() && is_blank(text[at]))
      ++at;
    if (name.empty() || at >= text.size() || text[at] != '=') {
      problem = xml_problem{"parsing XML declaration: '?>' expected", at};
      return std::nullopt;
    }
    ++at;
    while (at < text.size() && is_blank(text[at]))
      ++at;
    if (at >= text.size() || (text[at] != '"' && text[at] != '\'')) {
      problem = xml_problem{"String not started expecting ' or \"", at};
      return std::nullopt;
    }
    const char quote = text[at++];
    const size_t close = text.find(quote, at);
    if (close == std::string_view::npos) {
      problem = xml_problem{"String not closed expecting \" or '", text.size()};
      return std::nullopt;
    }
    const std::string value(text.substr(at, close - at));
    at = close + 1;
    if (name == "version")
      out.version = value;
    else if (name == "standalone")
      out.standalone = value;
  }
  if (out.version.empty()) {
    problem = xml_problem{"Malformed declaration expecting version", 5};
    return std::nullopt;
  }
  return out;
}

pg_error invalid_content(std::string_view text, const xml_problem& problem) {
  size_t line = 1, line_start = 0;
  for (size_t i = 0; i < problem.offset && i < text.size(); ++i)
    if (text[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  size_t line_end = text.find('\n', line_start);
  if (line_end == std::string_view::npos)
    line_end = text.size();
  std::string caret;
  for (size_t i = line_start; i < problem.offset && i < line_end; ++i)
    caret += text[i] == '\t' ? '\t' : ' ';
  return make_pg_error("2200N", "invalid XML content",
                       "line " + std::to_string(line) + ": " + problem.message + "\n" +
                           std::string(text.substr(line_start, line_end - line_start)) + "\n" +
                           caret + "^");
}

}  // namespace

result<std::string, pg_error> read_xml_content(std::string_view text) {
  std::optional<xml_problem> problem;
  const auto declaration = read_declaration(text, problem);
  if (problem)
    return fail(invalid_content(text, *problem));
  content_checker checker(text, declaration ? declaration->end : 0);
  if (auto found = checker.check())
    return fail(invalid_content(text, *found));
  if (!declaration)
    return std::string(text);
  std::string out;
  size_t rest = declaration->end;
  if (declaration->version != "1.0" || !declaration->standalone.empty()) {
    out = "<?xml version=\"" + declaration->version + "\"";
    if (!declaration->standalone.empty())
      out += " standalone=\"" + declaration->standalone + "\"";
    out += "?>";
  } else if (rest < text.size() && text[rest] == '\n') {
    ++rest;
  }
  return out + std::string(text.substr(rest));
}

}  // namespace tributary
