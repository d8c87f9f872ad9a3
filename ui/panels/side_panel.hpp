#pragma once
// The fixed panel at the right edge. Always visible at the top: the broad-phase choice, Pause
// / Single step and a summary of the live counts and timings. Below, one tab at a time (so
// nothing falls below the fold at 1280x720), as a grid of buttons from the tab table
// (ui/view/panel_tabs.hpp); each tab's content is a page (ui/panels/pages/). It reads the
// simulation and sends it commands; it holds only what the user is typing.

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ui/panels/panel_page.hpp"
#include "ui/text/framed_message.hpp"
#include "ui/view/camera.hpp"
#include "ui/view/panel_tabs.hpp"
#include "ui/view/panel_width.hpp"

namespace aabb::ui {

/// The side panel.
class SidePanel {
  public:
    /// A panel whose pages start at the controller's current state.
    explicit SidePanel(const SimulationController& simulation);

    /// The panel's rectangle for a display of `display_size` pixels (panel_width).
    [[nodiscard]] static ScreenRect area_for(glm::vec2 display_size);

    /// Brings `tab` to the front on the next draw (e.g. Objects when an object is selected).
    void show_tab(PanelTab tab) { requested_tab_ = tab; }
    /// The tab in front.
    [[nodiscard]] PanelTab current_tab() const { return current_tab_; }

    /// Shows above the tabs that the settings could not be saved, `problem` naming the file
    /// and the cause; an empty `problem` (the next save worked) clears it.
    void set_settings_error(std::string problem) {
        settings_error_.set(TextKey::panel_settings_save_error, std::move(problem));
    }

    /// Builds the panel's widgets for this frame inside `area` and applies what the user did.
    void draw(const ScreenRect& area, PanelContext& context);

  private:
    void draw_broad_phase(SimulationController& simulation);
    void draw_tabs(PanelContext& context);
    static void draw_play_controls(SimulationController& simulation);
    static void draw_summary(const SimulationController& simulation, const FrameTimer& timer);

    std::vector<std::string> broad_phase_names_;
    /// One page per tab, in panel_tab_specs order.
    std::vector<std::unique_ptr<PanelPage>> pages_;
    FramedMessage last_error_;
    FramedMessage settings_error_;
    std::optional<PanelTab> requested_tab_;
    PanelTab current_tab_ = PanelTab::broad_phase;
};

}  // namespace aabb::ui
