// range_value: the range types, bound order, range construction and
// multirange canonicalization of PostgreSQL 15's rangetypes.c and
// multirangetypes.c. See range_value.hpp.

#include "stages/types/verbatim/range_value.hpp"

#include <algorithm>
#include <array>
#include <limits>

#include "stages/types/builtin_types.hpp"
#include "stages/types/datetime/pg_calendar.hpp"
#include "stages/types/stored_order.hpp"

namespace tributary {
namespace {

constexpr oid_t int4_oid = 23;
constexpr oid_t int8_oid = 20;
constexpr oid_t date_oid = 1082;

struct range_type_row {
  oid_t range_oid;
  oid_t multirange_oid;
  oid_t subtype;
  bool discrete;
};

constexpr range_type_row range_types[] = {
    {3904, 4451, int4_oid, true},  {3906, 4532, 1700, false}, {3908, 4533, 1114, false},
    {3910, 4534, 1184, false},     {3912, 4535, date_oid, true}, {3926, 4536, int8_oid, true},
};

int compare_bytes(std::string_view a, std::string_view b) {
  const int c = a.compare(b);
  return (c > 0) - (c < 0);
}

// The stored collation of a text-stored subtype (BINARY: bytes).
int (*text_order_of(oid_t subtype))(std::string_view, std::string_view) {
  const type_descriptor* d = find_builtin_type(subtype);
  if (d && d->collation != "BINARY")
    for (const auto& collation : stored_collations())
      if (collation.name == d->collation)
        return collation.compare;
  return compare_bytes;
}

const std::array<range_type_info, std::size(range_types)>& range_type_table() {
  static const auto table = [] {
    std::array<range_type_info, std::size(range_types)> out{};
    for (size_t i = 0; i < std::size(range_types); ++i) {
      const auto& row = range_types[i];
      out[i] = range_type_info{row.range_oid, row.multirange_oid, row.subtype, row.discrete,
                               false, find_type_codec(row.subtype), text_order_of(row.subtype)};
    }
    return out;
  }();
  return table;
}

int compare_values(const range_type_info& type, const sql_value& a, const sql_value& b) {
  const auto* ia = std::get_if<int64_t>(&a);
  const auto* ib = std::get_if<int64_t>(&b);
  if (ia && ib)
    return (*ia > *ib) - (*ia < *ib);
  const auto* ta = std::get_if<std::string>(&a);
  const auto* tb = std::get_if<std::string>(&b);
  if (ta && tb)
    return type.compare_texts ? type.compare_texts(*ta, *tb) : compare_bytes(*ta, *tb);
  const auto ka = a.index(), kb = b.index();
  return (ka > kb) - (ka < kb);
}

// range_serialize's checks and normalisation, without the canonical function.
result<range_value, pg_error> serialize_range(const range_type_info& type, range_bound lower,
                                              range_bound upper, bool empty) {
  range_value out;
  if (empty) {
    out.empty = true;
    return out;
  }
  lower.lower = true;
  upper.lower = false;
  const int cmp = compare_bound_values(type, lower, upper);
  if (cmp > 0)
    return fail(make_pg_error(
        "22000", "range lower bound must be less than or equal to range upper bound"));
  if (cmp == 0 && !(lower.inclusive && upper.inclusive)) {
    out.empty = true;
    return out;
  }
  for (range_bound* bound : {&lower, &upper})
    if (bound->infinite) {
      bound->inclusive = false;
      bound->value = sql_null{};
    }
  out.lower = std::move(lower);
  out.upper = std::move(upper);
  return out;
}

bool is_infinite_date(const sql_value& value) {
  const auto* days = std::get_if<int64_t>(&value);
  return days && (*days == std::numeric_limits<int32_t>::min() ||
                  *days == std::numeric_limits<int32_t>::max());
}

// int4pl / int8pl / date_pli of value and 1.
result<ok_t, pg_error> add_one(oid_t subtype, sql_value& value) {
  auto* v = std::get_if<int64_t>(&value);
  if (!v)
    return ok_v;
  if (subtype == int4_oid && *v >= std::numeric_limits<int32_t>::max())
    return fail(make_pg_error("22003", "integer out of range"));
  if (subtype == int8_oid && *v == std::numeric_limits<int64_t>::max())
    return fail(make_pg_error("22003", "bigint out of range"));
  if (subtype == date_oid && !date_in_range(*v + 1))
    return fail(make_pg_error("22008", "date out of range"));
  *v += 1;
  return ok_v;
}

// int4range_canonical / int8range_canonical / daterange_canonical.
result<range_value, pg_error> canonicalize_range(const range_type_info& type, range_value range) {
  const auto shiftable = [&](const range_bound& b) {
    return !b.infinite && !(type.subtype == date_oid && is_infinite_date(b.value));
  };
  if (shiftable(range.lower) && !range.lower.inclusive) {
    if (auto added = add_one(type.subtype, range.lower.value); !added.ok())
      return fail(added.error());
    range.lower.inclusive = true;
  }
  if (shiftable(range.upper) && range.upper.inclusive) {
    if (auto added = add_one(type.subtype, range.upper.value); !added.ok())
      return fail(added.error());
    range.upper.inclusive = false;
  }
  return serialize_range(type, std::move(range.lower), std::move(range.upper), false);
}

// bounds_adjacent: an upper bound `a` and a lower bound `b` with nothing between.
result<bool, pg_error> bounds_adjacent(const range_type_info& type, range_bound a, range_bound b) {
  const int cmp = compare_bound_values(type, a, b);
  if (cmp > 0)
    return false;
  if (cmp == 0)
    return a.inclusive != b.inclusive;
  if (!type.discrete)
    return false;
  a.inclusive = !a.inclusive;
  b.inclusive = !b.inclusive;
  auto between = make_range(type, std::move(a), std::move(b), false);
  if (!between.ok())
    return fail(between.error());
  return between->empty;
}

result<bool, pg_error> ranges_adjacent(const range_type_info& type, const range_value& a,
                                       const range_value& b) {
  if (a.empty || b.empty)
    return false;
  auto forward = bounds_adjacent(type, a.upper, b.lower);
  if (!forward.ok() || *forward)
    return forward;
  return bounds_adjacent(type, b.upper, a.lower);
}

// range_union_internal of two ranges that overlap or touch.
result<range_value, pg_error> union_of(const range_type_info& type, const range_value& a,
                                       const range_value& b) {
  const range_bound& lower = compare_bounds(type, a.lower, b.lower) < 0 ? a.lower : b.lower;
  const range_bound& upper = compare_bounds(type, a.upper, b.upper) > 0 ? a.upper : b.upper;
  return make_range(type, lower, upper, false);
}

// PostgreSQL's qsort (sort_template.h), which multirange_canonicalize sorts
// with: Bentley and McIlroy's quicksort, an insertion sort below 7 elements,
// and input already in order left as it is. It is not stable, and ranges that
// compare equal but print differently (numrange [1.0,2) and [1,2)) keep the
// order it leaves them in, which decides the text of a merged range; so it is
// done the same way here.
class postgres_qsort {
public:
  postgres_qsort(const range_type_info& type, std::vector<range_value>& ranges)
      : type_(type), ranges_(ranges) {}

