// Chinese-aware line breaking: breaks at spaces and next to CJK characters, keeps punctuation
// with its neighbours and numbers whole, cuts only words wider than the line.

#include "ui/text/line_breaking.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace aabb::ui {

namespace {

/// Monospace: ASCII 1 wide, everything else 2 (as Chinese glyphs are about twice as wide).
float cell_width(char32_t c) {
    return c < 0x80 ? 1.0f : 2.0f;
}

std::vector<std::string> wrapped(std::string_view text, float width) {
    std::vector<std::string> lines;
    for (const std::string_view line : wrap_lines(text, width, cell_width))
        lines.emplace_back(line);
    return lines;
}

using Lines = std::vector<std::string>;

}  // namespace

TEST_CASE("Latin text breaks at spaces, like word wrapping, and keeps numbers whole") {
    CHECK(wrapped("the quick brown fox", 10) == Lines{"the quick", "brown fox"});
    CHECK(wrapped("toi 0.40 exit", 8) == Lines{"toi 0.40", "exit"});
    CHECK(wrapped("short", 80) == Lines{"short"});
    CHECK(wrapped("", 10) == Lines{""});
    // A word wider than the line is cut where the width runs out.
    CHECK(wrapped("abcdefghij", 4) == Lines{"abcd", "efgh", "ij"});
    // Spaces at a break are dropped.
    CHECK(wrapped("aaa    bbb", 5) == Lines{"aaa", "bbb"});
}

TEST_CASE("Chinese text breaks between any two characters, never before closing punctuation") {
    // 6 characters of width 2: three per line of width 6.
    CHECK(wrapped("碰撞检测方法", 6) == Lines{"碰撞检", "测方法"});
    // "，" may not start a line: the character before it moves down with it.
    CHECK(wrapped("包围盒，四叉树", 6) == Lines{"包围", "盒，四", "叉树"});
    // "（" may not end a line.
    CHECK(wrapped("宽相（AABB）", 6) == Lines{"宽相", "（AABB", "）"});
    // Mixed text keeps Latin words and numbers whole.
    CHECK(wrapped("子弹每步移动 10，从 x = [0, 1]", 14) ==
          Lines{"子弹每步移动", "10，从 x = [0,", "1]"});
}

TEST_CASE("line breaks in the text end lines; a character wider than the line stands alone") {
    CHECK(wrapped("第一行\n第二行", 80) == Lines{"第一行", "第二行"});
    CHECK(wrapped("a\n\nb", 80) == Lines{"a", "", "b"});
    CHECK(wrapped("碰撞", 1) == Lines{"碰", "撞"});
}

TEST_CASE("has_cjk finds Chinese characters and full-width punctuation") {
    CHECK(has_cjk("隧穿"));
    CHECK(has_cjk("a，b"));
    CHECK_FALSE(has_cjk("plain English, 0.40 (ascii)"));
    CHECK_FALSE(has_cjk(""));
}

}  // namespace aabb::ui
