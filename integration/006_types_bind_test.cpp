// 006_types_bind: a Bind parameter in binary format (the type's send format) is
// read by the type layer's one binary codec for every type it knows, giving the
// value PostgreSQL gives.
//
// Differential against a real PostgreSQL 15: the binary bytes of each value come
// from PostgreSQL itself (a binary-format result of `SELECT '<value>'::type`); the
// same bytes are bound as a binary parameter of `SELECT $1` (its type declared by
// Parse) on both servers, and the text results must be the same, as must the
// error of bytes that are not the type's send format.
#include "integration/differential_test.hpp"

#include <cstdint>

namespace tributary::integration {
namespace {

class TypesBind : public DifferentialTest {
protected:
  // The parameter types a server describes for `sql` (declared: Parse's types),
  // then its result columns' types, by name.
  static std::vector<std::string> described(PGconn* c, const std::string& sql, std::vector<Oid> declared = {}) {
    std::vector<std::string> names;
    pg_result prepared(PQprepare(c, "", sql.c_str(), static_cast<int>(declared.size()),
                                 declared.empty() ? nullptr : declared.data()));
    if (PQresultStatus(prepared.get()) != PGRES_COMMAND_OK)
      return std::vector<std::string>{PQresultErrorMessage(prepared.get())};
    pg_result d(PQdescribePrepared(c, ""));
    for (int i = 0; i < PQnparams(d.get()); ++i) {
      const std::string sql = "SELECT typname FROM pg_type WHERE oid = " + std::to_string(PQparamtype(d.get(), i));
      pg_result name(PQexec(c, sql.c_str()));
      names.push_back(PQntuples(name.get()) == 1 ? PQgetvalue(name.get(), 0, 0) : "?");
    }
    for (int i = 0; i < PQnfields(d.get()); ++i) {
      const std::string sql = "SELECT typname FROM pg_type WHERE oid = " + std::to_string(PQftype(d.get(), i));
      pg_result name(PQexec(c, sql.c_str()));
      names.push_back("result " + std::string(PQntuples(name.get()) == 1 ? PQgetvalue(name.get(), 0, 0) : "?"));
    }
    return names;
  }

  // The send-format bytes of `literal` as `type`, from PostgreSQL.
  std::string send_bytes(PGconn* publisher, const std::string& literal, const std::string& type) {
    const std::string sql = "SELECT " + literal + "::" + type;
    pg_result r(PQexecParams(publisher, sql.c_str(), 0, nullptr, nullptr, nullptr, nullptr, 1));
    EXPECT_EQ(PQresultStatus(r.get()), PGRES_TUPLES_OK) << sql << PQresultErrorMessage(r.get());
    if (PQresultStatus(r.get()) != PGRES_TUPLES_OK)
      return "";
    return std::string(PQgetvalue(r.get(), 0, 0), static_cast<size_t>(PQgetlength(r.get(), 0, 0)));
  }

  // array_send bytes of a one-dimensional array: element type `element`, then the
  // elements, each already in its send format.
  static std::string array_bytes(uint32_t element, const std::vector<std::string>& values) {
    std::string b;
    const auto put = [&b](uint32_t v) {
      for (int shift : {24, 16, 8, 0})
        b += static_cast<char>((v >> shift) & 0xff);
    };
    for (uint32_t v : {1u, 0u, element, static_cast<uint32_t>(values.size()), 1u})
      put(v);
    for (const auto& v : values) {
      put(static_cast<uint32_t>(v.size()));
      b += v;
    }
    return b;
  }

  // A user type's OID and its array type's, on one server.
  static std::pair<uint32_t, uint32_t> type_and_array(PGconn* c, const std::string& name) {
    auto oids = exec(c, "SELECT oid, typarray FROM pg_type WHERE typname = '" + name + "'");
    return {static_cast<uint32_t>(std::stoul(PQgetvalue(oids.get(), 0, 0))),
            static_cast<uint32_t>(std::stoul(PQgetvalue(oids.get(), 0, 1)))};
  }

