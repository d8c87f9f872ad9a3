// The page of each tab. A new tab is a row in ui/view/panel_tabs.hpp, a page file in
// ui/panels/pages/ with its factory declared in panel_page.hpp, and a case here (the compiler
// warns about a missing case).

#include "ui/panels/panel_page.hpp"

namespace aabb::ui {

std::unique_ptr<PanelPage> make_panel_page(PanelTab tab, const SimulationController& simulation) {
    switch (tab) {
        case PanelTab::broad_phase:
            return make_broad_phase_page(simulation);
        case PanelTab::time:
            return make_time_page(simulation);
        case PanelTab::objects:
            return make_objects_page(simulation);
        case PanelTab::tools:
            return make_tools_page(simulation);
        case PanelTab::scenes:
            return make_scenes_page(simulation);
        case PanelTab::view:
            return make_view_page(simulation);
    }
    return nullptr;
}

}  // namespace aabb::ui