  void sort(size_t a, size_t n) {
    for (;;) {
      if (n < 7) {
        for (size_t m = a + 1; m < a + n; ++m)
          for (size_t l = m; l > a && compare(l - 1, l) > 0; --l)
            swap(l, l - 1);
        return;
      }
      bool presorted = true;
      for (size_t m = a + 1; m < a + n && presorted; ++m)
        presorted = compare(m - 1, m) <= 0;
      if (presorted)
        return;
      size_t pm = a + n / 2;
      if (n > 7) {
        size_t pl = a, pn = a + n - 1;
        if (n > 40) {
          const size_t d = n / 8;
          pl = median_of_three(pl, pl + d, pl + 2 * d);
          pm = median_of_three(pm - d, pm, pm + d);
          pn = median_of_three(pn - 2 * d, pn - d, pn);
        }
        pm = median_of_three(pl, pm, pn);
      }
      swap(a, pm);
      size_t pa = a + 1, pb = a + 1, pc = a + n - 1, pd = a + n - 1;
      for (;;) {
        for (int r = 0; pb <= pc && (r = compare(pb, a)) <= 0; ++pb)
          if (r == 0)
            swap(pa++, pb);
        for (int r = 0; pb <= pc && (r = compare(pc, a)) >= 0; --pc)
          if (r == 0)
            swap(pc, pd--);
        if (pb > pc)
          break;
        swap(pb++, pc--);
      }
      const size_t pn = a + n;
      size_t d1 = std::min(pa - a, pb - pa);
      swap_runs(a, pb - d1, d1);
      d1 = std::min(pd - pc, pn - pd - 1);
      swap_runs(pb, pn - d1, d1);
      d1 = pb - pa;
      const size_t d2 = pd - pc;
      if (d1 <= d2) {
        if (d1 > 1)
          sort(a, d1);
        if (d2 <= 1)
          return;
        a = pn - d2;
        n = d2;
      } else {
        if (d2 > 1)
          sort(pn - d2, d2);
        if (d1 <= 1)
          return;
        n = d1;
      }
    }
  }

private:
  int compare(size_t i, size_t j) const { return compare_ranges(type_, ranges_[i], ranges_[j]); }
  void swap(size_t i, size_t j) { std::swap(ranges_[i], ranges_[j]); }
  void swap_runs(size_t i, size_t j, size_t count) {
    for (size_t k = 0; k < count; ++k)
      swap(i + k, j + k);
  }
  size_t median_of_three(size_t a, size_t b, size_t c) const {
    if (compare(a, b) < 0)
      return compare(b, c) < 0 ? b : (compare(a, c) < 0 ? c : a);
    return compare(b, c) > 0 ? b : (compare(a, c) < 0 ? a : c);
  }

