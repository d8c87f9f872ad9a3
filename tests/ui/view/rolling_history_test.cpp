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

TEST_CASE("a rolling ring of any value forgets its newest samples on request, oldest first") {
    struct Sample {
        int step = 0;
        char path = ' ';
    };
    RollingRing<Sample> ring(3);
    ring.drop_newest();  // nothing to forget
    CHECK(ring.empty());
    for (int step = 1; step <= 5; ++step)
        ring.push({step, static_cast<char>('a' + step)});
    CHECK(ring.size() == 3);
    CHECK(ring.at(0).step == 3);
    ring.drop_newest();  // 5
    CHECK(ring.size() == 2);
    CHECK(ring.at(0).step == 3);
    CHECK(ring.latest().step == 4);
    ring.push({6, 'x'});
    CHECK(ring.at(0).step == 3);
    CHECK(ring.at(1).step == 4);
    CHECK(ring.at(2).step == 6);
    CHECK(ring.latest().path == 'x');
    ring.push({7, 'y'});  // forgets 3
    CHECK(ring.at(0).step == 4);
    CHECK(ring.at(2).step == 7);
    for (std::size_t i = 0; i < ring.size(); ++i)
        CHECK(ring.ring_data()[(ring.oldest_index() + i) % ring.capacity()].step ==
              ring.at(i).step);
    RollingHistory history(4);
    history.push(1.0f);
    history.push(9.0f);
    history.drop_newest();
    CHECK(history.max() == 1.0f);
    CHECK(history.latest() == 1.0f);
}

TEST_CASE("rolling history rejects zero capacity") {
    CHECK_THROWS_AS(RollingHistory(0), std::invalid_argument);
}

}  // namespace aabb::ui
