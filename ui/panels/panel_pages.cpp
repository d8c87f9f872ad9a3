// The page of each tab. A new tab is a row in ui/view/panel_tabs.hpp, a page file in
// ui/panels/pages/ and a case here (the compiler warns about a missing case).

#include "ui/panels/pages/broad_phase_page.hpp"
#include "ui/panels/pages/objects_page.hpp"
#include "ui/panels/pages/scenes_page.hpp"
#include "ui/panels/pages/time_page.hpp"
#include "ui/panels/pages/tools_page.hpp"
#include "ui/panels/pages/view_page.hpp"
#include "ui/panels/panel_page.hpp"

namespace aabb::ui {

std::unique_ptr<PanelPage> make_panel_page(PanelTab tab, const SimulationController& simulation) {
    switch (tab) {
        case PanelTab::broad_phase:
            return std::make_unique<BroadPhasePage>();
        case PanelTab::time:
            return std::make_unique<TimePage>();
        case PanelTab::objects:
            return std::make_unique<ObjectsPage>();
        case PanelTab::tools:
            return std::make_unique<ToolsPage>();
        case PanelTab::scenes:
            return std::make_unique<ScenesPage>(simulation);
        case PanelTab::view:
            return std::make_unique<ViewPage>();
    }
    return nullptr;
}

}  // namespace aabb::ui
