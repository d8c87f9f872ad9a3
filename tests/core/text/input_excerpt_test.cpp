// Quoting input in error messages: cut at the limit with "…", unprintable bytes escaped, valid
// UTF-8 kept whole and counted as one character.

#include "core/text/input_excerpt.hpp"

#include <doctest/doctest.h>

#include <string>

namespace aabb {

TEST_CASE("input_excerpt keeps short printable text as it is") {
    CHECK(input_excerpt("") == "");
    CHECK(input_excerpt("cell_size") == "cell_size");
    CHECK(input_excerpt("a b ~!") == "a b ~!");
    CHECK(input_excerpt("测试 box") == "测试 box");
}

TEST_CASE("input_excerpt cuts at the limit and marks the cut") {
    const std::string long_text(1'000'000, 'k');
    const std::string excerpt = input_excerpt(long_text);
    CHECK(excerpt == std::string(80, 'k') + "…");
    CHECK(input_excerpt(std::string(80, 'k')) == std::string(80, 'k'));
    CHECK(input_excerpt("abcdef", 3) == "abc…");
    // A UTF-8 character counts once and is never split.
    CHECK(input_excerpt("测试测试", 3) == "测试测…");
}

TEST_CASE("input_excerpt escapes every byte that is not printable") {
    CHECK(input_excerpt("a\nb\tc\rd") == "a\\nb\\tc\\rd");
    CHECK(input_excerpt(std::string("\x1b[31mred", 8)) == "\\x1B[31mred");
    CHECK(input_excerpt(std::string("\0x", 2)) == "\\x00x");
    CHECK(input_excerpt("back\\slash") == "back\\\\slash");
    CHECK(input_excerpt("\x7f") == "\\x7F");
    // Broken or overlong UTF-8, surrogates and C1 controls are bytes, not characters.
    CHECK(input_excerpt("\xe6\xb5") == "\\xE6\\xB5");
    CHECK(input_excerpt("\xc0\xaf") == "\\xC0\\xAF");
    CHECK(input_excerpt("\xed\xa0\x80") == "\\xED\\xA0\\x80");
    CHECK(input_excerpt("\xc2\x9b") == "\\xC2\\x9B");
    CHECK(input_excerpt("\xff") == "\\xFF");
    // Escapes count as one character each, so the message stays short.
    CHECK(input_excerpt(std::string(500, '\x01'), 4) == "\\x01\\x01\\x01\\x01…");
}

}  // namespace aabb
