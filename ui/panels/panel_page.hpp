#pragma once
// A page of the side panel: the content of one tab (ui/view/panel_tabs.hpp lists the tabs;
// ui/panels/pages/ holds one file per page, each defining its factory declared here;
// make_panel_page() in panel_pages.cpp picks the page of a tab). A page
// reads the sandbox's parts through PanelContext and sends the simulation commands; it keeps
// only what the user is typing.

#include <memory>

#include "ui/canvas/editable_overlay.hpp"
#include "ui/canvas/editing_tools.hpp"
#include "ui/canvas/object_selection.hpp"
#include "ui/canvas/world_canvas.hpp"
#include "ui/model/lesson_session.hpp"
#include "ui/model/simulation_controller.hpp"
#include "ui/view/frame_timer.hpp"
#include "ui/view/panel_tabs.hpp"

namespace aabb::ui {

/// What a page may read and command; everything outlives the panel.
struct PanelContext {
    /// The simulation: the world, its scene, play state and history.
    SimulationController& simulation;
    /// The world view: camera, layers, overlays and their switches.
    WorldCanvas& canvas;
    /// Frame times by stage.
    const FrameTimer& timer;
    /// The selected object and the pair inspector's second one.
    ObjectSelection& selection;
    /// The editing tools and their options.
    EditingTools& tools;
    /// The structure overlay (ui/overlays/structure_overlay.hpp), whose settings the Broad
    /// phase page edits.
    EditableOverlay& structure;
    /// Lesson mode: the lessons and the one running.
    LessonSession& lessons;
};

/// The content of one tab.
class PanelPage {
  public:
    virtual ~PanelPage() = default;
    /// Builds the page's widgets for this frame and applies what the user did.
    virtual void draw(PanelContext& context) = 0;
};

/// The Broad phase tab: options, counts, structure facts, timings, structure overlay settings.
[[nodiscard]] std::unique_ptr<PanelPage> make_broad_phase_page(const SimulationController&);
/// The Time tab: speed, step back, presets, auto-pause.
[[nodiscard]] std::unique_ptr<PanelPage> make_time_page(const SimulationController&);
/// The Objects tab: the selected object and the pair inspector.
[[nodiscard]] std::unique_ptr<PanelPage> make_objects_page(const SimulationController&);
/// The Tools tab: the editing tools and their options.
[[nodiscard]] std::unique_ptr<PanelPage> make_tools_page(const SimulationController&);
/// The Scenes tab: count and seed, built-in scenes, open and save.
[[nodiscard]] std::unique_ptr<PanelPage> make_scenes_page(const SimulationController& simulation);
/// The View tab: layer and overlay switches with their legend, fit view.
[[nodiscard]] std::unique_ptr<PanelPage> make_view_page(const SimulationController&);

/// The Lessons tab: the lessons by section, the running lesson's widgets.
[[nodiscard]] std::unique_ptr<PanelPage> make_lessons_page(const SimulationController&);

/// The Tunneling tab: the events continuous detection found, filter, jump, clear, export; the
/// ccd switch.
[[nodiscard]] std::unique_ptr<PanelPage> make_tunneling_page(const SimulationController&);

/// The page of `tab`, starting from `simulation`'s current state.
[[nodiscard]] std::unique_ptr<PanelPage> make_panel_page(PanelTab tab,
                                                         const SimulationController& simulation);

}  // namespace aabb::ui
