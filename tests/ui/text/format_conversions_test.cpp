// Comparing printf formats by what they take: the catalog's compile-time check that both
// languages of a key take the same arguments.

#include "ui/text/format_conversions.hpp"

#include <doctest/doctest.h>

namespace aabb::ui {

TEST_CASE("argument types and order count; widths, precisions and literal text do not") {
    CHECK(same_format_arguments("step %llu", "第 %llu 步"));
    CHECK(same_format_arguments("%.2f%% of brute force", "暴力法的 %.3f%%"));
    CHECK(same_format_arguments("%-4s [%8.3f]", "%s [%.1f]"));
    CHECK(same_format_arguments("no conversions", "没有转换"));
    CHECK(same_format_arguments("%*d", "%*d"));
    CHECK_FALSE(same_format_arguments("%s then %d", "%d then %s"));
    CHECK_FALSE(same_format_arguments("%zu", "%u"));
    CHECK_FALSE(same_format_arguments("%llu boxes", "boxes"));
    CHECK_FALSE(same_format_arguments("%*d", "%d"));
    CHECK_FALSE(same_format_arguments("100%", "100%"));  // a lone % is malformed
    CHECK_FALSE(same_format_arguments("%y", "%y"));
}

TEST_CASE("the conversions of a format are walked in order") {
    FormatConversions conversions("%-4s [%8.3f] %llu%% %*d");
    REQUIRE(conversions.next());
    CHECK(conversions.current() == FormatConversion{"", 's', 0});
    REQUIRE(conversions.next());
    CHECK(conversions.current() == FormatConversion{"", 'f', 0});
    REQUIRE(conversions.next());
    CHECK(conversions.current() == FormatConversion{"ll", 'u', 0});
    REQUIRE(conversions.next());
    CHECK(conversions.current() == FormatConversion{"", 'd', 1});
    CHECK_FALSE(conversions.next());
    CHECK(conversions.valid());
}

}  // namespace aabb::ui
