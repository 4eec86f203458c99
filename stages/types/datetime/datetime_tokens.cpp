// datetime_tokens: ParseDateTime and the keyword table of PostgreSQL 15's
// date/time input. See datetime_decode.hpp.
//
// Fields: a digit starts a number ("20240229", "1999.008"), a time ("13:45:30.5")
// or a date ("2024-02-29", "8-jan-1999"); a letter starts a word ("january",
// "est") or, when punctuation or digits follow a word that is not a keyword,
// a zone name or date ("america/new_york", "utc+5"); a sign starts a zone
// offset ("+05:30") or a signed word ("-infinity"); other punctuation only
// separates fields. At most 25 fields, and the fields (each with a
// terminating NUL) must fit the caller's work buffer, as in PostgreSQL.
#include <algorithm>
#include <iterator>

#include "stages/types/datetime/datetime_decode.hpp"

namespace tributary::datetime_detail {
namespace {

constexpr size_t max_fields = 25;  // MAXDATEFIELDS

// datetktbl of PostgreSQL 15, sorted by token.
constexpr keyword keywords[] = {
    {"-infinity", reserved, value_early},
    {"ad", ad_bc, value_ad},
    {"allballs", reserved, value_zulu},
    {"am", am_pm, value_am},
    {"apr", month, 4},
    {"april", month, 4},
    {"at", ignore, 0},
    {"aug", month, 8},
    {"august", month, 8},
    {"bc", ad_bc, value_bc},
    {"d", units, value_day},
    {"dec", month, 12},
    {"december", month, 12},
    {"dow", units, value_dow},
    {"doy", units, value_doy},
    {"dst", dst_modifier, 3600},
    {"epoch", reserved, value_epoch},
    {"feb", month, 2},
    {"february", month, 2},
    {"fri", day_of_week, 5},
    {"friday", day_of_week, 5},
    {"h", units, value_hour},
    {"infinity", reserved, value_late},
    {"isodow", units, value_isodow},
    {"isoyear", units, value_isoyear},
    {"j", units, value_julian},
    {"jan", month, 1},
    {"january", month, 1},
    {"jd", units, value_julian},
    {"jul", month, 7},
    {"julian", units, value_julian},
    {"july", month, 7},
    {"jun", month, 6},
    {"june", month, 6},
    {"m", units, value_month},
    {"mar", month, 3},
    {"march", month, 3},
    {"may", month, 5},
    {"mm", units, value_minute},
    {"mon", day_of_week, 1},
    {"monday", day_of_week, 1},
    {"nov", month, 11},
    {"november", month, 11},
    {"now", reserved, value_now},
    {"oct", month, 10},
    {"october", month, 10},
    {"on", ignore, 0},
    {"pm", am_pm, value_pm},
    {"s", units, value_second},
    {"sat", day_of_week, 6},
    {"saturday", day_of_week, 6},
    {"sep", month, 9},
    {"sept", month, 9},
    {"september", month, 9},
    {"sun", day_of_week, 0},
    {"sunday", day_of_week, 0},
    {"t", iso_time, value_time},
    {"thu", day_of_week, 4},
    {"thur", day_of_week, 4},
    {"thurs", day_of_week, 4},
    {"thursday", day_of_week, 4},
    {"today", reserved, value_today},
    {"tomorrow", reserved, value_tomorrow},
    {"tue", day_of_week, 2},
    {"tues", day_of_week, 2},
    {"tuesday", day_of_week, 2},
    {"wed", day_of_week, 3},
    {"wednesday", day_of_week, 3},
    {"weds", day_of_week, 3},
    {"y", units, value_year},
    {"yesterday", reserved, value_yesterday},
};

static_assert(std::is_sorted(std::begin(keywords), std::end(keywords),
                             [](const keyword& a, const keyword& b) { return a.token < b.token; }));

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

// ispunct in the C locale.
bool is_punct(char c) {
  const auto u = static_cast<unsigned char>(c);
  return u > 32 && u < 127 && !is_alnum(c);
}

char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

class field_splitter {
public:
  field_splitter(std::string_view text, size_t work_buffer)
      : text_(text.substr(0, text.find('\0'))), buffer_(work_buffer) {}

