#include "stages/core/subscription_options.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <string_view>

namespace tributary {

namespace {

std::string lower(std::string_view s) {
  std::string out{s};
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

pg_error syntax_error(std::string message, int position = 0) {
  auto e = make_pg_error("42601", std::move(message));
  e.position = position;
  return e;
}

struct option_name {
  std::string_view name;
  option_set bit;
};

constexpr std::array<option_name, 16> option_names{{
    {"connect", option_set::connect},
    {"enabled", option_set::enabled},
    {"create_slot", option_set::create_slot},
    {"slot_name", option_set::slot_name},
    {"copy_data", option_set::copy_data},
    {"binary", option_set::binary},
    {"streaming", option_set::streaming},
    {"origin", option_set::origin},
    {"disable_on_error", option_set::disable_on_error},
    {"password_required", option_set::password_required},
    {"run_as_owner", option_set::run_as_owner},
    {"failover", option_set::failover},
    {"synchronous_commit", option_set::synchronous_commit},
    {"two_phase", option_set::two_phase},
    {"refresh", option_set::refresh},
    {"lsn", option_set::lsn},
}};

// defGetBoolean: no value = true; 0/1; true/false/on/off in any case.
result<bool, pg_error> option_bool(const option_item& item) {
  if (!item.value)
    return true;
  auto v = lower(*item.value);
  if (v == "true" || v == "on" || v == "1")
    return true;
  if (v == "false" || v == "off" || v == "0")
    return false;
  return fail(syntax_error(item.name + " requires a Boolean value", item.location));
}

result<char, pg_error> option_streaming(const option_item& item) {
  if (!item.value)
    return 't';
  auto v = lower(*item.value);
  if (v == "true" || v == "on" || v == "1")
    return 't';
  if (v == "false" || v == "off" || v == "0")
    return 'f';
  if (v == "parallel")
    return 'p';
  return fail(syntax_error(item.name + " requires a Boolean value or \"parallel\"", item.location));
}

result<std::string, pg_error> option_string(const option_item& item) {
  if (!item.value)
    return fail(syntax_error(item.name + " requires a parameter", item.location));
  return *item.value;
}

result<std::string, pg_error> synchronous_commit_value(const std::string& text) {
  static const std::array<std::string_view, 11> accepted{
      "local", "remote_write", "remote_apply", "on", "off", "true", "false", "yes", "no", "1", "0"};
  auto v = lower(text);
  if (std::find(accepted.begin(), accepted.end(), v) == accepted.end())
    return fail(make_pg_error("22023",
                              "invalid value for parameter \"synchronous_commit\": \"" + text + "\"",
                              {}, "Available values: local, remote_write, remote_apply, on, off."));
  return v;
}

pg_error exclusive(std::string_view a, std::string_view b) {
  return syntax_error(std::string(a) + " and " + std::string(b) + " are mutually exclusive options");
}

pg_error must_also_set(std::string_view a, std::string_view b) {
  return syntax_error("subscription with " + std::string(a) + " must also set " + std::string(b));
}

// One option's value into `opts`.
result<ok_t, pg_error> apply_option(option_set bit, const option_item& item, subscription_options& opts) {
  auto set_bool = [&](bool& field) -> result<ok_t, pg_error> {
    auto b = option_bool(item);
    if (!b)
      return fail(b.error());
    field = *b;
    return ok_v;
  };
  switch (bit) {
    case option_set::connect: return set_bool(opts.connect);
    case option_set::enabled: return set_bool(opts.enabled);
    case option_set::create_slot: return set_bool(opts.create_slot);
    case option_set::copy_data: return set_bool(opts.copy_data);
    case option_set::binary: return set_bool(opts.binary);
    case option_set::disable_on_error: return set_bool(opts.disable_on_error);
    case option_set::password_required: return set_bool(opts.password_required);
    case option_set::run_as_owner: return set_bool(opts.run_as_owner);
    case option_set::failover: return set_bool(opts.failover);
    case option_set::refresh: return set_bool(opts.refresh);
    case option_set::two_phase: {
      if (auto r = set_bool(opts.two_phase); !r)
        return r;
      if (opts.two_phase)
        return fail(make_pg_error(
            "0A000", "two_phase = true is not supported",
            "Tributary applies a prepared transaction when the publisher commits it (COMMIT PREPARED); "
            "PREPARE TRANSACTION itself is not replicated.",
            "Use two_phase = false, the default (README: \"Not supported yet\", Two-phase)."));
      return ok_v;
    }
    case option_set::streaming: {
      auto s = option_streaming(item);
      if (!s)
        return fail(s.error());
      opts.streaming = *s;
      return ok_v;
    }
    case option_set::slot_name: {
      auto s = option_string(item);
      if (!s)
        return fail(s.error());
      if (*s == "none") {
        opts.slot_name.reset();
        opts.slot_name_is_none = true;
        return ok_v;
      }
      if (auto v = validate_slot_name(*s); !v)
        return fail(v.error());
      opts.slot_name = *s;
      opts.slot_name_is_none = false;
      return ok_v;
    }
    case option_set::origin: {
      auto s = option_string(item);
      if (!s)
        return fail(s.error());
      auto v = lower(*s);
      if (v != "any" && v != "none")
        return fail(make_pg_error("22023", "unrecognized origin value: \"" + *s + "\""));
      opts.origin = v;
      return ok_v;
    }
    case option_set::synchronous_commit: {
      auto s = option_string(item);
      if (!s)
        return fail(s.error());
      auto v = synchronous_commit_value(*s);
      if (!v)
        return fail(v.error());
      opts.synchronous_commit = *v;
      return ok_v;
    }
    case option_set::lsn: {
      auto s = option_string(item);
      if (!s)
        return fail(s.error());
      if (lower(*s) == "none") {
        opts.skip_lsn.reset();
        return ok_v;
      }
      auto l = lsn::parse(*s);
      if (!l)
        return fail(make_pg_error("22P02", "invalid input syntax for type pg_lsn: \"" + *s + "\""));
      opts.skip_lsn = *l;
      return ok_v;
    }
  }
  return ok_v;
}

// connect = false and slot_name = NONE rules of CREATE SUBSCRIPTION.
result<ok_t, pg_error> check_combinations(uint32_t supported, subscription_options& opts) {
  auto has = [&](option_set o) { return (supported & static_cast<uint32_t>(o)) != 0; };
  if (has(option_set::connect) && !opts.connect) {
    if (opts.enabled && opts.is_specified(option_set::enabled))
      return fail(exclusive("connect = false", "enabled = true"));
    if (opts.create_slot && opts.is_specified(option_set::create_slot))
      return fail(exclusive("connect = false", "create_slot = true"));
    if (opts.copy_data && opts.is_specified(option_set::copy_data))
      return fail(exclusive("connect = false", "copy_data = true"));
    opts.enabled = false;
    opts.create_slot = false;
    opts.copy_data = false;
  }
  if (has(option_set::slot_name) && opts.slot_name_is_none) {
    if (opts.enabled && opts.is_specified(option_set::enabled))
      return fail(exclusive("slot_name = NONE", "enabled = true"));
    if (opts.create_slot && opts.is_specified(option_set::create_slot))
      return fail(exclusive("slot_name = NONE", "create_slot = true"));
    if (has(option_set::enabled) && opts.enabled)
      return fail(must_also_set("slot_name = NONE", "enabled = false"));
    if (has(option_set::create_slot) && opts.create_slot)
      return fail(must_also_set("slot_name = NONE", "create_slot = false"));
  }
  return ok_v;
}

}  // namespace

result<ok_t, pg_error> validate_slot_name(const std::string& name) {
  if (name.empty())
    return fail(make_pg_error("42602", "replication slot name \"" + name + "\" is too short"));
  if (name.size() > 63)
    return fail(make_pg_error("42622", "replication slot name \"" + name + "\" is too long"));
  for (char c : name)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'))
      return fail(make_pg_error(
          "42602", "replication slot name \"" + name + "\" contains invalid character", {},
          "Replication slot names may only contain lower case letters, numbers, and the underscore character."));
  return ok_v;
}

result<subscription_options, pg_error> parse_subscription_options(
    const std::vector<option_item>& items, uint32_t supported) {
  subscription_options opts;
  for (const auto& item : items) {
    auto name = lower(item.name);
    auto known = std::find_if(option_names.begin(), option_names.end(),
                              [&](const option_name& o) { return o.name == name; });
    if (known == option_names.end() || (supported & static_cast<uint32_t>(known->bit)) == 0)
      return fail(syntax_error("unrecognized subscription parameter: \"" + item.name + "\"", item.location));
    if (opts.is_specified(known->bit))
      return fail(syntax_error("conflicting or redundant options", item.location));
    opts.specified |= static_cast<uint32_t>(known->bit);
    option_item named = item;
    named.name = name;
    if (auto r = apply_option(known->bit, named, opts); !r)
      return fail(r.error());
  }
  if (auto r = check_combinations(supported, opts); !r)
    return fail(r.error());
  return opts;
}

}  // namespace tributary
