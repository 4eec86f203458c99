// enum_type and the enum codec: labels, their order and the ALTER TYPE rules,
// with PostgreSQL 15's errors.
#include <gtest/gtest.h>

#include <memory>

#include "stages/types/type_codec.hpp"
#include "stages/types/user/enum_type.hpp"
#include "stages/types/user/user_types.hpp"
#include "stages/types/value_io.hpp"
#include "stages/types/verbatim/array_order.hpp"

namespace tributary {
namespace {

enum_definition mood() {
  return enum_definition{16385, "mood", {{"sad", 1}, {"ok", 2}, {"happy", 3}}, 16384};
}

column_type mood_column() {
  return column_type{16385, -1, "mood", std::make_shared<enum_definition>(mood())};
}

TEST(EnumLabels, CreateNumbersTheLabelsInOrder) {
  auto labels = new_enum_labels({"sad", "ok", "happy"}, 16385);
  ASSERT_TRUE(labels.ok());
  EXPECT_EQ(*labels, (std::vector<enum_label>{{"sad", 1}, {"ok", 2}, {"happy", 3}}));
}

TEST(EnumLabels, ALabelGivenTwiceIsTheUniqueViolationPostgresReports) {
  auto labels = new_enum_labels({"a", "a"}, 16410);
  ASSERT_FALSE(labels.ok());
  EXPECT_EQ(labels.error().sqlstate, "23505");
  EXPECT_EQ(labels.error().message,
            "duplicate key value violates unique constraint \"pg_enum_typid_label_index\"");
  EXPECT_EQ(labels.error().detail, "Key (enumtypid, enumlabel)=(16410, a) already exists.");
}

TEST(EnumLabels, LabelsLongerThan63BytesOrEmptyAreInvalidNames) {
  auto labels = new_enum_labels({std::string(64, 'a')}, 16385);
  ASSERT_FALSE(labels.ok());
  EXPECT_EQ(labels.error().sqlstate, "42602");
  EXPECT_EQ(labels.error().message, "invalid enum label \"" + std::string(64, 'a') + "\"");
  EXPECT_EQ(labels.error().detail, "Labels must be 63 bytes or less.");
  EXPECT_TRUE(new_enum_labels({std::string(63, 'a')}, 16385).ok());
}

TEST(EnumAddValue, GoesAfterTheLastLabelByDefault) {
  auto placed = place_new_label(mood(), {"ecstatic", "", false, false});
  ASSERT_TRUE(placed.ok());
  ASSERT_TRUE(placed->has_value());
  EXPECT_EQ((*placed)->added, (enum_label{"ecstatic", 4}));
  EXPECT_TRUE((*placed)->renumbered.empty());
}

TEST(EnumAddValue, BeforeAndAfterGoHalfwayBetweenTheNeighbours) {
  auto before_ok = place_new_label(mood(), {"meh", "ok", true, false});
  ASSERT_TRUE(before_ok.ok());
  EXPECT_EQ((*before_ok)->added.sort_order, 1.5);
  auto after_happy = place_new_label(mood(), {"joy", "happy", false, false});
  EXPECT_EQ((*after_happy)->added.sort_order, 4);
  auto before_sad = place_new_label(mood(), {"awful", "sad", true, false});
  EXPECT_EQ((*before_sad)->added.sort_order, 0);
}

TEST(EnumAddValue, RenumbersWhenHalvingRunsOutOfPrecision) {
  enum_definition e = mood();
  for (int i = 0; i < 80; ++i) {
    auto placed = place_new_label(e, {"x" + std::to_string(i), "ok", true, false});
    ASSERT_TRUE(placed.ok());
    if (!(*placed)->renumbered.empty())
      e.labels = (*placed)->renumbered;
    e.labels.push_back((*placed)->added);
    std::sort(e.labels.begin(), e.labels.end(),
              [](const enum_label& a, const enum_label& b) { return a.sort_order < b.sort_order; });
  }
  // Every label inserted before "ok" lies between "sad" and "ok", newest last.
  std::vector<std::string> order;
  for (const auto& l : e.labels)
    order.push_back(l.label);
  EXPECT_EQ(order.front(), "sad");
  EXPECT_EQ(order[order.size() - 3], "x79");
  EXPECT_EQ(order[order.size() - 2], "ok");
  EXPECT_EQ(order.back(), "happy");
  for (size_t i = 1; i < e.labels.size(); ++i)
    EXPECT_LT(e.labels[i - 1].sort_order, e.labels[i].sort_order);
}

TEST(EnumAddValue, ExistingLabelIsAnErrorOrSkippedWithIfNotExists) {
  auto again = place_new_label(mood(), {"ok", "", false, false});
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.error().sqlstate, "42710");
  EXPECT_EQ(again.error().message, "enum label \"ok\" already exists");
  auto skipped = place_new_label(mood(), {"ok", "", false, true});
  ASSERT_TRUE(skipped.ok());
  EXPECT_FALSE(skipped->has_value());
}

TEST(EnumAddValue, AMissingNeighbourIsNotAnExistingLabel) {
  auto placed = place_new_label(mood(), {"meh", "nope", true, false});
  ASSERT_FALSE(placed.ok());
  EXPECT_EQ(placed.error().sqlstate, "22023");
  EXPECT_EQ(placed.error().message, "\"nope\" is not an existing enum label");
}

TEST(EnumRenameValue, KeepsTheSortOrderAndRefusesMissingOrTakenLabels) {
  auto renamed = rename_label(mood(), "ok", "fine");
  ASSERT_TRUE(renamed.ok());
  EXPECT_EQ(*renamed, (enum_label{"fine", 2}));
  EXPECT_EQ(rename_label(mood(), "zz", "a").error().message, "\"zz\" is not an existing enum label");
  EXPECT_EQ(rename_label(mood(), "ok", "happy").error().message, "enum label \"happy\" already exists");
  EXPECT_EQ(rename_label(mood(), "ok", std::string(70, 'b')).error().sqlstate, "42602");
}

TEST(EnumOrder, ComparesBySortOrderAndPutsUnknownLabelsLast) {
  enum_order order;
  order.assign(mood().labels);
  EXPECT_LT(order.compare("sad", "happy"), 0);
  EXPECT_GT(order.compare("happy", "ok"), 0);
  EXPECT_EQ(order.compare("ok", "ok"), 0);
  EXPECT_LT(order.compare("happy", "aaa"), 0);  // unknown after every known label
  EXPECT_LT(order.compare("aaa", "bbb"), 0);    // unknown ones by bytes
  order.set({"meh", 1.5});
  EXPECT_LT(order.compare("sad", "meh"), 0);
  EXPECT_LT(order.compare("meh", "ok"), 0);
}

TEST(EnumCollationName, NamesTheOidBothWays) {
  EXPECT_EQ(enum_collation_name(16385), "pg_enum_16385");
  EXPECT_EQ(enum_collation_oid("pg_enum_16385"), std::optional<oid_t>(16385));
  EXPECT_EQ(enum_collation_oid("pg_numeric"), std::nullopt);
  EXPECT_EQ(enum_collation_oid("pg_enum_"), std::nullopt);
  EXPECT_EQ(enum_collation_oid("pg_enum_12x"), std::nullopt);
}

TEST(EnumCodec, AcceptsExactlyTheLabelsInTextAndBinary) {
  const column_type type = mood_column();
  auto happy = parse_text_value(type, "happy", type_settings{});
  ASSERT_TRUE(happy.ok());
  EXPECT_EQ(*happy, sql_value{std::string("happy")});
  auto bad = parse_text_value(type, "Happy", type_settings{});
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().sqlstate, "22P02");
  EXPECT_EQ(bad.error().message, "invalid input value for enum mood: \"Happy\"");
  EXPECT_FALSE(parse_text_value(type, " ok", type_settings{}).ok());
  auto binary = parse_binary_value(type, "sad");
  ASSERT_TRUE(binary.ok());
  EXPECT_EQ(*binary, sql_value{std::string("sad")});
  EXPECT_EQ(parse_binary_value(type, "nope").error().sqlstate, "22P02");
  EXPECT_EQ(format_text_value(type, sql_value{std::string("ok")}, type_settings{}), "ok");
  EXPECT_EQ(format_binary_value(type, sql_value{std::string("ok")}).value(),
            std::optional<std::string>("ok"));
  EXPECT_TRUE(has_binary_input(type));
  EXPECT_FALSE(text_is_stored_as_received(type));
}