  std::optional<std::vector<field>> split() {
    while (at_ < text_.size()) {
      const char c = text_[at_];
      if (is_space(c)) {
        ++at_;
        continue;
      }
      if (fields_.size() >= max_fields)
        return std::nullopt;
      field f;
      bool ok = true;
      if (is_digit(c))
        ok = digits_first(f);
      else if (c == '.')
        ok = take(f, false) && take_while(f, [](char x) { return is_digit(x); }, false) &&
             set(f, field_type::number);
      else if (is_alpha(c))
        ok = letters_first(f);
      else if (c == '+' || c == '-')
        ok = sign_first(f);
      else if (is_punct(c)) {
        ++at_;
        continue;
      } else
        return std::nullopt;
      if (!ok)
        return std::nullopt;
      ++used_;  // the field's NUL
      fields_.push_back(std::move(f));
    }
    return std::move(fields_);
  }

private:
  std::string_view text_;
  size_t buffer_;
  size_t at_ = 0;
  size_t used_ = 0;
  std::vector<field> fields_;

  char peek() const { return at_ < text_.size() ? text_[at_] : '\0'; }

  // APPEND_CHAR: one more byte must leave room in the work buffer.
  bool take(field& f, bool to_lower) {
    if (used_ + 1 >= buffer_)
      return false;
    f.text += to_lower ? lower(text_[at_]) : text_[at_];
    ++at_;
    ++used_;
    return true;
  }

  template <class Predicate>
  bool take_while(field& f, Predicate wanted, bool to_lower) {
    while (at_ < text_.size() && wanted(text_[at_]))
      if (!take(f, to_lower))
        return false;
    return true;
  }

  static bool set(field& f, field_type type) {
    f.type = type;
    return true;
  }

  bool digits_first(field& f) {
    if (!take(f, false) || !take_while(f, [](char x) { return is_digit(x); }, false))
      return false;
    if (peek() == ':') {
      f.type = field_type::time;
      return take(f, false) &&
             take_while(f, [](char x) { return is_digit(x) || x == ':' || x == '.'; }, false);
    }
    if (peek() == '-' || peek() == '/' || peek() == '.') {
      const char delimiter = peek();
      if (!take(f, false))
        return false;
      if (is_digit(peek())) {
        f.type = delimiter == '.' ? field_type::number : field_type::date;
        if (!take_while(f, [](char x) { return is_digit(x); }, false))
          return false;
        if (peek() == delimiter) {
          f.type = field_type::date;
          return take(f, false) &&
                 take_while(f, [=](char x) { return is_digit(x) || x == delimiter; }, false);
        }
        return true;
      }
      f.type = field_type::date;
      return take_while(f, [=](char x) { return is_alnum(x) || x == delimiter; }, true);
    }
    f.type = field_type::number;
    return true;
  }

  bool letters_first(field& f) {
    f.type = field_type::string;
    if (!take(f, true) || !take_while(f, [](char x) { return is_alpha(x); }, true))
      return false;
    bool is_date = false;
    if (peek() == '-' || peek() == '/' || peek() == '.')
      is_date = true;
    else if ((peek() == '+' || is_digit(peek())) && find_datetime_keyword(f.text) == nullptr)
      is_date = true;
    if (!is_date)
      return true;
    f.type = field_type::date;
    if (!take(f, true))
      return false;
    return take_while(f, [](char x) {
      return x == '+' || x == '-' || x == '/' || x == '_' || x == '.' || x == ':' || is_alnum(x);
    }, true);
  }

  bool sign_first(field& f) {
    if (!take(f, false))
      return false;
    while (is_space(peek()))
      ++at_;
    if (is_digit(peek())) {
      f.type = field_type::zone;
      return take(f, false) &&
             take_while(f, [](char x) { return is_digit(x) || x == ':' || x == '.' || x == '-'; },
                        false);
    }
    if (is_alpha(peek())) {
      f.type = field_type::special;
      return take_while(f, [](char x) { return is_alpha(x); }, true);
    }
    return false;
  }
};

}  // namespace

const keyword* find_datetime_keyword(std::string_view lower_token) {
  const auto* it =
      std::lower_bound(std::begin(keywords), std::end(keywords), lower_token,
                       [](const keyword& k, std::string_view t) { return k.token < t; });
  if (it == std::end(keywords) || it->token != lower_token)
    return nullptr;
  return it;
}

std::optional<std::vector<field>> split_datetime_fields(std::string_view text, size_t work_buffer) {
  return field_splitter(text, work_buffer).split();
}

}  // namespace tributary::datetime_detail
