// catalog_protection: user SQL does not write the system catalogs. INSERT,
// UPDATE, DELETE and TRUNCATE of a pg_catalog relation, of the replication
// catalog (pg_subscription, pg_subscription_rel, pg_replication_origin,
// pg_replication_origin_status) or of Tributary's own catalogs (the column
// type, schema, user type and sequence catalogs: tributary_*) are refused with
// 42501 permission denied for table <name>; they change only through
// Tributary's statements (CREATE/ALTER/DROP SUBSCRIPTION, CREATE TABLE, ...).
// DROP and ALTER of them are refused by the table commands
// (cli/commands/table_commands.cpp: "... is a system catalog").
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "stages/core/pg_error.hpp"

namespace tributary {

// `node_type` and `fields`: the statement's parse tree node.
std::optional<pg_error> catalog_write_refusal(const std::string& node_type, const nlohmann::json& fields);

}  // namespace tributary
