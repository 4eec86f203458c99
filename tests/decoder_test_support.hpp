// decoder_test_support: GoogleTest helpers shared by the pgoutput decoder
// tests: decode-and-expect a message kind, decode-and-expect an error, and
// the two-column table most tests use.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <variant>

#include "pgoutput_builder.hpp"
#include "stages/pgoutput/pgoutput_decoder.hpp"

namespace tributary::testkit {

constexpr uint32_t items_oid = 16385;

// public.items (id int4 key, name text).
inline std::string items_relation(std::optional<uint32_t> xid = std::nullopt,
                                  char identity = 'd') {
  return relation_msg(items_oid, "public", "items", identity,
                      {{"id", 23, true}, {"name", 25, false}}, xid);
}

// The message keeps its bytes (tuple values view them), as the server's do.
template <class T>
T expect_message(pgoutput_decoder& decoder, const std::string& bytes) {
  auto kept = std::make_shared<const std::string>(bytes);
  auto out = decoder.decode(*kept, kept);
  if (!out) {
    ADD_FAILURE() << "unexpected error: " << out.error().to_string();
    return T{};
  }
  if (!std::holds_alternative<T>(*out)) {
    ADD_FAILURE() << "decoded the wrong message kind (variant index " << out->index() << ")";
    return T{};
  }
  return std::get<T>(*out);
}

inline protocol_error expect_error(pgoutput_decoder& decoder, const std::string& bytes) {
  auto out = decoder.decode(bytes);
  if (out) {
    ADD_FAILURE() << "decoded malformed bytes without error (variant index " << out->index()
                  << ")";
    return {};
  }
  return out.error();
}

inline pgoutput_decoder decoder_with_items(int version = 1, bool parallel = false) {
  pgoutput_decoder decoder(decoder_options{version, parallel});
  EXPECT_TRUE(decoder.decode(items_relation()).ok());
  return decoder;
}

}  // namespace tributary::testkit
