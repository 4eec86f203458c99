#include <gtest/gtest.h>

#include "stages/core/pg_bool.hpp"
#include "stages/core/subscription_options.hpp"

using namespace tributary;

namespace {

result<subscription_options, pg_error> create_with(std::vector<option_item> items) {
  return parse_subscription_options(items, supported_options::create_subscription);
}

option_item opt(std::string name, std::optional<std::string> value = std::nullopt) {
  return option_item{std::move(name), std::move(value), 0};
}

void expect_error(const result<subscription_options, pg_error>& r, const std::string& sqlstate,
                  const std::string& message) {
  ASSERT_FALSE(r) << "expected: " << message;
  EXPECT_EQ(r.error().sqlstate, sqlstate);
  EXPECT_EQ(r.error().message, message);
}

}  // namespace

TEST(SubscriptionOptions, DefaultsFollowTheSpec) {
  auto r = create_with({});
  ASSERT_TRUE(r);
  EXPECT_TRUE(r->connect);
  EXPECT_TRUE(r->enabled);
  EXPECT_TRUE(r->create_slot);
  EXPECT_FALSE(r->slot_name);
  EXPECT_FALSE(r->slot_name_is_none);
  EXPECT_TRUE(r->copy_data);
  EXPECT_FALSE(r->binary);
  EXPECT_EQ(r->origin, "any");
  EXPECT_FALSE(r->disable_on_error);
  EXPECT_TRUE(r->password_required);
  EXPECT_EQ(r->synchronous_commit, "off");
  EXPECT_FALSE(r->two_phase);
  EXPECT_EQ(r->specified, 0u);
}

TEST(SubscriptionOptions, BooleansTakePostgreSQLSpellings) {
  auto r = create_with({opt("binary"), opt("copy_data", "off"), opt("disable_on_error", "TRUE"),
                        opt("run_as_owner", "1"), opt("failover", "0")});
  ASSERT_TRUE(r);
  EXPECT_TRUE(r->binary) << "a boolean option without a value means true";
  EXPECT_FALSE(r->copy_data);
  EXPECT_TRUE(r->disable_on_error);
  EXPECT_TRUE(r->run_as_owner);
  EXPECT_FALSE(r->failover);
}

TEST(SubscriptionOptions, NonBooleanValueIsASyntaxError) {
  expect_error(create_with({opt("binary", "maybe")}), "42601", "binary requires a Boolean value");
  expect_error(create_with({opt("enabled", "2")}), "42601", "enabled requires a Boolean value");
}

TEST(SubscriptionOptions, UnknownAndRepeatedOptionsAreRejected) {
  expect_error(create_with({opt("bogus", "1")}), "42601", "unrecognized subscription parameter: \"bogus\"");
  expect_error(create_with({opt("binary"), opt("binary", "false")}), "42601",
               "conflicting or redundant options");
  expect_error(parse_subscription_options({opt("copy_data", "true")}, supported_options::alter_set),
               "42601", "unrecognized subscription parameter: \"copy_data\"");
}

TEST(SubscriptionOptions, ConnectFalseTurnsOffEnabledCreateSlotAndCopyData) {
  auto r = create_with({opt("connect", "false")});
  ASSERT_TRUE(r);
  EXPECT_FALSE(r->enabled);
  EXPECT_FALSE(r->create_slot);
  EXPECT_FALSE(r->copy_data);
}

TEST(SubscriptionOptions, ConnectFalseWithAnyOfThemTrueIsAnError) {
  expect_error(create_with({opt("connect", "false"), opt("enabled", "true")}), "42601",
               "connect = false and enabled = true are mutually exclusive options");
  expect_error(create_with({opt("connect", "false"), opt("create_slot", "true")}), "42601",
               "connect = false and create_slot = true are mutually exclusive options");
  expect_error(create_with({opt("connect", "false"), opt("copy_data", "true")}), "42601",
               "connect = false and copy_data = true are mutually exclusive options");
}

TEST(SubscriptionOptions, SlotNameNoneNeedsEnabledAndCreateSlotFalse) {
  expect_error(create_with({opt("slot_name", "none")}), "42601",
               "subscription with slot_name = NONE must also set enabled = false");
  expect_error(create_with({opt("slot_name", "none"), opt("enabled", "false")}), "42601",
               "subscription with slot_name = NONE must also set create_slot = false");
  expect_error(create_with({opt("slot_name", "none"), opt("enabled", "true")}), "42601",
               "slot_name = NONE and enabled = true are mutually exclusive options");
  expect_error(create_with({opt("slot_name", "none"), opt("enabled", "false"), opt("create_slot", "true")}),
               "42601", "slot_name = NONE and create_slot = true are mutually exclusive options");
  auto ok = create_with({opt("slot_name", "none"), opt("enabled", "false"), opt("create_slot", "false")});
  ASSERT_TRUE(ok);
  EXPECT_TRUE(ok->slot_name_is_none);
  EXPECT_FALSE(ok->slot_name);
}

