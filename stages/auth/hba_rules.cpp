// hba_rules: see the header.
#include "stages/auth/hba_rules.hpp"

#include <algorithm>

#include <arpa/inet.h>

#include <sstream>

namespace tributary {
namespace {

constexpr char keyword_mark = '\x01';

struct token {
  std::string text;
  bool quoted = false;
};
using field = std::vector<token>;  // a comma list

pg_error config_error(const std::string& message, int line, const std::string& file) {
  pg_error e = make_pg_error("F0000", message);
  e.context = "line " + std::to_string(line) + " of configuration file \"" + file + "\"";
  return e;
}

// Splits one line into fields; each field is a comma list of tokens.
std::vector<field> split_fields(const std::string& line) {
  std::vector<field> fields;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
      ++i;
    if (i >= line.size() || line[i] == '#')
      break;
    field f;
    for (;;) {
      token t;
      while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r' && line[i] != ',' &&
             !(line[i] == '#' && !t.quoted)) {
        if (line[i] == '"') {
          t.quoted = true;
          ++i;
          while (i < line.size() && line[i] != '"')
            t.text += line[i++];
          if (i < line.size())
            ++i;
          continue;
        }
        t.text += line[i++];
      }
      f.push_back(std::move(t));
      if (i < line.size() && line[i] == ',') {
        ++i;
        continue;
      }
      break;
    }
    fields.push_back(std::move(f));
  }
  return fields;
}

bool is_keyword(const token& t, const char* word) { return !t.quoted && t.text == word; }

std::optional<hba_connection_type> connection_type_of(const std::string& word) {
  if (word == "local") return hba_connection_type::local;
  if (word == "host") return hba_connection_type::host;
  if (word == "hostssl") return hba_connection_type::hostssl;
  if (word == "hostnossl") return hba_connection_type::hostnossl;
  if (word == "hostgssenc") return hba_connection_type::hostgssenc;
  if (word == "hostnogssenc") return hba_connection_type::hostnogssenc;
  return std::nullopt;
}

std::optional<hba_method> method_of(const std::string& word) {
  if (word == "trust") return hba_method::trust;
  if (word == "reject") return hba_method::reject;
  if (word == "scram-sha-256") return hba_method::scram_sha_256;
  if (word == "md5") return hba_method::md5;
  if (word == "password") return hba_method::password;
  if (word == "cert") return hba_method::cert;
  return std::nullopt;
}

bool known_elsewhere(const std::string& word) {
  for (const char* m : {"ident", "peer", "gss", "sspi", "pam", "bsd", "ldap", "radius"})
    if (word == m)
      return true;
  return false;
}

ip_address mask_of_length(int bits, int length) {
  ip_address mask;
  mask.length = length;
  for (int i = 0; i < length; ++i) {
    const int take = std::min(8, std::max(0, bits - 8 * i));
    mask.bytes[static_cast<size_t>(i)] = static_cast<uint8_t>(take == 0 ? 0 : (0xff << (8 - take)) & 0xff);
  }
  return mask;
}

// A v4-mapped IPv6 address (::ffff:a.b.c.d) as its IPv4 address.
ip_address unmapped(const ip_address& a) {
  if (a.length != 16)
    return a;
  for (int i = 0; i < 10; ++i)
    if (a.bytes[static_cast<size_t>(i)] != 0)
      return a;
  if (a.bytes[10] != 0xff || a.bytes[11] != 0xff)
    return a;
  ip_address v4;
  v4.length = 4;
  for (int i = 0; i < 4; ++i)
    v4.bytes[static_cast<size_t>(i)] = a.bytes[static_cast<size_t>(12 + i)];
  return v4;
}

bool in_network(const ip_address& client, const ip_address& network, const ip_address& mask) {
  const ip_address c = unmapped(client);
  if (c.length != network.length)
    return false;
  for (int i = 0; i < c.length; ++i) {
    const auto k = static_cast<size_t>(i);
    if ((c.bytes[k] & mask.bytes[k]) != (network.bytes[k] & mask.bytes[k]))
      return false;
  }
  return true;
}

bool same_address(const ip_address& a, const ip_address& b) {
  const ip_address x = unmapped(a), y = unmapped(b);
  return x.length == y.length && x.bytes == y.bytes;
}

