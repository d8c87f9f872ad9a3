// The traversal stack keeps LIFO order across its inline part and its spill-over, and the wide
// perimeter stays finite where float sizes overflow.

#include "core/broadphase/tree/tree_traversal.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>

namespace aabb {

TEST_CASE("traversal stack: LIFO order across the inline capacity") {
    TraversalStack<int, 4> stack;
    CHECK(stack.empty());
    for (int i = 0; i < 10; ++i)
        stack.push(i);
    CHECK(stack.size() == 10);
    for (int i = 9; i >= 5; --i)
        CHECK(stack.pop() == i);
    // Pushing again after partial pops still keeps order.
    stack.push(100);
    stack.push(101);
    CHECK(stack.pop() == 101);
    CHECK(stack.pop() == 100);
    for (int i = 4; i >= 0; --i)
        CHECK(stack.pop() == i);
    CHECK(stack.empty());
}

TEST_CASE("wide perimeter: finite for boxes spanning the float range") {
    const float largest = std::numeric_limits<float>::max();
    CHECK(wide_perimeter(Box2{{0, 0}, {2, 3}}) == 10.0);
    const Box2 huge{{-largest, -largest}, {largest, largest}};
    CHECK(std::isinf(perimeter(huge)));
    CHECK(std::isfinite(wide_perimeter(huge)));
    CHECK(wide_perimeter(huge) == doctest::Approx(8.0 * double{largest}));
}

}  // namespace aabb
