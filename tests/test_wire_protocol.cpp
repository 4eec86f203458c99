// Wire protocol 3.0, server side: startup packets and frontend messages are
// decoded from real bytes; every backend message is checked byte for byte.
#include <gtest/gtest.h>

#include <string>

#include "cli/server/wire_protocol.hpp"

using namespace tributary;
using namespace tributary::wire;

namespace {

std::string be32(int32_t v) {
  auto u = static_cast<uint32_t>(v);
  return {static_cast<char>(u >> 24), static_cast<char>(u >> 16), static_cast<char>(u >> 8),
          static_cast<char>(u)};
}

std::string be16(int16_t v) {
  auto u = static_cast<uint16_t>(v);
  return {static_cast<char>(u >> 8), static_cast<char>(u)};
}

std::string cstr(const std::string& s) { return s + std::string(1, '\0'); }

// A complete backend message: type, length (including itself), payload.
std::string framed(char type, const std::string& payload) {
  return std::string(1, type) + be32(static_cast<int32_t>(payload.size() + 4)) + payload;
}

}  // namespace

TEST(StartupPacket, StartupMessageCarriesParametersInOrder) {
  std::string body = be32(protocol_3_0) + cstr("user") + cstr("alice") + cstr("database") +
                     cstr("shop") + cstr("application_name") + cstr("psql") + cstr("");
  auto packet = parse_startup_packet(body);
  ASSERT_TRUE(packet.ok()) << packet.error().message;
  const auto& m = std::get<startup_message>(*packet);
  EXPECT_EQ(m.protocol, protocol_3_0);
  ASSERT_EQ(m.parameters.size(), 3u);
  EXPECT_EQ(m.parameter("user"), "alice");
  EXPECT_EQ(m.parameter("database"), "shop");
  EXPECT_EQ(m.parameters[2].first, "application_name");
  EXPECT_FALSE(m.parameter("options").has_value());
}

TEST(StartupPacket, ProtocolExtensionOptionsAreKeptApart) {
  std::string body = be32(protocol_3_0 + 1) + cstr("user") + cstr("a") + cstr("_pq_.compression") +
                     cstr("on") + cstr("");
  auto packet = parse_startup_packet(body);
  ASSERT_TRUE(packet.ok());
  const auto& m = std::get<startup_message>(*packet);
  EXPECT_EQ(m.protocol & 0xffff, 1);
  ASSERT_EQ(m.protocol_options.size(), 1u);
  EXPECT_EQ(m.protocol_options[0], "_pq_.compression");
  EXPECT_EQ(m.parameters.size(), 1u);
}

TEST(StartupPacket, SslAndGssEncRequestsAreRecognized) {
  auto ssl = parse_startup_packet(be32(ssl_request_code));
  ASSERT_TRUE(ssl.ok());
  EXPECT_TRUE(std::holds_alternative<ssl_request>(*ssl));
  auto gss = parse_startup_packet(be32(gssenc_request_code));
  ASSERT_TRUE(gss.ok());
  EXPECT_TRUE(std::holds_alternative<gssenc_request>(*gss));
}

TEST(StartupPacket, SslRequestWithExtraBytesIsProtocolViolation) {
  auto r = parse_startup_packet(be32(ssl_request_code) + "x");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().sqlstate, "08P01");
  EXPECT_EQ(r.error().severity, "FATAL");
}

TEST(StartupPacket, CancelRequestCarriesProcessIdAndKey) {
  auto r = parse_startup_packet(be32(cancel_request_code) + be32(4242) + be32(-7));
  ASSERT_TRUE(r.ok());
  const auto& c = std::get<cancel_request>(*r);
  EXPECT_EQ(c.process_id, 4242);
  EXPECT_EQ(c.secret_key, -7);
}

TEST(StartupPacket, ShortCancelRequestIsProtocolViolation) {
  auto r = parse_startup_packet(be32(cancel_request_code) + be32(4242));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().sqlstate, "08P01");
}