std::vector<std::string> names_of(const field& f, std::initializer_list<const char*> keywords) {
  std::vector<std::string> out;
  for (const auto& t : f) {
    bool keyword = false;
    for (const char* k : keywords)
      if (is_keyword(t, k)) {
        out.push_back(std::string(1, keyword_mark) + k);
        keyword = true;
      }
    if (!keyword)
      out.push_back(t.text);
  }
  return out;
}

bool is_member(const hba_connection& c, const std::string& role) {
  return role == c.user || std::find(c.member_of.begin(), c.member_of.end(), role) != c.member_of.end();
}

bool database_matches(const hba_rule& rule, const hba_connection& c) {
  for (const auto& d : rule.databases) {
    if (d[0] == keyword_mark) {
      const std::string k = d.substr(1);
      if (k == "replication") {
        if (c.replication)
          return true;
        continue;
      }
      if (c.replication)
        continue;  // only "replication" matches a replication connection
      if (k == "all" || (k == "sameuser" && c.database == c.user) ||
          (k == "samerole" && is_member(c, c.database)))
        return true;
      continue;
    }
    if (!c.replication && d == c.database)
      return true;
  }
  return false;
}

bool user_matches(const hba_rule& rule, const hba_connection& c) {
  for (const auto& u : rule.users) {
    if (u == std::string(1, keyword_mark) + "all")
      return true;
    // "+role": the role and its members, directly or through other roles.
    if (!u.empty() && u[0] == '+' ? is_member(c, u.substr(1)) : u == c.user)
      return true;
  }
  return false;
}

bool type_matches(hba_connection_type type, const hba_connection& c) {
  if (type == hba_connection_type::local)
    return c.local_socket;
  if (c.local_socket)
    return false;
  switch (type) {
    case hba_connection_type::hostssl: return c.ssl;
    case hba_connection_type::hostnossl: return !c.ssl;
    case hba_connection_type::hostgssenc: return false;  // no GSSAPI encryption here
    default: return true;
  }
}

}  // namespace

const char* to_string(hba_method method) {
  switch (method) {
    case hba_method::trust: return "trust";
    case hba_method::reject: return "reject";
    case hba_method::scram_sha_256: return "scram-sha-256";
    case hba_method::md5: return "md5";
    case hba_method::password: return "password";
    case hba_method::cert: return "cert";
  }
  return "?";
}

std::optional<ip_address> parse_ip_address(const std::string& text) {
  ip_address a;
  if (inet_pton(AF_INET, text.c_str(), a.bytes.data()) == 1) {
    a.length = 4;
    return a;
  }
  if (inet_pton(AF_INET6, text.c_str(), a.bytes.data()) == 1) {
    a.length = 16;
    return a;
  }
  return std::nullopt;
}

