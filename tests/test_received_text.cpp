// received_text: a publisher's text value skips its type's input function only
// when what it binds is exactly what parse_text_value would have stored.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "stages/types/received_text.hpp"
#include "stages/types/user/enum_type.hpp"
#include "stages/types/value_io.hpp"

using namespace tributary;

namespace {

// What the fast lane binds for `text`, or nullopt when it hands the text to the codec.
std::optional<sql_value> fast_lane(const column_type& type, std::string_view text) {
  const received_text read = read_received_text(received_text_form_for(type), type, text);
  switch (read.what) {
    case received_text::outcome::as_received: return sql_value{std::string(text)};
    case received_text::outcome::integer: return sql_value{read.integer};
    case received_text::outcome::parse: return std::nullopt;
  }
  return std::nullopt;
}

// Every text the fast lane takes is stored as the codec stores it; the ones in
// `parsed` go to the codec.
void expect_same_as_codec(const column_type& type, const std::vector<std::string>& taken,
                          const std::vector<std::string>& parsed) {
  for (const auto& text : taken) {
    auto fast = fast_lane(type, text);
    ASSERT_TRUE(fast.has_value()) << "not taken: \"" << text << "\"";
    auto codec = parse_text_value(type, text, type_settings{});
    ASSERT_TRUE(codec.ok()) << text << ": " << codec.error().message;
    EXPECT_EQ(*fast, *codec) << "\"" << text << "\"";
  }
  for (const auto& text : parsed)
    EXPECT_FALSE(fast_lane(type, text).has_value()) << "taken: \"" << text << "\"";
}

}  // namespace

TEST(ReceivedText, EachColumnTypeHasItsForm) {
  EXPECT_EQ(received_text_form_for(builtin_column_type(25)), received_text_form::as_received);   // text
  EXPECT_EQ(received_text_form_for(builtin_column_type(1007)), received_text_form::as_received); // int4[]
  EXPECT_EQ(received_text_form_for(builtin_column_type(1700, (12 << 16) + 2 + 4)), received_text_form::numeric);
  EXPECT_EQ(received_text_form_for(builtin_column_type(1042, 3 + 4)), received_text_form::character_length);
  EXPECT_EQ(received_text_form_for(builtin_column_type(1043, 3 + 4)), received_text_form::character_length);
  EXPECT_EQ(received_text_form_for(builtin_column_type(1043)), received_text_form::as_received);  // no length
  EXPECT_EQ(received_text_form_for(builtin_column_type(1042)), received_text_form::parsed);       // bpchar
  for (oid_t oid : {20u, 21u, 23u})
    EXPECT_EQ(received_text_form_for(builtin_column_type(oid)), received_text_form::integer) << oid;
  EXPECT_EQ(received_text_form_for(builtin_column_type(26)), received_text_form::parsed);    // oid wraps
  EXPECT_EQ(received_text_form_for(builtin_column_type(1184)), received_text_form::parsed);  // timestamptz
  EXPECT_EQ(received_text_form_for(builtin_column_type(16)), received_text_form::parsed);    // bool
}

TEST(ReceivedText, PlainDecimalIntegersAreReadWithinTheirTypesRange) {
  expect_same_as_codec(builtin_column_type(23), {"0", "-1", "42", "007", "-0", "2147483647", "-2147483648"},
                       {"2147483648", "-2147483649", "+5", " 5", "5 ", "", "-", "1e3", "5.0", "abc",
                        "99999999999999999999"});
  expect_same_as_codec(builtin_column_type(21), {"32767", "-32768"}, {"32768", "-32769"});
  expect_same_as_codec(builtin_column_type(20), {"9223372036854775807", "-9223372036854775808"},
                       {"9223372036854775808", "-9223372036854775809"});
}

TEST(ReceivedText, AnIntegerTheFastLaneLeavesGetsTheCodecsError) {
  const column_type int4 = builtin_column_type(23);
  EXPECT_FALSE(fast_lane(int4, "2147483648").has_value());
  auto codec = parse_text_value(int4, "2147483648", type_settings{});
  ASSERT_FALSE(codec.ok());
  EXPECT_EQ(codec.error().sqlstate, "22003");
  EXPECT_EQ(codec.error().message, "value \"2147483648\" is out of range for type integer");
}

TEST(ReceivedText, CharacterOfExactlyItsLengthIsStoredAsReceived) {
  // character(3): the publisher pads; a shorter text is padded by the codec, a
  // longer one cut (trailing spaces) or refused.
  expect_same_as_codec(builtin_column_type(1042, 3 + 4), {"abc", "a  ", "äöü", "   "},
                       {"ab", "", "abcd", "abc ", "äöüx"});
}

TEST(ReceivedText, VaryingCharacterWithinItsLengthIsStoredAsReceived) {
  expect_same_as_codec(builtin_column_type(1043, 3 + 4), {"", "a", "abc", "äöü", "a "},
                       {"abcd", "abc ", "äöüx"});
  auto longer = parse_text_value(builtin_column_type(1043, 3 + 4), "abcd", type_settings{});
  ASSERT_FALSE(longer.ok());
  EXPECT_EQ(longer.error().message, "value too long for type character varying(3)");
}

TEST(ReceivedText, NumericAsNumericOutPrintsItForTheTypmodIsStoredAsReceived) {
  const column_type money_like = builtin_column_type(1700, (12 << 16) + 2 + 4);  // numeric(12,2)
  expect_same_as_codec(money_like, {"1.50", "-0.01", "1234567890.12"}, {"1.5", "1.505", "01.50", "NaN x"});
}

TEST(ReceivedText, AnEnumAlwaysGoesThroughItsCodec) {
  const column_type mood{16385, -1, "mood",
                         std::make_shared<enum_definition>(enum_definition{16385, "mood", {{"sad", 1}}, 16384})};
  EXPECT_EQ(received_text_form_for(mood), received_text_form::parsed);
  EXPECT_FALSE(fast_lane(mood, "sad").has_value());
}

TEST(ReceivedText, TheParsedFormTakesNothing) {
  EXPECT_EQ(read_received_text(received_text_form::parsed, builtin_column_type(25), "x").what,
            received_text::outcome::parse);
}
