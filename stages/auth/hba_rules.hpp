// hba_rules: pg_hba.conf, PostgreSQL's client authentication file, read and matched.
//
// Format (PostgreSQL's): one rule a line, fields separated by blanks, '#' starts a
// comment, "double quotes" keep a field (or a keyword) literal, a field may be a
// comma list:
//   local      DATABASE USER                METHOD [OPTIONS]
//   host       DATABASE USER ADDRESS        METHOD [OPTIONS]   (also hostssl,
//   hostnossl  DATABASE USER IP-ADDRESS IP-MASK METHOD [OPTIONS] hostgssenc, hostnogssenc)
// DATABASE: all, sameuser, samerole, replication or names; USER: all, names or
// +role (members of role; here a role's only member is itself); ADDRESS: all,
// samehost, CIDR (IPv4 or IPv6) or address + mask. Host names are not resolved.
// METHOD: trust, reject, scram-sha-256, md5, password, cert (the others PostgreSQL
// knows are refused: Tributary has no ident, peer, GSSAPI, LDAP, RADIUS or PAM).
// OPTIONS: clientcert=verify-ca|verify-full (hostssl only).
//
// parse() reads the whole file or fails with the first bad line, reported as
// PostgreSQL does (message + CONTEXT "line N of configuration file "F""); the
// caller then keeps the rules it had (a reload) or refuses to start.
// match() returns the first rule that fits the connection, as PostgreSQL does;
// nullopt means "no pg_hba.conf entry".
// Pure: no I/O.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary {

enum class hba_connection_type { local, host, hostssl, hostnossl, hostgssenc, hostnogssenc };
enum class hba_method { trust, reject, scram_sha_256, md5, password, cert };
enum class hba_client_cert { none, verify_ca, verify_full };

const char* to_string(hba_method method);

// An IPv4 (4 bytes) or IPv6 (16 bytes) address.
struct ip_address {
  std::array<uint8_t, 16> bytes{};
  int length = 0;  // 4 or 16; 0 = none
};
std::optional<ip_address> parse_ip_address(const std::string& text);

struct hba_rule {
  int line_number = 0;
  std::string line;  // the rule's text, for the log's "Connection matched" detail
  hba_connection_type type = hba_connection_type::host;
  std::vector<std::string> databases;  // keywords as "\x01all", "\x01sameuser", ...
  std::vector<std::string> users;      // "\x01all", "+role", names
  enum class address_kind { any, samehost, network } address = address_kind::any;
  ip_address network;
  ip_address mask;
  hba_method method = hba_method::trust;
  hba_client_cert client_cert = hba_client_cert::none;
};

struct hba_connection {
  bool local_socket = false;
  bool ssl = false;
  std::optional<ip_address> client;  // the peer's address (host connections)
  std::optional<ip_address> server;  // the address the client connected to (samehost)
  std::string database;
  std::string user;
  bool replication = false;
  // The roles `user` is a member of, directly or not (role_graph.hpp), by name:
  // what "+role" and samerole match. The user itself always counts.
  std::vector<std::string> member_of;
};

class hba_rules {
public:
  static result<hba_rules, pg_error> parse(const std::string& text, const std::string& file_name);
  std::optional<hba_rule> match(const hba_connection& connection) const;
  const std::vector<hba_rule>& rules() const { return rules_; }

  // The file a new data directory gets, like initdb's: trust for connections from
  // the local machine only (Unix socket, 127.0.0.1, ::1), nothing else.
  static std::string default_file_text();

private:
  std::vector<hba_rule> rules_;
};

}  // namespace tributary