result<hba_rules, pg_error> hba_rules::parse(const std::string& text, const std::string& file) {
  hba_rules out;
  std::istringstream lines(text);
  std::string line;
  for (int number = 1; std::getline(lines, line); ++number) {
    auto fields = split_fields(line);
    if (fields.empty())
      continue;
    auto error = [&](const std::string& message) { return fail(config_error(message, number, file)); };
    hba_rule rule;
    rule.line_number = number;
    rule.line = line;
    while (!rule.line.empty() && (rule.line.back() == '\r' || rule.line.back() == ' '))
      rule.line.pop_back();
    size_t at = 0;
    if (fields[at].size() > 1)
      return error("multiple values specified for connection type");
    auto type = connection_type_of(fields[at][0].text);
    if (!type)
      return error("invalid connection type \"" + fields[at][0].text + "\"");
    rule.type = *type;
    if (++at >= fields.size())
      return error("end-of-line before database specification");
    rule.databases = names_of(fields[at], {"all", "sameuser", "samerole", "replication"});
    if (++at >= fields.size())
      return error("end-of-line before role specification");
    rule.users = names_of(fields[at], {"all"});
    if (rule.type != hba_connection_type::local) {
      if (++at >= fields.size())
        return error("end-of-line before IP address specification");
      if (fields[at].size() > 1)
        return error("multiple values specified for host address");
      const token& address = fields[at][0];
      if (is_keyword(address, "all")) {
        rule.address = hba_rule::address_kind::any;
      } else if (is_keyword(address, "samehost")) {
        rule.address = hba_rule::address_kind::samehost;
      } else if (is_keyword(address, "samenet")) {
        return error("samenet in pg_hba.conf is not supported by Tributary");
      } else {
        rule.address = hba_rule::address_kind::network;
        std::string host = address.text;
        std::optional<int> bits;
        if (auto slash = host.find('/'); slash != std::string::npos) {
          const std::string digits = host.substr(slash + 1);
          host = host.substr(0, slash);
          if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos ||
              digits.size() > 3)
            return error("invalid CIDR mask in address \"" + address.text + "\"");
          bits = std::stoi(digits);
        }
        auto ip = parse_ip_address(host);
        if (!ip)
          return error(host.find_first_not_of("0123456789.:abcdefABCDEF") != std::string::npos
                           ? "host names in pg_hba.conf are not supported by Tributary: \"" + host + "\""
                           : "invalid IP address \"" + host + "\"");
        rule.network = *ip;
        if (bits) {
          if (*bits > 8 * ip->length)
            return error("invalid CIDR mask in address \"" + address.text + "\"");
          rule.mask = mask_of_length(*bits, ip->length);
        } else {
          if (++at >= fields.size())
            return error("end-of-line before netmask specification");
          auto mask = parse_ip_address(fields[at][0].text);
          if (!mask)
            return error("invalid IP mask \"" + fields[at][0].text + "\"");
          if (mask->length != ip->length)
            return error("IP address and mask do not match");
          rule.mask = *mask;
        }
      }
    }
    if (++at >= fields.size())
      return error("end-of-line before authentication method");
    if (fields[at].size() > 1)
      return error("multiple values specified for authentication type");
    const std::string& method_word = fields[at][0].text;
    auto method = method_of(method_word);
    if (!method)
      return error(known_elsewhere(method_word)
                       ? "authentication method \"" + method_word + "\" is not supported by Tributary"
                       : "invalid authentication method \"" + method_word + "\"");
    rule.method = *method;
    if (rule.method == hba_method::cert) {
      if (rule.type != hba_connection_type::hostssl)
        return error("cert authentication is only supported on hostssl connections");
      rule.client_cert = hba_client_cert::verify_full;
    }
    for (++at; at < fields.size(); ++at) {
      for (const auto& option : fields[at]) {
        auto eq = option.text.find('=');
        if (eq == std::string::npos)
          return error("authentication option not in name=value format: " + option.text);
        const std::string name = option.text.substr(0, eq), value = option.text.substr(eq + 1);
        if (name != "clientcert")
          return error("unrecognized authentication option name: \"" + name + "\"");
        if (rule.type != hba_connection_type::hostssl)
          return error("clientcert can only be configured for \"hostssl\" rows");
        if (value == "verify-full") {
          rule.client_cert = hba_client_cert::verify_full;
        } else if (value == "verify-ca") {
          if (rule.method == hba_method::cert)
            return error("clientcert only accepts \"verify-full\" when using \"cert\" authentication");
          rule.client_cert = hba_client_cert::verify_ca;
        } else {
          return error("invalid value for clientcert: \"" + value + "\"");
        }
      }
    }
    out.rules_.push_back(std::move(rule));
  }
  return out;
}

std::optional<hba_rule> hba_rules::match(const hba_connection& c) const {
  for (const auto& rule : rules_) {
    if (!type_matches(rule.type, c))
      continue;
    if (rule.type != hba_connection_type::local) {
      if (rule.address == hba_rule::address_kind::network &&
          (!c.client || !in_network(*c.client, rule.network, rule.mask)))
        continue;
      if (rule.address == hba_rule::address_kind::samehost &&
          (!c.client || !c.server || !same_address(*c.client, *c.server)))
        continue;
    }
    if (!database_matches(rule, c) || !user_matches(rule, c))
      continue;
    return rule;
  }
  return std::nullopt;
}

std::string hba_rules::default_file_text() {
  return "# PostgreSQL Client Authentication Configuration File (Tributary)\n"
         "# ===================================================\n"
         "#\n"
         "# TYPE  DATABASE        USER            ADDRESS                 METHOD\n"
         "#\n"
         "# Like initdb's: every connection from the local machine is trusted; nothing\n"
         "# else is accepted. To require passwords, give the roles a PASSWORD and\n"
         "# replace \"trust\" by \"scram-sha-256\"; add \"host\" lines for other machines.\n"
         "# Reload with SIGHUP or SELECT pg_reload_conf().\n"
         "\n"
         "# \"local\" is for Unix domain socket connections only\n"
         "local   all             all                                     trust\n"
         "# IPv4 local connections:\n"
         "host    all             all             127.0.0.1/32            trust\n"
         "# IPv6 local connections:\n"
         "host    all             all             ::1/128                 trust\n";
}

}  // namespace tributary
