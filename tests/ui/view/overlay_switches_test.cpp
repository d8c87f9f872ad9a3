// Overlay switches by name from the command line.

#include <doctest/doctest.h>

#include <stdexcept>

#include "ui/view/overlay_switches.hpp"

namespace aabb::ui {

TEST_CASE("overlays are switched by their names, all, and errors list the names") {
    const std::vector<std::string_view> labels = {"shapes", "toi-ghosts", "structure"};
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

// Issue 48 item 12: --show's value reached the terminal raw (escape sequences, 100 KB lines).
TEST_CASE("an unknown overlay is quoted escaped and cut") {
    const std::vector<std::string_view> labels = {"shapes"};
    try {
        (void)apply_overlay_switches(labels, {true}, "\x1b[31m" + std::string(20'000, 'o'), "");
        FAIL("no exception");
    } catch (const std::invalid_argument& error) {
        const std::string message = error.what();
        CHECK(message.rfind("unknown overlay '\\x1B[31m" + std::string(75, 'o') + "…'", 0) == 0);
        CHECK(message.size() < 200);
    }
}

}  // namespace aabb::ui
