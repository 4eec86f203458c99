// domain_parameters: the parameters of a statement that PostgreSQL types as a
// user's domain, so that ParameterDescription names the domain as PostgreSQL's
// does. The translation types such a parameter by the domain's base type (which
// is how its value is read and its CHECKs tested); this finds, in the statement's
// parse tree:
//
//   $1::price, CAST($1 AS price)                       -> price
//   INSERT INTO t (p) VALUES ($1) / SELECT $1          -> p's domain
//   INSERT INTO t VALUES (...)                         -> by the table's column order
//   UPDATE t SET p = $1                                -> p's domain
//
// (An array of a domain, price[], is described by the translation itself.)
#pragma once

#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "stages/pgoutput/pgoutput_messages.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

// `fields`: a SelectStmt / InsertStmt / UpdateStmt / DeleteStmt's fields
// (`node_type` names which). Parameter number -> the domain's OID.
std::map<int, oid_t> domain_parameters(const nlohmann::json& fields, const std::string& node_type,
                                       sqlite_connection& db);

}  // namespace tributary
