#include "ui/view/panel_tabs.hpp"

#include <doctest/doctest.h>

#include <set>
#include <string>

using namespace aabb::ui;

TEST_CASE("every panel tab has a unique command-line name, a label and a tooltip") {
    std::set<std::string> names;
    for (const PanelTabSpec& spec : panel_tab_specs) {
        CHECK_FALSE(spec.cli_name.empty());
        // Command-line names are lower case with dashes, so they can be typed without quotes.
        for (const char c : spec.cli_name)
            CHECK(((c >= 'a' && c <= 'z') || c == '-'));
        names.emplace(spec.cli_name);
    }
    CHECK(names.size() == panel_tab_specs.size());
    // The buttons must tell the tabs apart in every language.
    for (const Language language : all_languages) {
        std::set<std::string> labels;
        for (const PanelTabSpec& spec : panel_tab_specs) {
            CHECK(std::string(text(language, spec.tooltip)).size() > 0);
            labels.emplace(text(language, spec.label));
        }
        CHECK(labels.size() == panel_tab_specs.size());
    }
}

TEST_CASE("a panel tab is found by its command-line name and nothing else") {
    for (const PanelTabSpec& spec : panel_tab_specs) {
        REQUIRE(panel_tab_named(spec.cli_name).has_value());
        CHECK(*panel_tab_named(spec.cli_name) == spec.tab);
        CHECK(&panel_tab_spec(spec.tab) == &spec);
    }
    CHECK(panel_tab_named("broad-phase") == PanelTab::broad_phase);
    CHECK_FALSE(panel_tab_named("Broad phase").has_value());
    CHECK_FALSE(panel_tab_named("").has_value());
    CHECK_FALSE(panel_tab_named("lessons-and-more").has_value());
}