// mood[]: its own OID, each element checked against the labels, array_out's
// text stored, array_send with the enum's OID as element type, ordered by the
// enum's sort order.
TEST(EnumArray, ChecksEveryElementAndSendsTheEnumsOid) {
  user_type type{16385, 16384, "public", "mood", 'e'};
  type.labels = std::make_shared<enum_definition>(mood());
  const column_type array = type.enum_array_column_type();
  EXPECT_EQ(array.oid, 16384u);
  EXPECT_TRUE(array.is_enum_array());
  // An enum made before PostgreSQL's numbering: its array type is its OID + 2^30.
  user_type older{16385, 16385 + enum_array_oid_base, "public", "mood", 'e'};
  auto older_labels = mood();
  older_labels.array_oid = older.array_oid;
  older.labels = std::make_shared<enum_definition>(older_labels);
  EXPECT_EQ(older.enum_array_column_type().oid, 16385 + enum_array_oid_base);
  EXPECT_TRUE(older.enum_array_column_type().is_enum_array());
  EXPECT_FALSE(mood_column().is_enum_array());
  EXPECT_EQ(array.name, "mood[]");
  auto stored = parse_text_value(array, "{ happy , NULL,\"sad\"}", type_settings{});
  ASSERT_TRUE(stored.ok()) << stored.error().message;
  EXPECT_EQ(*stored, sql_value{std::string("{happy,NULL,sad}")});
  auto bad = parse_text_value(array, "{ok,Happy}", type_settings{});
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().sqlstate, "22P02");
  EXPECT_EQ(bad.error().message, "invalid input value for enum mood: \"Happy\"");
  EXPECT_FALSE(text_is_stored_as_received(array));  // the publisher's text is checked too
  auto sent = format_binary_value(array, sql_value{std::string("{ok,NULL}")});
  ASSERT_TRUE(sent.ok());
  const std::string expected("\0\0\0\1\0\0\0\1\0\0\x40\x01\0\0\0\2\0\0\0\1\0\0\0\2ok\xff\xff\xff\xff",
                             30);
  EXPECT_EQ(**sent, expected);
  auto received = parse_binary_value(array, expected);
  ASSERT_TRUE(received.ok()) << received.error().message;
  EXPECT_EQ(*received, sql_value{std::string("{ok,NULL}")});
  std::string wrong = expected;
  wrong.replace(wrong.find("ok"), 2, "no");
  EXPECT_EQ(parse_binary_value(array, wrong).error().sqlstate, "22P02");
}

