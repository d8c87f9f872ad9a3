// FNV-1a against its published test vectors, and the hasher on float bits.

#include <doctest/doctest.h>

#include "core/world/state_hash.hpp"

namespace aabb {

TEST_CASE("FNV-1a 64 matches the reference vectors") {
    CHECK(fnv1a({}) == 0xcbf29ce484222325ull);
    const unsigned char a[] = {'a'};
    CHECK(fnv1a(a) == 0xaf63dc4c8601ec8cull);
    const unsigned char foobar[] = {'f', 'o', 'o', 'b', 'a', 'r'};
    CHECK(fnv1a(foobar) == 0x85944171f73967e8ull);
}

TEST_CASE("the state hasher sees float bits, including the sign of zero") {
    StateHasher zero;
    zero.add(0.0f);
    StateHasher negative_zero;
    negative_zero.add(-0.0f);
    CHECK(zero.value() != negative_zero.value());
    StateHasher again;
    again.add(0.0f);
    CHECK(again.value() == zero.value());
}

}  // namespace aabb
