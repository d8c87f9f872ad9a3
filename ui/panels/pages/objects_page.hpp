#pragma once
// The Objects tab: the selected object (click on the canvas) with its kind, pose, velocity,
// local and world box and candidate pairs; and the pair inspector (Shift+click a second one):
// per-axis intervals, dx and dy, the closed / open / world policy verdicts, and the next
// step's sweep with per-axis entry and exit times and the time of impact.

#include "ui/panels/panel_page.hpp"

namespace aabb::ui {

/// The Objects page.
class ObjectsPage final : public PanelPage {
  public:
    void draw(PanelContext& context) override;
};

}  // namespace aabb::ui
