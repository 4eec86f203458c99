// table_acl: see the header.
#include "stages/auth/table_acl.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "stages/core/pg_text_array.hpp"

namespace tributary {
namespace {

constexpr std::string_view privilege_letters = "arwdDxtXUCTc";  // bit i -> letter i

std::string privilege_text(uint32_t privileges, uint32_t grant_options) {
  std::string out;
  for (size_t bit = 0; bit < privilege_letters.size(); ++bit) {
    const uint32_t mask = 1u << bit;
    if ((privileges & mask) == 0)
      continue;
    out += privilege_letters[bit];
    if ((grant_options & mask) != 0)
      out += '*';
  }
  return out;
}

acl_item* find_item(table_acl& acl, int64_t grantee, int64_t grantor) {
  for (auto& item : acl)
    if (item.grantee == grantee && item.grantor == grantor)
      return &item;
  return nullptr;
}

void drop_empty_items(table_acl& acl) {
  acl.erase(std::remove_if(acl.begin(), acl.end(), [](const acl_item& i) { return i.privileges == 0; }),
            acl.end());
}

// aclitemout's putid: a name that is not all letters, digits and '_' is quoted.
std::string quoted_role(const std::string& name) {
  const bool plain = std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
  if (plain)
    return name;
  std::string out = "\"";
  for (char c : name) {
    if (c == '"')
      out += '"';
    out += c;
  }
  return out + '"';
}

std::optional<int64_t> parse_oid(std::string_view text) {
  int64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < 0)
    return std::nullopt;
  return value;
}

}  // namespace

uint32_t all_privileges_of(acl_object kind) {
  switch (kind) {
    case acl_object::table: return all_table_privileges;
    case acl_object::sequence: return privilege_usage | privilege_select | privilege_update;
    case acl_object::database: return privilege_create | privilege_temporary | privilege_connect;
    case acl_object::schema: return privilege_usage | privilege_create;
  }
  return 0;
}

std::string acl_object_name(acl_object kind) {
  switch (kind) {
    case acl_object::table: return "table";
    case acl_object::sequence: return "sequence";
    case acl_object::database: return "database";
    case acl_object::schema: return "schema";
  }
  return "object";
}

table_acl default_table_acl(int64_t owner) { return {acl_item{owner, owner, all_table_privileges, 0}}; }

table_acl default_acl(acl_object kind, int64_t owner) {
  table_acl acl;
  if (kind == acl_object::database)
    acl.push_back(acl_item{0, owner, privilege_temporary | privilege_connect, 0});
  acl.push_back(acl_item{owner, owner, all_privileges_of(kind), 0});
  return acl;
}

std::optional<uint32_t> privilege_named(acl_object kind, std::string_view keyword) {
  static constexpr std::pair<std::string_view, uint32_t> names[] = {
      {"insert", privilege_insert},       {"select", privilege_select},     {"update", privilege_update},
      {"delete", privilege_delete},       {"truncate", privilege_truncate}, {"references", privilege_references},
      {"trigger", privilege_trigger},     {"execute", privilege_execute},   {"usage", privilege_usage},
      {"create", privilege_create},       {"temporary", privilege_temporary}, {"temp", privilege_temporary},
      {"connect", privilege_connect},
  };
  for (const auto& [name, bit] : names)
    if (name == keyword)
      return (bit & all_privileges_of(kind)) != 0 ? std::optional<uint32_t>(bit) : std::nullopt;
  return std::nullopt;
}

std::optional<uint32_t> table_privilege_named(std::string_view keyword) {
  static constexpr std::pair<std::string_view, uint32_t> names[] = {
      {"insert", privilege_insert},         {"select", privilege_select},
      {"update", privilege_update},         {"delete", privilege_delete},
      {"truncate", privilege_truncate},     {"references", privilege_references},
      {"trigger", privilege_trigger},
  };
  for (const auto& [name, bit] : names)
    if (name == keyword)
      return bit;
  return std::nullopt;
}

std::string table_privilege_name(uint32_t privilege) {
  switch (privilege) {
    case privilege_insert: return "INSERT";
    case privilege_select: return "SELECT";
    case privilege_update: return "UPDATE";
    case privilege_delete: return "DELETE";
    case privilege_truncate: return "TRUNCATE";
    case privilege_references: return "REFERENCES";
    case privilege_trigger: return "TRIGGER";
    case privilege_execute: return "EXECUTE";
    case privilege_usage: return "USAGE";
    case privilege_create: return "CREATE";
    case privilege_temporary: return "TEMPORARY";
    case privilege_connect: return "CONNECT";
    default: return "???";
  }
}

void grant_privileges(table_acl& acl, int64_t grantee, int64_t grantor, uint32_t privileges,
                      bool with_grant_option) {
  acl_item* item = find_item(acl, grantee, grantor);
  if (item == nullptr) {
    if (privileges == 0)
      return;  // nothing granted: no empty item
    acl.push_back(acl_item{grantee, grantor, 0, 0});
    item = &acl.back();
  }
  item->privileges |= privileges;
  if (with_grant_option)
    item->grant_options |= privileges;
}

uint32_t revoke_privileges(table_acl& acl, int64_t grantee, int64_t grantor, uint32_t privileges,
                           bool grant_option_only) {
  acl_item* item = find_item(acl, grantee, grantor);
  if (item == nullptr)
    return 0;
  uint32_t taken = 0;
  if (grant_option_only) {
    taken = item->grant_options & privileges;
    item->grant_options &= ~privileges;
  } else {
    taken = item->privileges & privileges;
    item->privileges &= ~privileges;
    item->grant_options &= ~privileges;
  }
  drop_empty_items(acl);
  return taken;
}

