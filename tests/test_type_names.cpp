// type_names: PostgreSQL's type names, typmods and format_type().
#include <gtest/gtest.h>

#include "stages/types/type_names.hpp"

namespace tributary {
namespace {

column_type resolve(std::vector<std::string> names, std::vector<int64_t> args = {}, int dims = 0) {
  auto t = resolve_type_name({std::move(names), std::move(args), dims});
  EXPECT_TRUE(t.ok());
  return t.ok() ? *t : column_type{};
}

TEST(TypeNames, GrammarNamesResolveToBuiltinTypes) {
  EXPECT_EQ(resolve({"pg_catalog", "int4"}), builtin_column_type(23));
  EXPECT_EQ(resolve({"int8"}), builtin_column_type(20));
  EXPECT_EQ(resolve({"uuid"}), builtin_column_type(2950));
  EXPECT_EQ(resolve({"timestamptz"}), builtin_column_type(1184));
}

TEST(TypeNames, TypmodsFollowEachTypesEncoding) {
  EXPECT_EQ(resolve({"pg_catalog", "numeric"}, {12, 2}).typmod, ((12 << 16) | 2) + 4);
  EXPECT_EQ(resolve({"pg_catalog", "varchar"}, {10}).typmod, 14);
  EXPECT_EQ(resolve({"pg_catalog", "bit"}, {8}).typmod, 8);
  EXPECT_EQ(resolve({"pg_catalog", "timestamptz"}, {3}).typmod, 3);
  EXPECT_EQ(resolve({"pg_catalog", "numeric"}, {5, -2}).typmod, ((5 << 16) | (-2 & 0x7FF)) + 4);
}

TEST(TypeNames, BadTypmodsAreErrors) {
  auto e = resolve_type_name({{"pg_catalog", "numeric"}, {1001}, 0});
  ASSERT_FALSE(e.ok());
  EXPECT_EQ(e.error().sqlstate, "22023");
  EXPECT_EQ(e.error().message, "NUMERIC precision 1001 must be between 1 and 1000");
  EXPECT_EQ(resolve_type_name({{"pg_catalog", "varchar"}, {0}, 0}).error().message,
            "length for type varchar must be at least 1");
  EXPECT_FALSE(resolve_type_name({{"int4"}, {3}, 0}).ok());
}

TEST(TypeNames, ArrayBoundsGiveTheArrayType) {
  EXPECT_EQ(resolve({"pg_catalog", "int4"}, {}, 1).oid, 1007u);
  EXPECT_EQ(resolve({"text"}, {}, 2).oid, 1009u);
}

TEST(TypeNames, UnknownNamesAreKeptByName) {
  const column_type t = resolve({"citext"});
  EXPECT_FALSE(t.known());
  EXPECT_EQ(t.name, "citext");
  EXPECT_EQ(format_type(t), "citext");
}

TEST(TypeNames, FormatTypeSpellsTypesAsPostgres) {
  EXPECT_EQ(format_type(resolve({"pg_catalog", "numeric"}, {12, 2})), "numeric(12,2)");
  EXPECT_EQ(format_type(resolve({"pg_catalog", "varchar"}, {10})), "character varying(10)");
  EXPECT_EQ(format_type(resolve({"pg_catalog", "bpchar"}, {1})), "character(1)");
  EXPECT_EQ(format_type(resolve({"pg_catalog", "timestamptz"})), "timestamp with time zone");
  EXPECT_EQ(format_type(resolve({"pg_catalog", "timestamp"}, {3})), "timestamp(3) without time zone");
  EXPECT_EQ(format_type(resolve({"pg_catalog", "int4"}, {}, 1)), "integer[]");
  EXPECT_EQ(format_type(resolve({"pg_catalog", "interval"}, {6})), "interval year to month");
  EXPECT_EQ(format_type(resolve({"pg_catalog", "float8"})), "double precision");
}

TEST(TypeNames, DeclaredTypesOfForeignTablesAreReadBestEffort) {
  EXPECT_EQ(declared_type("varchar(10)"), builtin_column_type(1043, 14));
  EXPECT_EQ(declared_type("INTEGER"), builtin_column_type(20));
  EXPECT_EQ(declared_type("numeric(12,2)").typmod, ((12 << 16) | 2) + 4);
  EXPECT_EQ(declared_type("double precision"), builtin_column_type(701));
  EXPECT_EQ(declared_type("timestamp with time zone"), builtin_column_type(1184));
  EXPECT_EQ(declared_type("text[]").oid, 1009u);
  EXPECT_FALSE(declared_type("").known());
  EXPECT_EQ(declared_type("BLOB"), builtin_column_type(17));
  EXPECT_EQ(declared_type("bool"), builtin_column_type(16));
}

}  // namespace
}  // namespace tributary
