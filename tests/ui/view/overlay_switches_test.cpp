// Overlay switches by name from the command line.

#include <doctest/doctest.h>

#include <stdexcept>

#include "ui/view/overlay_switches.hpp"

namespace aabb::ui {

TEST_CASE("overlays are switched by lower-case dashed names, all, and errors list the names") {
    CHECK(overlay_switch_name("TOI ghosts") == "toi-ghosts");
    const std::vector<std::string> labels = {"Shapes", "TOI ghosts", "Structure"};
    const std::vector<bool> current = {true, true, false};
    CHECK(apply_overlay_switches(labels, current, "", "") == current);
    CHECK(apply_overlay_switches(labels, current, "structure", "toi-ghosts") ==
          std::vector<bool>{true, false, true});
    CHECK(apply_overlay_switches(labels, current, "all", "shapes") ==
          std::vector<bool>{false, true, true});
    CHECK(apply_overlay_switches(labels, current, "", "all") == std::vector<bool>(3, false));
    try {
        (void)apply_overlay_switches(labels, current, "structure,nope", "");
        FAIL("no exception");
    } catch (const std::invalid_argument& error) {
        CHECK(std::string(error.what()).find("'nope'") != std::string::npos);
        CHECK(std::string(error.what()).find("toi-ghosts") != std::string::npos);
    }
}

}  // namespace aabb::ui
