// Reading UTF-8 one code point at a time, malformed input included.

#include "ui/text/utf8.hpp"

#include <doctest/doctest.h>

#include <string_view>
#include <vector>

namespace aabb::ui {

namespace {

std::vector<char32_t> code_points(std::string_view text) {
    std::vector<char32_t> out;
    for (std::size_t at = 0; at < text.size();)
        out.push_back(next_code_point(text, at));
    return out;
}

}  // namespace

TEST_CASE("ASCII, Latin-1, Chinese and four-byte characters decode") {
    CHECK(code_points("aZ") == std::vector<char32_t>{U'a', U'Z'});
    CHECK(code_points("°") == std::vector<char32_t>{0xB0});
    CHECK(code_points("碰撞") == std::vector<char32_t>{0x78B0, 0x649E});
    CHECK(code_points("\xF0\x9F\x98\x80") == std::vector<char32_t>{0x1F600});
}

TEST_CASE("a cut or malformed sequence is one replacement character and reading goes on") {
    CHECK(code_points("\xE7\xA2") == std::vector<char32_t>{0xFFFD});
    CHECK(code_points("\xE7"
                      "a") == std::vector<char32_t>{0xFFFD, U'a'});
}

}  // namespace aabb::ui
