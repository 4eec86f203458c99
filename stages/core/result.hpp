// result<T, E>: a value or an expected failure (conventions: failures that are
// expected are values; exceptions only for what ends the work).
#pragma once

#include <cassert>
#include <utility>
#include <variant>

namespace tributary {

template <class E>
struct failure_of {
  E error;
};

template <class E>
failure_of<E> fail(E e) {
  return failure_of<E>{std::move(e)};
}

template <class T, class E>
class result {
public:
  result(T value) : v_(std::in_place_index<0>, std::move(value)) {}
  result(failure_of<E> f) : v_(std::in_place_index<1>, std::move(f.error)) {}

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & { assert(ok()); return std::get<0>(v_); }
  const T& value() const& { assert(ok()); return std::get<0>(v_); }
  T&& value() && { assert(ok()); return std::get<0>(std::move(v_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

  const E& error() const { assert(!ok()); return std::get<1>(v_); }
  E& error() { assert(!ok()); return std::get<1>(v_); }

private:
  std::variant<T, E> v_;
};

// result of an operation with no value on success.
struct ok_t {};
inline constexpr ok_t ok_v{};

}  // namespace tributary