TEST(StartupPacket, ProtocolTwoIsRefusedWithFeatureNotSupported) {
  auto r = parse_startup_packet(be32(2 << 16) + cstr(""));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().sqlstate, "0A000");
  EXPECT_EQ(r.error().message, "unsupported frontend protocol 2.0: server supports 3.0 to 3.0");
}

TEST(StartupPacket, MissingFinalTerminatorIsProtocolViolation) {
  auto r = parse_startup_packet(be32(protocol_3_0) + cstr("user") + cstr("a"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().sqlstate, "08P01");
  EXPECT_NE(r.error().message.find("expected terminator"), std::string::npos);
}

TEST(StartupPacket, ValueWithoutTerminatorIsProtocolViolation) {
  auto r = parse_startup_packet(be32(protocol_3_0) + cstr("user") + "abc");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().sqlstate, "08P01");
}

TEST(StartupPacket, TooShortForTheCodeIsProtocolViolation) {
  auto r = parse_startup_packet("ab");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().sqlstate, "08P01");
}

TEST(FrontendMessage, QueryCarriesItsText) {
  auto r = parse_frontend_message('Q', cstr("SELECT 1; SELECT 2"));
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(std::get<query_message>(*r).sql, "SELECT 1; SELECT 2");
}

TEST(FrontendMessage, QueryWithTrailingBytesIsProtocolViolation) {
  auto r = parse_frontend_message('Q', cstr("SELECT 1") + "x");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().sqlstate, "08P01");
  EXPECT_EQ(r.error().message, "invalid Query message format");
}

TEST(FrontendMessage, ParseCarriesNameTextAndParameterTypes) {
  auto r = parse_frontend_message('P', cstr("s1") + cstr("SELECT $1, $2") + be16(2) + be32(23) + be32(0));
  ASSERT_TRUE(r.ok());
  const auto& p = std::get<parse_message>(*r);
  EXPECT_EQ(p.statement_name, "s1");
  EXPECT_EQ(p.sql, "SELECT $1, $2");
  EXPECT_EQ(p.parameter_types, (std::vector<uint32_t>{23, 0}));
}

TEST(FrontendMessage, ParseWithMoreTypesThanBytesIsProtocolViolation) {
  auto r = parse_frontend_message('P', cstr("") + cstr("SELECT 1") + be16(3) + be32(23));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().sqlstate, "08P01");
}

TEST(FrontendMessage, BindCarriesFormatsValuesNullsAndResultFormats) {
  std::string body = cstr("portal") + cstr("stmt") + be16(1) + be16(0) + be16(3) + be32(2) +
                     "42" + be32(-1) + be32(0) + be16(1) + be16(0);
  auto r = parse_frontend_message('B', body);
  ASSERT_TRUE(r.ok()) << r.error().message;
  const auto& b = std::get<bind_message>(*r);
  EXPECT_EQ(b.portal_name, "portal");
  EXPECT_EQ(b.statement_name, "stmt");
  ASSERT_EQ(b.parameters.size(), 3u);
  EXPECT_EQ(b.parameters[0], std::optional<std::string>("42"));
  EXPECT_FALSE(b.parameters[1].has_value());
  EXPECT_EQ(b.parameters[2], std::optional<std::string>(""));
  EXPECT_EQ(b.result_formats, std::vector<int16_t>{0});
  EXPECT_EQ(parameter_format(b, 2), 0);
}

TEST(FrontendMessage, BindFormatRulesFollowTheProtocol) {
  bind_message none;
  none.parameters.resize(2);
  EXPECT_EQ(parameter_format(none, 1), 0);
  bind_message one_for_all = none;
  one_for_all.parameter_formats = {1};
  EXPECT_EQ(parameter_format(one_for_all, 1), 1);
  bind_message each = none;
  each.parameter_formats = {0, 1};
  EXPECT_EQ(parameter_format(each, 0), 0);
  EXPECT_EQ(parameter_format(each, 1), 1);
}

TEST(FrontendMessage, BindValueLongerThanTheMessageIsProtocolViolation) {
  std::string body = cstr("") + cstr("") + be16(0) + be16(1) + be32(100) + "abc" + be16(0);
  auto r = parse_frontend_message('B', body);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().sqlstate, "08P01");
  EXPECT_EQ(r.error().message, "insufficient data left in message");
}

