// Composite values under session settings, arrays of records (array_recv /
// array_send with the record codec), nested composites, the type description a
// query carries to pg_record_out, and the rewrite of stored records after ALTER TYPE
// ... ADD / DROP ATTRIBUTE: PostgreSQL 15's texts and bytes.
#include <gtest/gtest.h>

#include "stages/core/row_type_oid.hpp"
#include "stages/types/type_codec.hpp"
#include "stages/types/value_io.hpp"
#include "stages/types/verbatim/record_rewrite.hpp"
#include "stages/types/verbatim/record_type_description.hpp"

namespace tributary {
namespace {

std::shared_ptr<const column_type> shared(column_type type) {
  return std::make_shared<const column_type>(std::move(type));
}

// CREATE TYPE ev AS (at timestamptz, d date, iv interval, f float8)
column_type ev_type() {
  column_type type;
  type.name = "ev";
  type.record_fields = std::make_shared<const std::vector<record_field>>(
      std::vector<record_field>{{"at", 1184, -1}, {"d", 1082, -1}, {"iv", 1186, -1}, {"f", 701, -1}});
  return type;
}

column_type array_of(const column_type& element) {
  column_type type;
  type.name = element.name + "[]";
  type.record_element = shared(element);
  return type;
}

// CREATE TYPE wrap AS (e ev, es ev[], n int)
column_type wrap_type() {
  column_type type;
  type.name = "wrap";
  type.record_fields = std::make_shared<const std::vector<record_field>>(std::vector<record_field>{
      {"e", 0, -1, shared(ev_type())}, {"es", 0, -1, shared(array_of(ev_type()))}, {"n", 23, -1}});
  return type;
}

type_settings session(std::string zone) {
  type_settings s;
  s.time_zone = std::move(zone);
  return s;
}

std::string be32(uint32_t v) {
  return {static_cast<char>(v >> 24), static_cast<char>(v >> 16), static_cast<char>(v >> 8), static_cast<char>(v)};
}

std::string text_of(const result<sql_value, pg_error>& stored) {
  EXPECT_TRUE(stored.ok()) << (stored.ok() ? "" : stored.error().message);
  return stored.ok() ? std::get<std::string>(*stored) : "";
}

TEST(RecordSessions, AFieldWithoutAZoneIsReadInTheWritersZoneAndPrintedInTheReaders) {
  const column_type ev = ev_type();
  auto stored = parse_text_value(ev, "(\"2024-02-29 06:45:30\",2024-03-01,\"1 day\",0.1)", session("America/New_York"));
  EXPECT_EQ(text_of(stored), "(\"2024-02-29 11:45:30+00\",2024-03-01,\"1 day\",0.1)") << "kept as the publisher prints it";
  EXPECT_EQ(*format_text_value(ev, *stored, session("Asia/Kolkata")), "(\"2024-02-29 17:15:30+05:30\",2024-03-01,\"1 day\",0.1)");
  EXPECT_EQ(*format_text_value(ev, *stored, publisher_type_settings()), text_of(stored));
  type_settings german = session("UTC");
  german.date_style = date_output_style::german;
  german.intervals = interval_style::iso_8601;
  german.extra_float_digits = 0;
  EXPECT_EQ(*format_text_value(ev, *stored, german), "(\"29.02.2024 11:45:30 UTC\",01.03.2024,P1D,0.1)");
}

TEST(RecordSessions, NestedRecordsAndArraysOfRecordsPrintInTheReadersZone) {
  const std::string e = "(\"\"2024-02-29 11:45:30+00\"\",,,)";
  const std::string stored = "(\"" + e + "\",\"{\"\"(\\\\\"\"2024-07-01 10:00:00+00\\\\\"\",,,)\"\",NULL}\",7)";
  const column_type wrap = wrap_type();
  ASSERT_EQ(text_of(parse_text_value(wrap, stored, publisher_type_settings())), stored);
  EXPECT_EQ(*format_text_value(wrap, sql_value{stored}, session("Asia/Tokyo")),
            "(\"(\"\"2024-02-29 20:45:30+09\"\",,,)\",\"{\"\"(\\\\\"\"2024-07-01 19:00:00+09\\\\\"\",,,)\"\",NULL}\",7)");
  const column_type evs = array_of(ev_type());
  EXPECT_EQ(*format_text_value(evs, sql_value{std::string("{\"(\\\"2024-07-01 10:00:00+00\\\",,,)\"}")},
                              session("America/Sao_Paulo")),
            "{\"(\\\"2024-07-01 07:00:00-03\\\",,,)\"}");
}

TEST(RecordArrays, ArrayRecvOfRecordsTakesThePublishersTypeOidsAndSendsTheLocalOnes) {
  const column_type evs = array_of(ev_type());
  const std::string record = be32(4) + be32(1184) + be32(0xFFFFFFFFu) + be32(1082) + be32(4) + be32(0) +
                             be32(1186) + be32(0xFFFFFFFFu) + be32(701) + be32(0xFFFFFFFFu);
  const std::string sent = be32(1) + be32(1) + be32(16999) + be32(2) + be32(1) + be32(static_cast<uint32_t>(record.size())) +
                           record + be32(0xFFFFFFFFu);
  auto stored = parse_binary_value(evs, sent);
  EXPECT_EQ(text_of(stored), "{\"(,2000-01-01,,)\",NULL}");
  std::string expected = sent;
  expected.replace(8, 4, be32(static_cast<uint32_t>(table_row_type_oid("ev"))));
  EXPECT_EQ(**format_binary_value(evs, *stored), expected);
  EXPECT_TRUE(has_binary_input(evs));
  EXPECT_TRUE(has_binary_input(wrap_type()));
}

TEST(RecordArrays, ANestedRecordTakesAnyUserTypeOidButABuiltInFieldMustMatch) {
  std::string fields = be32(4);
  for (uint32_t oid : {1184u, 1082u, 1186u, 701u})
    fields += be32(oid) + be32(0xFFFFFFFFu);
  const std::string sent = be32(3) + be32(20000) + be32(static_cast<uint32_t>(fields.size())) + fields + be32(20001) +
                           be32(0xFFFFFFFFu) + be32(23) + be32(4) + be32(5);
  EXPECT_EQ(text_of(parse_binary_value(wrap_type(), sent)), "(\"(,,,)\",,5)");
  std::string wrong = sent;
  wrong.replace(wrong.size() - 12, 4, be32(20));
  auto refused = parse_binary_value(wrap_type(), wrong);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().message, "binary data has type 20 (bigint) instead of expected 23 (integer) in record column 3");
}

TEST(RecordTypeDescription, NestedTypesRoundTrip) {
  const std::string text = describe_record_type(wrap_type());
  EXPECT_EQ(text, "((1184:-1,1082:-1,1186:-1,701:-1),[(1184:-1,1082:-1,1186:-1,701:-1)],23:-1)");
  auto read = read_record_type_description(text);
  ASSERT_TRUE(read);
  EXPECT_EQ(describe_record_type(*read), text);
  EXPECT_EQ(describe_record_type(array_of(ev_type())), "[(1184:-1,1082:-1,1186:-1,701:-1)]");
  for (const char* bad : {"", "(", "(1:)", "23:-1", "((1:1)", "[1:1]", "(1:1))"})
    EXPECT_FALSE(read_record_type_description(bad)) << bad;
}

TEST(RecordRewrite, EveryRecordOfTheTargetTypeIsEditedAtAnyDepth) {
  const auto drop_first_add_null = [](std::vector<std::optional<std::string>> fields) {
    fields.erase(fields.begin());
    fields.emplace_back(std::nullopt);
    return fields;
  };
  const column_type wrap = wrap_type();
  EXPECT_TRUE(contains_records(wrap, "ev"));
  EXPECT_FALSE(contains_records(wrap, "pair"));
  EXPECT_EQ(rewrite_records(wrap, "(\"(a,b,c,d)\",\"{\"\"(e,f,g,h)\"\",NULL}\",1)", "ev", drop_first_add_null),
            "(\"(b,c,d,)\",\"{\"\"(f,g,h,)\"\",NULL}\",1)");
  EXPECT_EQ(rewrite_records(ev_type(), "(a,b,c,d)", "ev", drop_first_add_null), "(b,c,d,)");
  EXPECT_FALSE(rewrite_records(wrap, "(,,1)", "ev", drop_first_add_null)) << "no record of the type in it";
  EXPECT_FALSE(rewrite_records(wrap, "junk", "ev", drop_first_add_null));
}

}  // namespace
}  // namespace tributary
