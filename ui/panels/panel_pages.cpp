// The page of each tab. A new tab is a row in ui/view/panel_tabs.hpp, a page file in
// ui/panels/pages/ with its factory declared in panel_page.hpp, and its factory here, in tab
// order (a missing one fails to compile).

#include "ui/panels/panel_page.hpp"

#include <iterator>

namespace aabb::ui {

namespace {

/// The factory of each tab's page, in PanelTab order.
using PageFactory = std::unique_ptr<PanelPage> (*)(const SimulationController&);
constexpr PageFactory page_factories[] = {
    make_broad_phase_page, make_time_page, make_objects_page, make_tools_page,
    make_scenes_page,      make_view_page, make_lessons_page, make_tunneling_page};
static_assert(std::size(page_factories) == panel_tab_specs.size(),
              "every tab of panel_tab_specs needs its page factory here");

}  // namespace

std::unique_ptr<PanelPage> make_panel_page(PanelTab tab, const SimulationController& simulation) {
    return page_factories[static_cast<std::size_t>(tab)](simulation);
}

}  // namespace aabb::ui