TEST(SubscriptionOptions, SlotNamesAreValidatedAsPostgreSQLDoes) {
  auto good = create_with({opt("slot_name", "my_slot_1")});
  ASSERT_TRUE(good);
  EXPECT_EQ(*good->slot_name, "my_slot_1");
  expect_error(create_with({opt("slot_name", "My-Slot")}), "42602",
               "replication slot name \"My-Slot\" contains invalid character");
  expect_error(create_with({opt("slot_name", std::string(64, 'a'))}), "42622",
               "replication slot name \"" + std::string(64, 'a') + "\" is too long");
  expect_error(create_with({opt("slot_name", "")}), "42602", "replication slot name \"\" is too short");
}

TEST(SubscriptionOptions, StreamingTakesBooleansOrParallel) {
  EXPECT_EQ(create_with({opt("streaming", "off")})->streaming, 'f');
  EXPECT_EQ(create_with({opt("streaming", "on")})->streaming, 't');
  EXPECT_EQ(create_with({opt("streaming", "parallel")})->streaming, 'p');
  EXPECT_EQ(create_with({opt("streaming", "true")})->streaming, 't');
  EXPECT_EQ(create_with({opt("streaming", "0")})->streaming, 'f');
  expect_error(create_with({opt("streaming", "sometimes")}), "42601",
               "streaming requires a Boolean value or \"parallel\"");
}

TEST(SubscriptionOptions, StreamingIsParallelUnlessGivenAsInPostgreSQL18) {
  auto defaults = create_with({});
  ASSERT_TRUE(defaults);
  EXPECT_EQ(defaults->streaming, 'p');
  EXPECT_FALSE(defaults->is_specified(option_set::streaming));
}

TEST(SubscriptionOptions, OriginIsAnyOrNone) {
  EXPECT_EQ(create_with({opt("origin", "NONE")})->origin, "none");
  expect_error(create_with({opt("origin", "elsewhere")}), "22023", "unrecognized origin value: \"elsewhere\"");
}

TEST(SubscriptionOptions, SynchronousCommitTakesTheGucValues) {
  EXPECT_EQ(create_with({opt("synchronous_commit", "remote_apply")})->synchronous_commit, "remote_apply");
  expect_error(create_with({opt("synchronous_commit", "sometimes")}), "22023",
               "invalid value for parameter \"synchronous_commit\": \"sometimes\"");
}

TEST(SubscriptionOptions, OnlyTwoPhaseFalseIsAccepted) {
  EXPECT_TRUE(create_with({opt("two_phase", "false")}));
  auto refused = create_with({opt("two_phase", "true")});
  expect_error(refused, "0A000", "two_phase = true is not supported");
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().detail.find("when the publisher commits it (COMMIT PREPARED)"), std::string::npos);
  EXPECT_NE(refused.error().hint.find("Not supported yet"), std::string::npos) << "points at the README's limits";
}

TEST(SubscriptionOptions, SkipTakesAnLsnOrNone) {
  auto r = parse_subscription_options({opt("lsn", "0/14C0378")}, supported_options::skip);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->skip_lsn, lsn::parse("0/14C0378"));
  auto none = parse_subscription_options({opt("lsn", "NONE")}, supported_options::skip);
  ASSERT_TRUE(none);
  EXPECT_FALSE(none->skip_lsn);
  auto bad = parse_subscription_options({opt("lsn", "xyz")}, supported_options::skip);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().sqlstate, "22P02");
  EXPECT_EQ(bad.error().message, "invalid input syntax for type pg_lsn: \"xyz\"");
}

TEST(SubscriptionOptions, OptionNamesAreCaseInsensitive) {
  auto r = create_with({opt("Copy_Data", "false")});
  ASSERT_TRUE(r);
  EXPECT_FALSE(r->copy_data);
}

TEST(PgBool, AcceptsEverySpellingOfParseBool) {
  for (auto t : {"t", "true", "TRUE", "y", "yes", "on", "1", " true "})
    EXPECT_EQ(parse_pg_bool(t), true) << t;
  for (auto f : {"f", "false", "n", "no", "off", "of", "0"})
    EXPECT_EQ(parse_pg_bool(f), false) << f;
  for (auto bad : {"", "o", "2", "yess", "truth"})
    EXPECT_FALSE(parse_pg_bool(bad).has_value()) << bad;
}