namespace {

// recursive_revoke: `grantee` lost the grant options `lost`.
bool revoke_dependents(table_acl& acl, int64_t grantee, uint32_t lost, int64_t owner, bool cascade) {
  if (grantee == owner)
    return true;
  for (const auto& item : acl)  // still held from another grantor
    if (item.grantee == grantee)
      lost &= ~item.grant_options;
  if (lost == 0)
    return true;
  for (bool again = true; again;) {
    again = false;
    for (const auto& item : acl)
      if (item.grantor == grantee && (item.privileges & lost) != 0) {
        if (!cascade)
          return false;
        if (!revoke_cascading(acl, item.grantee, grantee, lost, false, owner, cascade))
          return false;
        again = true;  // the ACL changed under the loop
        break;
      }
  }
  return true;
}

}  // namespace

bool revoke_cascading(table_acl& acl, int64_t grantee, int64_t grantor, uint32_t privileges,
                      bool grant_option_only, int64_t owner, bool cascade) {
  const acl_item* before = find_item(acl, grantee, grantor);
  if (before == nullptr)
    return true;
  const uint32_t old_options = before->grant_options;
  revoke_privileges(acl, grantee, grantor, privileges, grant_option_only);
  const acl_item* after = find_item(acl, grantee, grantor);
  const uint32_t lost = old_options & ~(after != nullptr ? after->grant_options : 0u);
  return lost == 0 || revoke_dependents(acl, grantee, lost, owner, cascade);
}

void forget_role(table_acl& acl, int64_t role) {
  acl.erase(std::remove_if(acl.begin(), acl.end(),
                           [&](const acl_item& i) { return i.grantee == role || i.grantor == role; }),
            acl.end());
}

void change_owner(table_acl& acl, int64_t old_owner, int64_t new_owner) {
  table_acl out;
  for (acl_item item : acl) {
    if (item.grantee == old_owner)
      item.grantee = new_owner;
    if (item.grantor == old_owner)
      item.grantor = new_owner;
    if (acl_item* same = find_item(out, item.grantee, item.grantor)) {
      same->privileges |= item.privileges;
      same->grant_options |= item.grant_options;
    } else {
      out.push_back(item);
    }
  }
  acl = std::move(out);
}

bool holds(const std::optional<table_acl>& acl, int64_t owner, const std::set<int64_t>& roles,
           uint32_t privilege) {
  if (!acl)
    return roles.count(owner) != 0;  // acldefault: only the owner
  return std::any_of(acl->begin(), acl->end(), [&](const acl_item& i) {
    return (i.privileges & privilege) == privilege && (i.grantee == 0 || roles.count(i.grantee) != 0);
  });
}

uint32_t grant_options_held(const std::optional<table_acl>& acl, int64_t owner,
                            const std::set<int64_t>& roles) {
  if (roles.count(owner) != 0)
    return all_privilege_bits;
  uint32_t held = 0;
  if (acl)
    for (const auto& i : *acl)
      if (i.grantee == 0 || roles.count(i.grantee) != 0)
        held |= i.grant_options;
  return held;
}

std::string stored_acl_text(const table_acl& acl) {
  std::string out;
  for (const auto& item : acl) {
    if (!out.empty())
      out += ',';
    out += std::to_string(item.grantee) + '=' + privilege_text(item.privileges, item.grant_options) +
           '/' + std::to_string(item.grantor);
  }
  return out;
}

std::optional<table_acl> parse_stored_acl(std::string_view text) {
  table_acl acl;
  while (!text.empty()) {
    const size_t comma = text.find(',');
    std::string_view item = text.substr(0, comma);
    text = comma == std::string_view::npos ? std::string_view{} : text.substr(comma + 1);
    const size_t equals = item.find('=');
    const size_t slash = item.rfind('/');
    if (equals == std::string_view::npos || slash == std::string_view::npos || slash < equals)
      return std::nullopt;
    auto grantee = parse_oid(item.substr(0, equals));
    auto grantor = parse_oid(item.substr(slash + 1));
    if (!grantee || !grantor)
      return std::nullopt;
    acl_item parsed{*grantee, *grantor, 0, 0};
    std::string_view letters = item.substr(equals + 1, slash - equals - 1);
    for (size_t i = 0; i < letters.size(); ++i) {
      const size_t bit = privilege_letters.find(letters[i]);
      if (bit == std::string_view::npos)
        return std::nullopt;
      parsed.privileges |= 1u << bit;
      if (i + 1 < letters.size() && letters[i + 1] == '*') {
        parsed.grant_options |= 1u << bit;
        ++i;
      }
    }
    acl.push_back(parsed);
  }
  return acl;
}

std::string shown_acl_text(const table_acl& acl, const std::function<std::string(int64_t)>& role_name) {
  std::vector<std::string> items;
  for (const acl_item& item : acl) {
    const std::string grantee = item.grantee == 0 ? std::string() : quoted_role(role_name(item.grantee));
    items.push_back(grantee + '=' + privilege_text(item.privileges, item.grant_options) + '/' +
                    quoted_role(role_name(item.grantor)));
  }
  return format_text_array(items);
}

}  // namespace tributary