TEST(FrontendMessage, BindWithFormatCountNotMatchingValuesIsProtocolViolation) {
  std::string body = cstr("") + cstr("") + be16(2) + be16(0) + be16(0) + be16(1) + be32(1) + "x" +
                     be16(0);
  auto r = parse_frontend_message('B', body);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "bind message has 2 parameter formats but 1 parameters");
}

TEST(FrontendMessage, DescribeAndCloseCarryKindAndName) {
  auto d = parse_frontend_message('D', "P" + cstr("cur"));
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(std::get<describe_message>(*d).kind, 'P');
  EXPECT_EQ(std::get<describe_message>(*d).name, "cur");
  auto c = parse_frontend_message('C', "S" + cstr("s1"));
  ASSERT_TRUE(c.ok());
  EXPECT_EQ(std::get<close_message>(*c).kind, 'S');
  EXPECT_EQ(std::get<close_message>(*c).name, "s1");
}

TEST(FrontendMessage, DescribeOfUnknownKindIsProtocolViolation) {
  auto d = parse_frontend_message('D', "X" + cstr("cur"));
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.error().sqlstate, "08P01");
}

TEST(FrontendMessage, ExecuteCarriesPortalAndRowLimit) {
  auto r = parse_frontend_message('E', cstr("") + be32(10));
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(std::get<execute_message>(*r).portal_name, "");
  EXPECT_EQ(std::get<execute_message>(*r).max_rows, 10);
}

TEST(FrontendMessage, SyncFlushAndTerminateHaveNoBody) {
  EXPECT_TRUE(std::holds_alternative<sync_message>(*parse_frontend_message('S', "")));
  EXPECT_TRUE(std::holds_alternative<flush_message>(*parse_frontend_message('H', "")));
  EXPECT_TRUE(std::holds_alternative<terminate_message>(*parse_frontend_message('X', "")));
  auto r = parse_frontend_message('S', "x");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "invalid Sync message format");
}

TEST(FrontendMessage, UnknownTypeIsReportedAsUnsupported) {
  auto r = parse_frontend_message('F', "whatever");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(std::get<unsupported_message>(*r).type, 'F');
}

TEST(BackendMessage, AuthenticationOkBytes) {
  EXPECT_EQ(authentication_ok(), framed('R', be32(0)));
}

TEST(BackendMessage, ParameterStatusBytes) {
  EXPECT_EQ(parameter_status("server_version", "15.0"),
            framed('S', cstr("server_version") + cstr("15.0")));
}

TEST(BackendMessage, BackendKeyDataBytes) {
  EXPECT_EQ(backend_key_data(1234, -5), framed('K', be32(1234) + be32(-5)));
}

TEST(BackendMessage, ReadyForQueryBytes) {
  EXPECT_EQ(ready_for_query('T'), framed('Z', "T"));
}

TEST(BackendMessage, RowDescriptionBytes) {
  field_description a;
  a.name = "a";
  a.type_oid = 20;
  a.type_size = 8;
  field_description b;
  b.name = "b";
  std::string expected = be16(2) + cstr("a") + be32(0) + be16(0) + be32(20) + be16(8) + be32(-1) +
                         be16(0) + cstr("b") + be32(0) + be16(0) + be32(25) + be16(-1) + be32(-1) +
                         be16(0);
  EXPECT_EQ(row_description({a, b}), framed('T', expected));
}

TEST(BackendMessage, DataRowBytesWithNull) {
  std::string expected = be16(3) + be32(1) + "1" + be32(-1) + be32(0);
  EXPECT_EQ(data_row({std::string("1"), std::nullopt, std::string()}), framed('D', expected));
}

TEST(BackendMessage, CommandCompleteAndEmptyQueryBytes) {
  EXPECT_EQ(command_complete("INSERT 0 1"), framed('C', cstr("INSERT 0 1")));
  EXPECT_EQ(empty_query_response(), framed('I', ""));
}

