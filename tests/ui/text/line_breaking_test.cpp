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
    // Mixed text keeps Latin words, numbers and intervals whole.
    CHECK(wrapped("子弹每步移动 10，从 x = [0, 1]", 14) ==
          Lines{"子弹每步移动", "10，从 x =", "[0, 1]"});
}

TEST_CASE("an interval, a point or a short call is never cut (issue 49: '[0.40, 0.' / '55]')") {
    // Where the width runs out inside "[0.40, 0.55]" (at ", "), the whole interval moves down:
    // ImGui's word wrap cut it after "0." in 08 s1, 09 s1, 13 s5 and 15 s3.
    CHECK(wrapped("overlaps the wall for τ in [0.40, 0.55] of the step", 34) ==
          Lines{"overlaps the wall for τ in", "[0.40, 0.55] of the step"});
    CHECK(wrapped("它只在 τ ∈ [0.40, 0.55] 期间与墙重叠", 20) ==
          Lines{"它只在 τ ∈", "[0.40, 0.55] 期间与", "墙重叠"});
    CHECK(wrapped("the hit point (2, 2) here", 17) == Lines{"the hit point", "(2, 2) here"});
    CHECK(wrapped("enter = max(0, 0.40, −∞) = 0.40", 20) ==
          Lines{"enter =", "max(0, 0.40, −∞) =", "0.40"});
    // Numbers stay whole at their '.' and ',' in both languages.
    CHECK(wrapped("a 1,000,405 b 0.0625 c", 10) == Lines{"a", "1,000,405", "b 0.0625 c"});
    CHECK(wrapped("x 0.0625 y", 7) == Lines{"x", "0.0625", "y"});
    // A group longer than max_kept_group_bytes may break at its spaces; its short groups may not.
    CHECK(wrapped("(its corner (11, 6) is at 28.6 degrees, inside the view)", 20) ==
          Lines{"(its corner (11, 6)", "is at 28.6 degrees,", "inside the view)"});
    // A group wider than the line is cut where the width runs out, as a long word is.
    CHECK(wrapped("[0.40, 0.55]", 6) == Lines{"[0.40,", "0.55]"});
}

TEST_CASE("spans the caller keeps together (a formula's values) are never cut") {
    const std::string text = "pairs = 499,500 of 1 000 000 tests";
    // Without a kept span "1 000 000" may break at its spaces; kept, it moves down whole.
    CHECK(wrapped("pairs = 499,500 of 1 000 000 tests", 22) ==
          Lines{"pairs = 499,500 of 1", "000 000 tests"});
    const KeepTogether value{text.find("1 000 000"), text.find("1 000 000") + 9};
    std::vector<std::string> lines;
    for (const std::string_view line :
         wrap_lines(text, 22, cell_width, std::span<const KeepTogether>(&value, 1)))
        lines.emplace_back(line);
    CHECK(lines == Lines{"pairs = 499,500 of", "1 000 000 tests"});
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
