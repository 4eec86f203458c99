// table_acl: an object's privileges as PostgreSQL's acl.c keeps them, pure:
// tables' (and sequences'), databases' and schemas'.
//
// An ACL is a list of items (grantee, grantor, privileges, grant options), one
// per (grantee, grantor) pair; grantee 0 is PUBLIC. A table whose ACL was never
// changed has none stored (pg_class.relacl NULL) and means acldefault: its owner
// holds every table privilege. Once stored, the owner holds what its items give
// it (it may REVOKE its own, as in PostgreSQL) but always every grant option
// (aclmask's owner rule); superusers are the caller's business (no checks).
//
//   GRANT  adds privileges (and grant options) to the (grantee, grantor) item;
//   REVOKE takes them (or only the grant options) from it; an empty item goes.
//   holds() answers for a set of roles (the current user and every role whose
//   privileges it inherits, role_graph.hpp) whether one of them, or PUBLIC, has
//   the privilege.
//
// Stored form (the database file's tributary_relation_acl.relacl): items by OID,
// "grantee=privs/grantor" joined by ',', privileges as PostgreSQL's letters with
// '*' after one held with grant option. Shown form (pg_class.relacl): the same
// with role names, PUBLIC as the empty name, in braces: PostgreSQL's aclitem[].
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace tributary {

// PostgreSQL's ACL_* bits, in the order aclitemout prints their letters.
enum table_privilege : uint32_t {
  privilege_insert = 1u << 0,      // a
  privilege_select = 1u << 1,      // r
  privilege_update = 1u << 2,      // w
  privilege_delete = 1u << 3,      // d
  privilege_truncate = 1u << 4,    // D
  privilege_references = 1u << 5,  // x
  privilege_trigger = 1u << 6,     // t
  privilege_execute = 1u << 7,     // X
  privilege_usage = 1u << 8,       // U
  privilege_create = 1u << 9,      // C
  privilege_temporary = 1u << 10,  // T
  privilege_connect = 1u << 11,    // c
};
inline constexpr uint32_t all_table_privileges = 0x7f;
inline constexpr uint32_t all_privilege_bits = 0xfff;

// The kinds of object with an ACL, and PostgreSQL's ACL_ALL_RIGHTS_* of each.
enum class acl_object { table, sequence, database, schema };
uint32_t all_privileges_of(acl_object kind);
// "table", "sequence", "database", "schema" (PostgreSQL's messages).
std::string acl_object_name(acl_object kind);

struct acl_item {
  int64_t grantee = 0;  // 0: PUBLIC
  int64_t grantor = 0;
  uint32_t privileges = 0;
  uint32_t grant_options = 0;  // a subset of privileges
  bool operator==(const acl_item&) const = default;
};

using table_acl = std::vector<acl_item>;

// acldefault(OBJECT_TABLE, owner): the owner holds every table privilege.
table_acl default_table_acl(int64_t owner);
// acldefault of any kind: {=Tc/owner,owner=CTc/owner} for a database,
// {owner=<all>/owner} otherwise.
table_acl default_acl(acl_object kind, int64_t owner);

// A privilege keyword of GRANT/REVOKE ("select", "insert", ... as the parser
// lowercases them) -> its bit; nullopt for one tables do not have.
std::optional<uint32_t> table_privilege_named(std::string_view keyword);
// The same for an object of `kind` (a database's "temp" is TEMPORARY).
std::optional<uint32_t> privilege_named(acl_object kind, std::string_view keyword);
// "SELECT", "INSERT", ... for messages.
std::string table_privilege_name(uint32_t privilege);

void grant_privileges(table_acl& acl, int64_t grantee, int64_t grantor, uint32_t privileges,
                      bool with_grant_option);
// Returns the privileges that were actually taken away.
uint32_t revoke_privileges(table_acl& acl, int64_t grantee, int64_t grantor, uint32_t privileges,
                           bool grant_option_only);
// REVOKE as PostgreSQL's aclupdate + recursive_revoke: the grant options the
// grantee loses (and does not still hold from another grantor) are taken from
// the grants it made with them, and so on down. `cascade` false (RESTRICT):
// returns false, the ACL half changed, when such grants exist (2BP01
// "dependent privileges exist"); the owner never loses its grant options.
bool revoke_cascading(table_acl& acl, int64_t grantee, int64_t grantor, uint32_t privileges,
                      bool grant_option_only, int64_t owner, bool cascade);
// Drops every item that names `role` as grantee or grantor (DROP OWNED / the
// owner changing hands rewrites them: see change_owner).
void forget_role(table_acl& acl, int64_t role);
// ALTER TABLE OWNER TO: PostgreSQL's aclnewowner, items of the old owner become
// the new owner's (merged with one the new owner already had).
void change_owner(table_acl& acl, int64_t old_owner, int64_t new_owner);

// Whether one of `roles` (or PUBLIC) holds `privilege` on a table owned by
// `owner` with this ACL (nullopt: acldefault: an owner among `roles` holds all).
bool holds(const std::optional<table_acl>& acl, int64_t owner, const std::set<int64_t>& roles,
           uint32_t privilege);
// The grant options one of `roles` holds (the owner: all, all_privilege_bits).
uint32_t grant_options_held(const std::optional<table_acl>& acl, int64_t owner,
                            const std::set<int64_t>& roles);

std::string stored_acl_text(const table_acl& acl);
// nullopt for text that is not a stored ACL (a damaged catalog row).
std::optional<table_acl> parse_stored_acl(std::string_view text);
// PostgreSQL's aclitem[] output: {postgres=arwdDxt/postgres,=r/postgres,"a b"=r/postgres}.
std::string shown_acl_text(const table_acl& acl, const std::function<std::string(int64_t)>& role_name);

}  // namespace tributary
