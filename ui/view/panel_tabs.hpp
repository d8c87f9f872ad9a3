#pragma once
// The side panel's tabs: the one list the tab buttons, their tooltips, `--panel-tab` (its
// accepted names, errors and help) and the panel's pages (ui/panels/pages/) come from.
// Plain data, no ImGui, so the command line can use it without the window.

#include <array>
#include <optional>
#include <string_view>

namespace aabb::ui {

/// The panel's tabs, in display order.
enum class PanelTab { broad_phase, time, objects, tools, scenes, view, lessons };

/// One tab: how it is named on the command line and shown in the panel.
struct PanelTabSpec {
    /// The tab.
    PanelTab tab;
    /// Its name for `--panel-tab` ("broad-phase").
    std::string_view cli_name;
    /// Its button label ("Broad phase").
    const char* label;
    /// The button's tooltip: what the tab holds.
    const char* tooltip;
};

/// Every tab, in display order.
inline constexpr auto panel_tab_specs = std::to_array<PanelTabSpec>({
    {PanelTab::broad_phase, "broad-phase", "Broad phase",
     "the algorithm's options, counts, structure facts, stage timings"},
    {PanelTab::time, "time", "Time", "speed, step back (Left arrow), slow motion, auto-pause"},
    {PanelTab::objects, "objects", "Objects", "the selected object and the pair inspector"},
    {PanelTab::tools, "tools", "Tools", "bullets, walls, shapes, move, erase, spray, clear"},
    {PanelTab::scenes, "scenes", "Scenes", "box count and seed, built-in scenes, open / save"},
    {PanelTab::view, "view", "View", "canvas layers and their colors, fit view"},
    {PanelTab::lessons, "lessons", "Lessons",
     "guided lessons by curriculum section; PageDown / PageUp step through them (L)"},
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
