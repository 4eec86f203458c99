// pg_calendar: see the header. The day <-> date conversion counts from
// 0000-03-01, so that a leap day is the last day of its (March-based) year, in
// 400-year eras of 146097 days (Howard Hinnant's well-known algorithm).
#include "stages/types/datetime/pg_calendar.hpp"

namespace tributary {
namespace {

// Days from 0000-03-01 to 2000-01-01.
constexpr int64_t days_from_0000_03_01_to_epoch = 730'425;

}  // namespace

int64_t floor_divide(int64_t a, int64_t b) {
  int64_t q = a / b;
  if (a % b != 0 && ((a < 0) != (b < 0)))
    --q;
  return q;
}

bool is_leap_year(int64_t year) {
  return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
}

int days_in_month(int64_t year, int month) {
  static constexpr int lengths[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (month == 2 && is_leap_year(year))
    return 29;
  return lengths[(month - 1) % 12];
}

int64_t days_from_civil(int64_t year, int month, int64_t day) {
  const int64_t march_year = month <= 2 ? year - 1 : year;
  const int64_t era = floor_divide(march_year, 400);
  const int64_t year_of_era = march_year - era * 400;
  const int64_t month_from_march = month > 2 ? month - 3 : month + 9;
  const int64_t day_of_year = (153 * month_from_march + 2) / 5 + day - 1;
  const int64_t day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
  return era * 146'097 + day_of_era - days_from_0000_03_01_to_epoch;
}

civil_date civil_from_days(int64_t days) {
  const int64_t z = days + days_from_0000_03_01_to_epoch;
  const int64_t era = floor_divide(z, 146'097);
  const int64_t day_of_era = z - era * 146'097;
  const int64_t year_of_era =
      (day_of_era - day_of_era / 1460 + day_of_era / 36'524 - day_of_era / 146'096) / 365;
  const int64_t day_of_year =
      day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
  const int64_t month_from_march = (5 * day_of_year + 2) / 153;
  civil_date out;
  out.day = static_cast<int>(day_of_year - (153 * month_from_march + 2) / 5 + 1);
  out.month = static_cast<int>(month_from_march < 10 ? month_from_march + 3 : month_from_march - 9);
  out.year = year_of_era + era * 400 + (out.month <= 2 ? 1 : 0);
  return out;
}

bool julian_date_in_range(int64_t year, int month) {
  constexpr int64_t min_year = -4713;  // astronomical year of 4714 BC
  constexpr int min_month = 11;
  constexpr int64_t max_year = 5'874'898;
  constexpr int max_month = 6;
  return (year > min_year || (year == min_year && month >= min_month)) &&
         (year < max_year || (year == max_year && month < max_month));
}

}  // namespace tributary
