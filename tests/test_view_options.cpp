// view_options: a view's reloptions from its CREATE VIEW, as PostgreSQL 15 stores
// them (the expected texts are PostgreSQL 15's pg_class.reloptions), and its 22023s.
#include <gtest/gtest.h>

#include <pg_query.h>

#include <nlohmann/json.hpp>

#include "stages/sql/view_options.hpp"

namespace tributary {
namespace {

result<std::vector<std::string>, pg_error> options_of(const std::string& create_view) {
  PgQueryParseResult parsed = pg_query_parse(create_view.c_str());
  EXPECT_EQ(parsed.error, nullptr) << create_view;
  const auto tree = nlohmann::json::parse(parsed.parse_tree);
  pg_query_free_parse_result(parsed);
  return view_reloptions(tree["stmts"][0]["stmt"]["ViewStmt"]);
}

std::string array_of(const std::string& create_view) {
  auto options = options_of(create_view);
  EXPECT_TRUE(static_cast<bool>(options)) << create_view;
  return options ? reloptions_array_text(*options) : std::string("<error>");
}

TEST(ViewOptions, WithOptionsAndCheckOptionAsPostgresStoresThem) {
  EXPECT_EQ(array_of("CREATE VIEW v AS SELECT 1"), "{}");
  EXPECT_EQ(array_of("CREATE VIEW v WITH (security_barrier) AS SELECT 1"), "{security_barrier=true}");
  EXPECT_EQ(array_of("CREATE VIEW v WITH (check_option = local, security_barrier = false) AS SELECT 1"),
            "{check_option=local,security_barrier=false}");
  EXPECT_EQ(array_of("CREATE VIEW v AS SELECT 1 WITH CHECK OPTION"), "{check_option=cascaded}");
  EXPECT_EQ(array_of("CREATE VIEW v AS SELECT 1 WITH CASCADED CHECK OPTION"), "{check_option=cascaded}");
  EXPECT_EQ(array_of("CREATE VIEW v WITH (security_barrier = on) AS SELECT 1 WITH LOCAL CHECK OPTION"),
            "{security_barrier=on,check_option=local}");
}

TEST(ViewOptions, RefusesWhatPostgresRefuses) {
  const auto error_of = [](const std::string& sql) {
    auto options = options_of(sql);
    EXPECT_FALSE(static_cast<bool>(options)) << sql;
    return options ? pg_error{} : options.error();
  };
  auto e = error_of("CREATE VIEW v WITH (fillfactor = 10) AS SELECT 1");
  EXPECT_EQ(e.sqlstate, "22023");
  EXPECT_EQ(e.message, "unrecognized parameter \"fillfactor\"");
  e = error_of("CREATE VIEW v WITH (check_option = other) AS SELECT 1");
  EXPECT_EQ(e.message, "invalid value for enum option \"check_option\": other");
  EXPECT_EQ(e.detail, "Valid values are \"local\" and \"cascaded\".");
  e = error_of("CREATE VIEW v WITH (security_barrier = maybe) AS SELECT 1");
  EXPECT_EQ(e.message, "invalid value for boolean option \"security_barrier\": maybe");
  e = error_of("CREATE VIEW v WITH (check_option = local) AS SELECT 1 WITH CHECK OPTION");
  EXPECT_EQ(e.message, "parameter \"check_option\" specified more than once");
}

}  // namespace
}  // namespace tributary