  const range_type_info& type_;
  std::vector<range_value>& ranges_;
};

}  // namespace

std::optional<range_type_info> find_range_type(oid_t oid) {
  for (const auto& info : range_type_table()) {
    if (info.range_oid == oid)
      return info;
    if (info.multirange_oid == oid) {
      range_type_info out = info;
      out.multirange = true;
      return out;
    }
  }
  return std::nullopt;
}

int compare_bound_values(const range_type_info& type, const range_bound& a, const range_bound& b) {
  if (a.infinite && b.infinite)
    return a.lower == b.lower ? 0 : (a.lower ? -1 : 1);
  if (a.infinite)
    return a.lower ? -1 : 1;
  if (b.infinite)
    return b.lower ? 1 : -1;
  return compare_values(type, a.value, b.value);
}

int compare_bounds(const range_type_info& type, const range_bound& a, const range_bound& b) {
  if (a.infinite || b.infinite)
    return compare_bound_values(type, a, b);
  const int cmp = compare_values(type, a.value, b.value);
  if (cmp != 0)
    return cmp;
  if (!a.inclusive && !b.inclusive)
    return a.lower == b.lower ? 0 : (a.lower ? 1 : -1);
  if (!a.inclusive)
    return a.lower ? 1 : -1;
  if (!b.inclusive)
    return b.lower ? -1 : 1;
  return 0;
}

int compare_ranges(const range_type_info& type, const range_value& a, const range_value& b) {
  if (a.empty || b.empty)
    return static_cast<int>(b.empty) - static_cast<int>(a.empty);
  const int cmp = compare_bounds(type, a.lower, b.lower);
  return cmp != 0 ? cmp : compare_bounds(type, a.upper, b.upper);
}

int compare_multiranges(const range_type_info& type, const std::vector<range_value>& a,
                        const std::vector<range_value>& b) {
  for (size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
    if (i >= a.size())
      return -1;
    if (i >= b.size())
      return 1;
    if (const int cmp = compare_ranges(type, a[i], b[i]); cmp != 0)
      return cmp;
  }
  return 0;
}

result<range_value, pg_error> make_range(const range_type_info& type, range_bound lower,
                                         range_bound upper, bool empty) {
  auto range = serialize_range(type, std::move(lower), std::move(upper), empty);
  if (!range.ok() || range->empty || !type.discrete)
    return range;
  return canonicalize_range(type, std::move(*range));
}

result<std::vector<range_value>, pg_error> canonicalize_multirange(
    const range_type_info& type, std::vector<range_value> ranges) {
  postgres_qsort(type, ranges).sort(0, ranges.size());
  std::vector<range_value> out;
  for (auto& range : ranges) {
    if (range.empty)
      continue;
    if (out.empty()) {
      out.push_back(std::move(range));
      continue;
    }
    auto adjacent = ranges_adjacent(type, out.back(), range);
    if (!adjacent.ok())
      return fail(adjacent.error());
    if (!*adjacent && compare_bounds(type, out.back().upper, range.lower) < 0) {
      out.push_back(std::move(range));
      continue;
    }
    auto merged = union_of(type, out.back(), range);
    if (!merged.ok())
      return fail(merged.error());
    out.back() = std::move(*merged);
  }
  return out;
}

}  // namespace tributary
