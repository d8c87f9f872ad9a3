// The rolling history behind the panel's plots.

#include <doctest/doctest.h>

#include <stdexcept>

#include "ui/view/rolling_history.hpp"

namespace aabb::ui {

TEST_CASE("rolling history keeps the latest samples oldest first") {
    RollingHistory history(3);
    CHECK(history.empty());
    CHECK(history.latest() == 0.0f);
    history.push(1.0f);
    history.push(2.0f);
    CHECK(history.size() == 2);
    CHECK(history.oldest_index() == 0);
    CHECK(history.at(0) == 1.0f);
    CHECK(history.at(1) == 2.0f);
    history.push(3.0f);
    history.push(4.0f);  // forgets 1
    CHECK(history.size() == 3);
    CHECK(history.at(0) == 2.0f);
    CHECK(history.at(2) == 4.0f);
    CHECK(history.latest() == 4.0f);
    CHECK(history.max() == 4.0f);
    CHECK(history.average() == doctest::Approx(3.0f));
    // The ring layout PlotLines reads: values[(offset + i) % capacity] is the i-th oldest.
    for (std::size_t i = 0; i < history.size(); ++i) {
        CHECK(history.ring_data()[(history.oldest_index() + i) % history.capacity()] ==
              history.at(i));
    }
    history.clear();
    CHECK(history.empty());
    CHECK(history.max() == 0.0f);
}

TEST_CASE("rolling history rejects zero capacity") {
    CHECK_THROWS_AS(RollingHistory(0), std::invalid_argument);
}

}  // namespace aabb::ui
