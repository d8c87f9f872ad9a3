// Formula templates: literal text and {references}, braces escaped by doubling, and clear
// errors for unclosed or empty references.

#include "core/lesson/formula.hpp"

#include <doctest/doctest.h>

#include <stdexcept>

namespace aabb::lesson {

TEST_CASE("templates split into literal text and references") {
    const std::vector<FormulaPart> parts = split_formula("dx = min({A.max.x}, {B.max.x}) = {dx}");
    REQUIRE(parts.size() == 6);
    CHECK(parts[0].ref == FormulaRef::text);
    CHECK(parts[0].text == "dx = min(");
    CHECK(parts[1].ref == FormulaRef::readout);
    CHECK(parts[1].text == "A.max.x");
    CHECK(parts[4].text == ") = ");
    CHECK(parts[5].text == "dx");
    const std::vector<FormulaPart> braces = split_formula("{{x}} = {x}");
    REQUIRE(braces.size() == 2);
    CHECK(braces[0].text == "{x} = ");
    CHECK(split_formula("").empty());
}

TEST_CASE("bad templates") {
    CHECK_THROWS_WITH_AS((void)split_formula("{dx"),
                         "a '{' without its '}' (write '{{' for a brace)", std::invalid_argument);
    CHECK_THROWS_WITH_AS((void)split_formula("dx}"),
                         "a '}' without its '{' (write '}}' for a brace)", std::invalid_argument);
    CHECK_THROWS_WITH_AS((void)split_formula("{}"), "an empty '{}'", std::invalid_argument);
    CHECK_THROWS_AS((void)split_formula("{d x}"), std::invalid_argument);
    CHECK_THROWS_AS((void)split_formula("{" + std::string(65, 'a') + "}"), std::invalid_argument);
}

TEST_CASE("a resolved formula's plain text joins its segments") {
    ResolvedFormula formula;
    formula.segments = {{FormulaRef::text, "dx = ", "", "", ""},
                        {FormulaRef::readout, "-1.00", "dx", "slab_x", ""}};
    CHECK(formula.plain_text() == "dx = -1.00");
}

}  // namespace aabb::lesson