  // `sql` run with $1 = `value` of type `array` in `format` and $2 = `id` (int4, text):
  // "SQLSTATE message" of its error, else its first row's values.
  static std::string bound_answer(PGconn* c, const char* sql, uint32_t array, const std::string& value, int format,
                                  int id) {
    const std::string key = std::to_string(id);
    const Oid types[] = {array, 23};
    const char* params[] = {value.data(), key.c_str()};
    const int lengths[] = {static_cast<int>(value.size()), 0};
    const int formats[] = {format, 0};
    pg_result r(PQexecParams(c, sql, 2, types, params, lengths, formats, 0));
    const char* state = PQresultErrorField(r.get(), PG_DIAG_SQLSTATE);
    const char* message = PQresultErrorField(r.get(), PG_DIAG_MESSAGE_PRIMARY);
    std::string answer = std::string(state ? state : "") + " " + (message ? message : "");
    for (int i = 0; PQresultStatus(r.get()) == PGRES_TUPLES_OK && i < PQnfields(r.get()); ++i)
      answer += (i ? " " : "") + std::string(PQgetvalue(r.get(), 0, i));
    return answer;
  }

  // `SELECT $1` with `bytes` bound in binary as a parameter of type `oid`.
  static pg_result select_binary(PGconn* connection, uint32_t oid, const std::string& bytes) {
    const Oid types[] = {oid};
    const char* values[] = {bytes.data()};
    const int lengths[] = {static_cast<int>(bytes.size())};
    const int formats[] = {1};
    return pg_result(PQexecParams(connection, "SELECT $1", 1, types, values, lengths, formats, 0));
  }

