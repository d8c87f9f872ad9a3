#pragma once
// The side panel's tabs: the one list the tab buttons, their tooltips, `--panel-tab` (its
// accepted names, errors and help) and the panel's pages (ui/panels/pages/) come from.
// Plain data, no ImGui, so the command line can use it without the window. Labels and tooltips
// are keys of the text catalog (ui/text/catalog/panel_texts.inc); cli_name is never translated.

#include <array>
#include <optional>
#include <string_view>

#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

/// The panel's tabs, in display order.
enum class PanelTab { broad_phase, time, objects, tools, scenes, view, lessons, tunneling };

/// One tab: how it is named on the command line and shown in the panel.
struct PanelTabSpec {
    /// The tab.
    PanelTab tab;
    /// Its name for `--panel-tab` ("broad-phase").
    std::string_view cli_name;
    /// Its button label ("Broad phase").
    TextKey label;
    /// The button's tooltip: what the tab holds.
    TextKey tooltip;
};

/// Every tab, in display order.
inline constexpr auto panel_tab_specs = std::to_array<PanelTabSpec>({
    {PanelTab::broad_phase, "broad-phase", TextKey::tab_broad_phase, TextKey::tab_broad_phase_tip},
    {PanelTab::time, "time", TextKey::tab_time, TextKey::tab_time_tip},
    {PanelTab::objects, "objects", TextKey::tab_objects, TextKey::tab_objects_tip},
    {PanelTab::tools, "tools", TextKey::tab_tools, TextKey::tab_tools_tip},
    {PanelTab::scenes, "scenes", TextKey::tab_scenes, TextKey::tab_scenes_tip},
    {PanelTab::view, "view", TextKey::tab_view, TextKey::tab_view_tip},
    {PanelTab::lessons, "lessons", TextKey::tab_lessons, TextKey::tab_lessons_tip},
    {PanelTab::tunneling, "tunneling", TextKey::tab_tunneling, TextKey::tab_tunneling_tip},
});

/// The spec of `tab`.
[[nodiscard]] constexpr const PanelTabSpec& panel_tab_spec(PanelTab tab) {
    return panel_tab_specs[static_cast<std::size_t>(tab)];
}

/// The tab named `cli_name` on the command line, if any.
[[nodiscard]] constexpr std::optional<PanelTab> panel_tab_named(std::string_view cli_name) {
    for (const PanelTabSpec& spec : panel_tab_specs) {
        if (spec.cli_name == cli_name) return spec.tab;
    }
    return std::nullopt;
}

// The table is indexed by the enum: each row must sit at its tab's position.
static_assert([] {
    for (std::size_t i = 0; i < panel_tab_specs.size(); ++i) {
        if (static_cast<std::size_t>(panel_tab_specs[i].tab) != i) return false;
    }
    return true;
}());

}  // namespace aabb::ui
