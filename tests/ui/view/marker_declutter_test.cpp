// Tunneling markers declutter: at most the label budget is labelled (looked-at ones first,
// then the newest), the rest merge into dots per screen cell and are all counted.

#include <doctest/doctest.h>

#include <vector>

#include "ui/view/marker_declutter.hpp"

namespace aabb::ui {

TEST_CASE("marker declutter: 500 markers give 6 labels and dots counting the other 494") {
    std::vector<MarkerCandidate> markers;
    for (int i = 0; i < 500; ++i)
        markers.push_back({{10.0f + static_cast<float>(i % 25) * 20.0f,
                            10.0f + static_cast<float>(i / 25) * 20.0f},
                           false});
    markers[17].wanted = true;
    const ScreenRect view{{0.0f, 0.0f}, {1000.0f, 1000.0f}};
    const MarkerLayout layout = declutter_markers(markers, view, 6, 40.0f);
    REQUIRE(layout.labelled.size() == 6);
    CHECK(layout.labelled[0] == 17);   // looked at first
    CHECK(layout.labelled[1] == 499);  // then the newest
    CHECK(layout.labelled[5] == 495);
    CHECK(layout.dotted == 494);
    std::size_t in_dots = 0;
    for (const MarkerDot& dot : layout.dots)
        in_dots += dot.count;
    CHECK(in_dots == 494);
    // 20-pixel spacing on a 40-pixel grid: about four markers a dot.
    CHECK(layout.dots.size() < 140);
}

TEST_CASE("marker declutter: markers off screen are neither labelled nor dotted") {
    const std::vector<MarkerCandidate> markers{
        {{-5.0f, 5.0f}, true}, {{5.0f, 5.0f}, false}, {{500.0f, 5.0f}, false}};
    const MarkerLayout layout =
        declutter_markers(markers, {{0.0f, 0.0f}, {100.0f, 100.0f}}, 6, 10.0f);
    CHECK(layout.labelled == std::vector<std::size_t>{1});
    CHECK(layout.dots.empty());
    CHECK(layout.dotted == 0);
}

}  // namespace aabb::ui