TEST(EnumArray, OrdersByTheEnumsSortOrderAsArrayCmp) {
  enum_order order;
  order.assign(mood().labels);
  EXPECT_LT(compare_stored_enum_array(order, "{sad}", "{happy}"), 0);  // not by bytes
  EXPECT_LT(compare_stored_enum_array(order, "{ok}", "{ok,sad}"), 0);
  EXPECT_LT(compare_stored_enum_array(order, "{happy}", "{NULL}"), 0);
  EXPECT_EQ(compare_stored_enum_array(order, "{sad,ok}", "{sad,ok}"), 0);
  EXPECT_NE(compare_stored_enum_array(order, "{sad}", "[0:0]={sad}"), 0);
  EXPECT_EQ(enum_array_collation_name(16385), "pg_enum_array_16385");
  EXPECT_EQ(enum_array_collation_oid("pg_enum_array_16385"), std::optional<oid_t>(16385));
  EXPECT_EQ(enum_collation_oid("pg_enum_array_16385"), std::nullopt);
}

TEST(UserTypeSet, FindsByNameInItsSchemaAndByOid) {
  user_type_set set;
  set.types.push_back(user_type{16385, 0, "public", "mood", 'e'});
  set.types.push_back(user_type{16386, 0, "sales", "mood", 'e'});
  EXPECT_EQ(set.find("", "mood")->oid, 16385u);
  EXPECT_EQ(set.find("public", "mood")->oid, 16385u);
  EXPECT_EQ(set.find("sales", "mood")->oid, 16386u);
  EXPECT_EQ(set.find("other", "mood"), nullptr);
  EXPECT_EQ(set.find(16386)->display_name(), "sales.mood");
}

// The type a parameter declared with a user type's OID is read as.
TEST(UserTypeValues, EachUserTypeAndItsArrayTypeReadAsTheirColumns) {
  user_type_set set;
  user_type mood;
  mood.oid = 16390;
  mood.array_oid = 16389;
  mood.name = "mood";
  mood.kind = 'e';
  set.types.push_back(mood);
  user_type price;
  price.oid = 16385;
  price.array_oid = 16384;
  price.name = "price";
  price.kind = 'd';
  price.base = builtin_column_type(1700, (12 << 16 | 2) + 4);
  set.types.push_back(price);
  EXPECT_EQ(set.value_type_of(16390)->oid, 16390u);
  EXPECT_EQ(set.value_type_of(16389)->oid, 16389u);
  EXPECT_EQ(set.value_type_of(16389)->name, "mood[]");
  EXPECT_EQ(set.value_type_of(16385)->oid, 1700u);  // the domain: its base type
  const auto array = set.value_type_of(16384);      // _price: numeric[] seen as _price
  ASSERT_TRUE(array.has_value());
  EXPECT_EQ(array->oid, 1231u);
  EXPECT_EQ(array->client_oid(), 16384u);
  EXPECT_EQ(array->domain_array->domain_oid, 16385u);
  EXPECT_FALSE(set.value_type_of(25).has_value());
}

}  // namespace
}  // namespace tributary