TEST(BackendMessage, ErrorResponseCarriesEveryFieldSet) {
  pg_error e = make_pg_error("42601", "syntax error at or near \"FROM\"", "some detail", "a hint");
  e.position = 15;
  std::string expected = "S" + cstr("ERROR") + "V" + cstr("ERROR") + "C" + cstr("42601") + "M" +
                         cstr("syntax error at or near \"FROM\"") + "D" + cstr("some detail") + "H" +
                         cstr("a hint") + "P" + cstr("15") + std::string(1, '\0');
  EXPECT_EQ(error_response(e), framed('E', expected));
}

TEST(BackendMessage, ErrorResponseLeavesOutEmptyFields) {
  pg_error e = make_pg_error("28000", "role \"x\" does not exist");
  e.severity = "FATAL";
  std::string expected = "S" + cstr("FATAL") + "V" + cstr("FATAL") + "C" + cstr("28000") + "M" +
                         cstr("role \"x\" does not exist") + std::string(1, '\0');
  EXPECT_EQ(error_response(e), framed('E', expected));
}

TEST(BackendMessage, NoticeResponseUsesTheNoticeSeverity) {
  pg_error n = make_pg_error("25001", "there is already a transaction in progress");
  n.severity = "WARNING";
  std::string expected = "S" + cstr("WARNING") + "V" + cstr("WARNING") + "C" + cstr("25001") + "M" +
                         cstr("there is already a transaction in progress") + std::string(1, '\0');
  EXPECT_EQ(notice_response(n), framed('N', expected));
}

TEST(BackendMessage, ExtendedProtocolAcknowledgementBytes) {
  EXPECT_EQ(parse_complete(), framed('1', ""));
  EXPECT_EQ(bind_complete(), framed('2', ""));
  EXPECT_EQ(close_complete(), framed('3', ""));
  EXPECT_EQ(no_data(), framed('n', ""));
  EXPECT_EQ(portal_suspended(), framed('s', ""));
}

TEST(BackendMessage, ParameterDescriptionBytes) {
  EXPECT_EQ(parameter_description({25, 23}), framed('t', be16(2) + be32(25) + be32(23)));
}

TEST(BackendMessage, NegotiateProtocolVersionBytes) {
  EXPECT_EQ(negotiate_protocol_version(0, {"_pq_.x"}),
            framed('v', be32(0) + be32(1) + cstr("_pq_.x")));
}

TEST(FrontendMessage, LengthLimitsAreKnownPerTypeAndUnknownTypesHaveNone) {
  EXPECT_EQ(frontend_message_body_limit('Q'), large_message_limit - 4);
  EXPECT_EQ(frontend_message_body_limit('B'), large_message_limit - 4);
  EXPECT_EQ(frontend_message_body_limit('S'), small_message_limit - 4);
  EXPECT_EQ(frontend_message_body_limit('X'), small_message_limit - 4);
  EXPECT_FALSE(frontend_message_body_limit('p').has_value());
  EXPECT_FALSE(frontend_message_body_limit('\0').has_value());
}

// Every string PostgreSQL reads with pq_getmsgstring is checked as client text.
TEST(FrontendMessage, EncodingCheckCoversQueryTextAndEveryName) {
  const std::string bad = "x\xff";
  const std::vector<frontend_message> refused = {
      query_message{bad},
      parse_message{bad, "SELECT 1", {}},
      parse_message{"", bad, {}},
      bind_message{bad, "", {}, {}, {}},
      bind_message{"", bad, {}, {}, {}},
      describe_message{'S', bad},
      close_message{'P', bad},
      execute_message{bad, 0}};
  for (const auto& m : refused) {
    auto r = check_message_encoding(m);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().sqlstate, "22021");
    EXPECT_EQ(r.error().message, "invalid byte sequence for encoding \"UTF8\": 0xff");
  }
  // Bind parameter values are checked where they are decoded (with their CONTEXT).
  EXPECT_TRUE(check_message_encoding(bind_message{"", "", {}, {std::string(bad)}, {}}));
  EXPECT_TRUE(check_message_encoding(query_message{"SELECT 'caf\xc3\xa9'"}));
  EXPECT_TRUE(check_message_encoding(sync_message{}));
}
