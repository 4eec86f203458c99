// enum_type: see the header.
#include "stages/types/user/enum_type.hpp"

#include "stages/types/column_type.hpp"

#include <algorithm>
#include <charconv>
#include <mutex>

namespace tributary {
namespace {

constexpr size_t max_label_bytes = 63;  // NAMEDATALEN - 1

result<ok_t, pg_error> check_label(std::string_view label) {
  if (label.empty() || label.size() > max_label_bytes)
    return fail(make_pg_error("42602", "invalid enum label \"" + std::string(label) + "\"",
                              "Labels must be 63 bytes or less."));
  return ok_v;
}

const enum_label* find_label(const enum_definition& type, std::string_view label) {
  for (const auto& l : type.labels)
    if (l.label == label)
      return &l;
  return nullptr;
}

pg_error not_an_existing_label(std::string_view label) {
  return make_pg_error("22023", "\"" + std::string(label) + "\" is not an existing enum label");
}

pg_error label_exists(std::string_view label) {
  return make_pg_error("42710", "enum label \"" + std::string(label) + "\" already exists");
}

}  // namespace

bool enum_definition::contains(std::string_view label) const {
  return find_label(*this, label) != nullptr;
}

void enum_order::assign(const std::vector<enum_label>& labels) {
  std::unique_lock guard(lock_);
  sort_orders_.clear();
  for (const auto& l : labels)
    sort_orders_[l.label] = l.sort_order;
}

void enum_order::set(const enum_label& label) {
  std::unique_lock guard(lock_);
  sort_orders_[label.label] = label.sort_order;
}

int enum_order::compare(std::string_view a, std::string_view b) const {
  std::shared_lock guard(lock_);
  const auto ia = sort_orders_.find(a);
  const auto ib = sort_orders_.find(b);
  const bool known_a = ia != sort_orders_.end();
  const bool known_b = ib != sort_orders_.end();
  if (known_a && known_b) {
    if (ia->second != ib->second)
      return ia->second < ib->second ? -1 : 1;
    return 0;
  }
  if (known_a != known_b)
    return known_a ? -1 : 1;
  return a.compare(b) < 0 ? -1 : (a == b ? 0 : 1);
}

result<std::vector<enum_label>, pg_error> new_enum_labels(const std::vector<std::string>& labels,
                                                          oid_t type_oid) {
  std::vector<enum_label> out;
  for (const auto& label : labels) {
    if (auto r = check_label(label); !r)
      return fail(r.error());
    for (const auto& earlier : out)
      if (earlier.label == label)
        return fail(make_pg_error(
            "23505", "duplicate key value violates unique constraint \"pg_enum_typid_label_index\"",
            "Key (enumtypid, enumlabel)=(" + std::to_string(type_oid) + ", " + label +
                ") already exists."));
    out.push_back({label, static_cast<double>(out.size() + 1)});
  }
  return out;
}

result<std::optional<label_placement>, pg_error> place_new_label(const enum_definition& type,
                                                                 const add_value_request& request) {
  if (auto r = check_label(request.label); !r)
    return fail(r.error());
  if (type.contains(request.label)) {
    if (request.if_not_exists)
      return std::optional<label_placement>{};
    return fail(label_exists(request.label));
  }
  std::vector<enum_label> labels = type.labels;
  label_placement out;
  if (request.neighbor.empty()) {
    out.added = {request.label, labels.empty() ? 1.0 : labels.back().sort_order + 1};
    return std::optional<label_placement>{std::move(out)};
  }
  auto at = std::find_if(labels.begin(), labels.end(),
                         [&](const enum_label& l) { return l.label == request.neighbor; });
  if (at == labels.end())
    return fail(not_an_existing_label(request.neighbor));
  // The new label goes between the neighbour and the label on its other side,
  // or, when there is none, one below / above it (as PostgreSQL's AddEnumLabel).
  const size_t index = static_cast<size_t>(at - labels.begin());
  auto sort_order_beside = [&]() -> std::optional<double> {
    const double neighbor = labels[index].sort_order;
    if (request.before && index == 0)
      return neighbor - 1;
    if (!request.before && index + 1 == labels.size())
      return neighbor + 1;
    const double other = labels[request.before ? index - 1 : index + 1].sort_order;
    const double middle = (neighbor + other) / 2;
    if (middle == neighbor || middle == other)
      return std::nullopt;  // halving ran out of precision
    return middle;
  };
  std::optional<double> sort_order = sort_order_beside();
  if (!sort_order) {
    // Number the labels 1, 2, 3, ... again, then place the new one.
    for (size_t i = 0; i < labels.size(); ++i)
      labels[i].sort_order = static_cast<double>(i + 1);
    out.renumbered = labels;
    sort_order = sort_order_beside();
  }
  out.added = {request.label, *sort_order};
  return std::optional<label_placement>{std::move(out)};
}

std::string enum_collation_name(oid_t type_oid) { return "pg_enum_" + std::to_string(type_oid); }

namespace {

std::optional<oid_t> oid_after_prefix(std::string_view collation, std::string_view prefix) {
  if (collation.substr(0, prefix.size()) != prefix)
    return std::nullopt;
  collation.remove_prefix(prefix.size());
  oid_t oid = 0;
  auto [end, ec] = std::from_chars(collation.data(), collation.data() + collation.size(), oid);
  if (ec != std::errc{} || end != collation.data() + collation.size() || oid == 0)
    return std::nullopt;
  return oid;
}

}  // namespace

std::optional<oid_t> enum_collation_oid(std::string_view collation) {
  return oid_after_prefix(collation, "pg_enum_");
}

bool takes_label_oid(oid_t candidate, double sort_order, const std::vector<numbered_label>& existing) {
  bool sorts_right = true;
  for (const auto& label : existing) {
    if (label.oid % 2 != 0)
      continue;  // an odd OID never decides an order
    if (label.sort_order < sort_order ? label.oid >= candidate : label.oid <= candidate) {
      sorts_right = false;
      break;
    }
  }
  return sorts_right == (candidate % 2 == 0);
}

bool column_type::is_enum_array() const { return enum_labels != nullptr && oid != enum_labels->oid; }

std::string enum_array_collation_name(oid_t enum_oid) {
  return "pg_enum_array_" + std::to_string(enum_oid);
}

std::optional<oid_t> enum_array_collation_oid(std::string_view collation) {
  return oid_after_prefix(collation, "pg_enum_array_");
}

result<enum_label, pg_error> rename_label(const enum_definition& type, std::string_view from,
                                          std::string_view to) {
  if (auto r = check_label(to); !r)
    return fail(r.error());
  const enum_label* existing = find_label(type, from);
  if (!existing)
    return fail(not_an_existing_label(from));
  if (type.contains(to))
    return fail(label_exists(to));
  return enum_label{std::string(to), existing->sort_order};
}

}  // namespace tributary