  void expect_same_value(PGconn* publisher, uint32_t oid, const std::string& type,
                         const std::string& literal) {
    const std::string bytes = send_bytes(publisher, literal, type);
    auto mine = select_binary(local_.get(), oid, bytes);
    auto theirs = select_binary(publisher, oid, bytes);
    ASSERT_EQ(PQresultStatus(theirs.get()), PGRES_TUPLES_OK) << type << " " << literal;
    EXPECT_EQ(PQresultStatus(mine.get()), PGRES_TUPLES_OK)
        << type << " " << literal << ": " << PQresultErrorMessage(mine.get());
    EXPECT_EQ(rows_of(mine.get()), rows_of(theirs.get())) << type << " " << literal;
  }
};

TEST_F(TypesBind, BinaryParametersOfEveryTypeGiveThePostgresValues) {
  auto publisher = publisher_.connect();
  local_exec("SET TimeZone = 'America/New_York'");
  exec(publisher.get(), "SET TimeZone = 'America/New_York'");
  const struct {
    uint32_t oid;
    const char* type;
    std::vector<std::string> literals;
  } cases[] = {
      {21, "int2", {"'-32768'", "'7'"}},
      {23, "int4", {"'-2147483648'", "'42'"}},
      {20, "int8", {"'9223372036854775807'"}},
      {700, "float4", {"'1.1'", "'-0'", "'NaN'", "'Infinity'"}},
      {701, "float8", {"'0.30000000000000004'", "'-0'", "'-Infinity'", "'1e-310'"}},
      {1700, "numeric", {"'12345678901234567890.0123456789'", "'-0.10'", "'NaN'"}},
      {16, "bool", {"'t'", "'f'"}},
      {17, "bytea", {"'\\x00ff10'"}},
      {25, "text", {"'it''s'"}},
      {1082, "date", {"'2024-02-29'", "'4713-01-01 BC'", "'infinity'"}},
      {1114, "timestamp", {"'2024-02-29 13:45:30.123456'"}},
      {1184, "timestamptz", {"'2024-02-29 06:45:30-05'", "'-infinity'"}},
      {1083, "time", {"'23:59:59.999999'"}},
      {1266, "timetz", {"'13:45:30+02'"}},
      {1186, "interval", {"'1 year 2 mons -3 days 04:05:06.7'"}},
      {2950, "uuid", {"'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'"}},
      {114, "json", {"'{\"a\": 123.4500}'"}},
      {3802, "jsonb", {"'{\"b\": [1, 2], \"a\": null}'"}},
      {1007, "int4[]", {"'{1,NULL,3}'", "'[0:1]={5,6}'", "'{{1,2},{3,4}}'"}},
      {1009, "text[]", {"'{a,\"b c\",NULL}'"}},
      {869, "inet", {"'192.168.0.1/24'", "'::1'"}},
      {650, "cidr", {"'10.0.0.0/8'"}},
      {829, "macaddr", {"'08:00:2b:01:02:03'"}},
      {790, "money", {"'12.34'"}},
      {1560, "bit", {"B'00001111'"}},
      {1562, "varbit", {"B'0101'"}},
      {3904, "int4range", {"'[1,10)'", "'empty'"}},
      {3910, "tstzrange", {"'[2024-01-01 00:00+00,2024-02-01 00:00+00)'"}},
      {600, "point", {"'(1.5,2)'"}},
      {3614, "tsvector", {"'a fat cat'"}},
      {3220, "pg_lsn", {"'16/B374D848'"}},
      {26, "oid", {"'4294967295'"}},
  };
  for (const auto& c : cases)
    for (const auto& literal : c.literals)
      expect_same_value(publisher.get(), c.oid, c.type, literal);
}

// Binary results of a user's enum and an array of it: the label's bytes, and
// array_send with the enum's OID (each server's own, as its pg_type says) as the
// element type; RowDescription names the enum and its array type by pg_type's OIDs.
TEST_F(TypesBind, EnumsAndTheirArraysAreSentInBinaryAsPostgres) {
  auto publisher = publisher_.connect();
  const std::string setup =
      "CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy'); "
      "CREATE TABLE e (id int, m mood, ma mood[]); "
      "INSERT INTO e VALUES (1, 'ok', '{happy,NULL,sad}'), (2, NULL, '{{sad},{ok}}'), "
      "(3, 'happy', '{}'), (4, 'sad', '[0:1]={ok,ok}')";
  local_exec(setup);
  exec(publisher.get(), setup);
  const char* query = "SELECT m, ma FROM e ORDER BY id";
  std::vector<std::vector<std::string>> answers;
  for (PGconn* c : {local_.get(), publisher.get()}) {
    auto oids = exec(c, "SELECT oid, typarray FROM pg_type WHERE typname = 'mood'");
    ASSERT_EQ(PQntuples(oids.get()), 1);
    const auto enum_oid = static_cast<uint32_t>(std::stoul(PQgetvalue(oids.get(), 0, 0)));
    const auto array_oid = static_cast<uint32_t>(std::stoul(PQgetvalue(oids.get(), 0, 1)));
    pg_result r(PQexecParams(c, query, 0, nullptr, nullptr, nullptr, nullptr, 1));
    ASSERT_EQ(PQresultStatus(r.get()), PGRES_TUPLES_OK) << PQresultErrorMessage(r.get());
    EXPECT_EQ(PQftype(r.get(), 0), enum_oid);
    EXPECT_EQ(PQftype(r.get(), 1), array_oid);
    EXPECT_EQ(array_oid, enum_oid - 1);  // PostgreSQL's _mood: the OID just below mood's
    // RowDescription's typlen: 4 for the enum, -1 for its array type.
    std::vector<std::string> values{std::to_string(PQfsize(r.get(), 0)), std::to_string(PQfsize(r.get(), 1))};
    for (int row = 0; row < PQntuples(r.get()); ++row)
      for (int column = 0; column < 2; ++column) {
        if (PQgetisnull(r.get(), row, column)) {
          values.push_back("NULL");
          continue;
        }
        std::string bytes(PQgetvalue(r.get(), row, column),
                          static_cast<size_t>(PQgetlength(r.get(), row, column)));
        if (column == 1) {  // the element type: this server's enum
          ASSERT_GE(bytes.size(), 12u);
          const auto element = (uint32_t(uint8_t(bytes[8])) << 24) | (uint32_t(uint8_t(bytes[9])) << 16) |
                                (uint32_t(uint8_t(bytes[10])) << 8) | uint32_t(uint8_t(bytes[11]));
          EXPECT_EQ(element, enum_oid) << "row " << row;
          bytes.replace(8, 4, "oid.");
        }
        values.push_back(bytes);
      }
    answers.push_back(values);
  }
  EXPECT_EQ(answers[0], answers[1]);
}

// A parameter of a domain's array type (price[]): ParameterDescription names
// _price where the statement gives the parameter that type (a price[] column, a
// cast), and a binary value is read by array_recv for the domain as PostgreSQL 15
// reads it: the element type in its header is not checked against a user's type
// (1700, the domain's own, even 23), each element tested by the domain's CHECK.
// A built-in array refuses another built-in element type (42804).
TEST_F(TypesBind, ArraysOfADomainAreDescribedAndBoundAsPostgres) {
  auto publisher = publisher_.connect();
  const std::string setup = "CREATE DOMAIN price AS numeric(10,2) CHECK (VALUE > 0); "
                            "CREATE TABLE tp (id int PRIMARY KEY, p price[])";
  local_exec(setup);
  exec(publisher.get(), setup);
  for (const char* sql : {"INSERT INTO tp VALUES ($1, $2)", "UPDATE tp SET p = $1 WHERE id = $2",
                          "SELECT id FROM tp WHERE p = $1", "SELECT $1::price[]", "SELECT CAST($1 AS price[])"})
    EXPECT_EQ(described(local_.get(), sql), described(publisher.get(), sql)) << sql;
  // The elements in numeric's send format, from PostgreSQL.
  const std::string positive = send_bytes(publisher.get(), "'12.50'", "numeric");
  const std::string negative = send_bytes(publisher.get(), "'-1'", "numeric");
  int id = 0;
  for (uint32_t element : {1700u, 23u, 0u /* the domain's own OID */})
    for (const auto& values : {std::vector<std::string>{positive, positive}, std::vector<std::string>{negative}})
      for (const char* sql : {"SELECT $1::price[]", "INSERT INTO tp VALUES ($2, $1) RETURNING p"}) {
        ++id;
        std::vector<std::string> answers;
        for (PGconn* c : {local_.get(), publisher.get()}) {
          const auto [domain, array] = type_and_array(c, "price");
          answers.push_back(bound_answer(c, sql, array, array_bytes(element ? element : domain, values), 1, id));
        }
        EXPECT_EQ(answers[0], answers[1]) << sql << " element " << element;
      }
  // A built-in array: another built-in element type is refused.
  const std::string seven("\x00\x00\x00\x07", 4);
  for (uint32_t element : {23u, 25u, 1700u}) {
    auto mine = select_binary(local_.get(), 1007, array_bytes(element, {seven}));
    auto theirs = select_binary(publisher.get(), 1007, array_bytes(element, {seven}));
    for (int field : {PG_DIAG_SQLSTATE, PG_DIAG_MESSAGE_PRIMARY}) {
      const char* a = PQresultErrorField(mine.get(), field);
      const char* b = PQresultErrorField(theirs.get(), field);
      EXPECT_EQ(std::string(a ? a : "<none>"), std::string(b ? b : "<none>")) << element;
    }
    EXPECT_EQ(rows_of(mine.get()), rows_of(theirs.get())) << element;
  }
}

// A parameter of an array of a domain over an array (pos[], pos over int[]): described
// as _pos, and a value is read as PostgreSQL 15 reads it — in text, each element by
// int[]'s input; in binary, array_recv whose elements are int4[] array_sends — each
// element tested by the domain's CHECK (23514), at Bind for a binary one.
TEST_F(TypesBind, ArraysOfADomainOverAnArrayAreDescribedAndBoundAsPostgres) {
  auto publisher = publisher_.connect();
  const std::string setup = "CREATE DOMAIN pos AS int[] CHECK (VALUE[1] > 0); "
                            "CREATE TABLE tv (id int PRIMARY KEY, v pos[])";
  local_exec(setup);
  exec(publisher.get(), setup);
  for (const char* sql : {"INSERT INTO tv VALUES ($1, $2)", "SELECT id FROM tv WHERE v = $1", "SELECT $1::pos[]",
                          "SELECT v[1] FROM tv WHERE id = $1"})
    EXPECT_EQ(described(local_.get(), sql), described(publisher.get(), sql)) << sql;
  const std::string one_two = send_bytes(publisher.get(), "'{1,2}'", "int4[]");
  const std::string minus = send_bytes(publisher.get(), "'{-1}'", "int4[]");
  int id = 0;
  for (const auto& values : {std::vector<std::string>{one_two, one_two}, std::vector<std::string>{minus}})
    for (int format : {0, 1}) {
      ++id;
      std::vector<std::string> answers;
      for (PGconn* c : {local_.get(), publisher.get()}) {
        const auto [domain, array] = type_and_array(c, "pos");
        const std::string bytes = format == 1 ? array_bytes(domain, values)
                                              : (values.size() == 2 ? "{\"{1,2}\",\" {1,2}\"}" : "{\"{-1}\"}");
        answers.push_back(bound_answer(c, "INSERT INTO tv VALUES ($2, $1) RETURNING v, v[2]", array, bytes, format, id));
      }
      EXPECT_EQ(answers[0], answers[1]) << "format " << format << ", " << values.size() << " elements";
    }
}

TEST_F(TypesBind, PlainDomainParametersAreDescribedAsTheDomain) {
  auto publisher = publisher_.connect();
  const std::string setup = "CREATE DOMAIN amount AS numeric(10,2) CHECK (VALUE > 0); "
                            "CREATE TABLE ta (id int PRIMARY KEY, a amount)";
  local_exec(setup);
  exec(publisher.get(), setup);
  // ParameterDescription names the domain (RowDescription its base type), as
  // PostgreSQL's; so does pg_prepared_statements.
  for (const char* sql : {"INSERT INTO ta VALUES ($1, $2)", "UPDATE ta SET a = $1 WHERE id = $2",
                          "SELECT $1::amount", "SELECT CAST($1 AS amount)", "SELECT $1::amount[]",
                          "INSERT INTO ta (a) SELECT $1", "INSERT INTO ta SELECT $2, $1",
                          "INSERT INTO ta (a, id) SELECT $1, 7 RETURNING a"})
    EXPECT_EQ(described(local_.get(), sql), described(publisher.get(), sql)) << sql;
  std::vector<std::string> answers;
  for (PGconn* c : {local_.get(), publisher.get()}) {
    auto oid = exec(c, "SELECT oid FROM pg_type WHERE typname = 'amount'");
    const auto domain = static_cast<Oid>(std::stoul(PQgetvalue(oid.get(), 0, 0)));
    std::vector<std::string> mine = described(c, "SELECT $1", {domain});
    exec(c, "PREPARE p1 (amount, int) AS INSERT INTO ta VALUES ($2, $1)");
    exec(c, "PREPARE p2 AS SELECT $1::amount");
    exec(c, "PREPARE p3 AS INSERT INTO ta (id, a) SELECT $1, $2");
    // INSERT ... SELECT $n: the value is read and checked as the column's domain.
    for (const char* execute : {"EXECUTE p3 (1, '12.345')", "EXECUTE p3 (2, '-1')", "EXECUTE p3 ('x', '1')"}) {
      auto r = exec(c, execute);
      const char* state = PQresultErrorField(r.get(), PG_DIAG_SQLSTATE);
      const char* message = PQresultErrorField(r.get(), PG_DIAG_MESSAGE_PRIMARY);
      mine.push_back(std::string(state ? state : "") + " " + (message ? message : "") + PQcmdStatus(r.get()));
    }
    auto stored = exec(c, "SELECT id, a FROM ta ORDER BY id");
    for (const auto& row : rows_of(stored.get()))
      mine.push_back(row);
    auto listed = exec(c, "SELECT name, parameter_types::text FROM pg_prepared_statements ORDER BY name");
    for (int row = 0; row < PQntuples(listed.get()); ++row)
      mine.push_back(std::string(PQgetvalue(listed.get(), row, 0)) + " " + PQgetvalue(listed.get(), row, 1));
    // A value of a parameter declared as the domain: its CHECK holds.
    for (const char* value : {"12.345", "-1"}) {
      const Oid types[] = {domain};
      const char* values[] = {value};
      pg_result r(PQexecParams(c, "SELECT $1::amount", 1, types, values, nullptr, nullptr, 0));
      const char* state = PQresultErrorField(r.get(), PG_DIAG_SQLSTATE);
      mine.push_back(std::string(state ? state : "") +
                     (PQresultStatus(r.get()) == PGRES_TUPLES_OK ? PQgetvalue(r.get(), 0, 0) : ""));
    }
    exec(c, "DEALLOCATE ALL");
    answers.push_back(testing::PrintToString(mine));
  }
  EXPECT_EQ(answers[0], answers[1]);
}

// regtype / regclass results (pg_typeof(), casts, columns) print names in text
// and are sent in binary as their OID's four bytes, as PostgreSQL's regtypesend.
TEST_F(TypesBind, ObjectNamesAreSentInBinaryAsTheirOids) {
  auto publisher = publisher_.connect();
  const std::string setup = "CREATE TABLE tr (id int PRIMARY KEY, r regclass, t regtype); "
                            "INSERT INTO tr VALUES (1, 'tr', 'text[]'), (2, 'pg_class', 'double precision')";
  local_exec(setup);
  exec(publisher.get(), setup);
  const char* query = "SELECT pg_typeof(1), 'int4'::regtype, 'tr'::regclass, r, t, pg_typeof(r) FROM tr ORDER BY id";
  std::vector<std::string> answers;
  for (PGconn* c : {local_.get(), publisher.get()}) {
    const std::string table_oid = PQgetvalue(exec(c, "SELECT oid FROM pg_class WHERE relname = 'tr'").get(), 0, 0);
    std::string text;
    for (int format : {0, 1}) {
      pg_result r(PQexecParams(c, query, 0, nullptr, nullptr, nullptr, nullptr, format));
      ASSERT_EQ(PQresultStatus(r.get()), PGRES_TUPLES_OK) << PQresultErrorMessage(r.get());
      for (int row = 0; row < PQntuples(r.get()); ++row)
        for (int column = 0; column < PQnfields(r.get()); ++column) {
          text += " " + std::to_string(PQftype(r.get(), column)) + ":";
          if (format == 0) {
            text += PQgetvalue(r.get(), row, column);
            continue;
          }
          ASSERT_EQ(PQgetlength(r.get(), row, column), 4);
          const auto* b = reinterpret_cast<const unsigned char*>(PQgetvalue(r.get(), row, column));
          const uint32_t oid = (uint32_t(b[0]) << 24) | (uint32_t(b[1]) << 16) | (uint32_t(b[2]) << 8) | b[3];
          text += std::to_string(oid) == table_oid ? "tr's oid" : std::to_string(oid);
        }
    }
    answers.push_back(text);
  }
  EXPECT_EQ(answers[0], answers[1]);
}

// A name regclass input does not find: 42P01 (3F000 for a missing schema) at
// the literal's position, as PostgreSQL reads the literal while it parses the
// statement; a non-literal text has no position.
TEST_F(TypesBind, MissingRelationNamesAreReportedAtTheLiteral) {
  auto publisher = publisher_.connect();
  const std::string setup = "CREATE TABLE trc (id int PRIMARY KEY, r regclass)";
  local_exec(setup);
  exec(publisher.get(), setup);
  for (const char* sql : {"SELECT 'nosuch'::regclass", "SELECT 'é', 'nosuch'::regclass",
                          "SELECT 'trc'::regclass::text, 'nosuch'::regclass", "SELECT CAST('nosuch' AS regclass)",
                          "SELECT pg_relation_size('nosuch')", "SELECT 1 WHERE 'nosuch'::regclass IS NULL",
                          "INSERT INTO trc VALUES (1, 'nosuch')", "SELECT 'public.nosuch'::regclass",
                          "SELECT 'nosuch.t'::regclass", "SELECT 1; SELECT 'nosuch'::regclass",
                          "SELECT t::regclass FROM (VALUES ('nosuch')) v(t)"}) {
    auto mine = local_try(sql);
    auto theirs = exec(publisher.get(), sql);
    for (int field : {PG_DIAG_SQLSTATE, PG_DIAG_MESSAGE_PRIMARY, PG_DIAG_STATEMENT_POSITION}) {
      const char* a = PQresultErrorField(mine.get(), field);
      const char* b = PQresultErrorField(theirs.get(), field);
      EXPECT_EQ(std::string(a ? a : "<none>"), std::string(b ? b : "<none>")) << sql << " (field " << char(field) << ")";
    }
  }
}

TEST_F(TypesBind, BytesThatAreNotTheSendFormatAreRefusedAsPostgres) {
  auto publisher = publisher_.connect();
  for (const auto& [oid, bytes] : std::vector<std::pair<uint32_t, std::string>>{
           {23, std::string("\x00\x00\x00\x01\x02", 5)},  // a byte too many
           {1700, std::string("\x00\x01", 2)},             // too few
           {790, std::string("\x00\x01", 2)},
           {16, std::string("\x01\x01", 2)}}) {
    auto mine = select_binary(local_.get(), oid, bytes);
    auto theirs = select_binary(publisher.get(), oid, bytes);
    for (int field : {PG_DIAG_SQLSTATE, PG_DIAG_MESSAGE_PRIMARY}) {
      const char* a = PQresultErrorField(mine.get(), field);
      const char* b = PQresultErrorField(theirs.get(), field);
      EXPECT_EQ(std::string(a ? a : "<none>"), std::string(b ? b : "<none>")) << oid;
    }
  }
}

}  // namespace
}  // namespace tributary::integration
