#pragma once
// The Tools tab: choose an editing tool (select, bullet, wall, shape, move, erase, spray) and
// its options, or clear everything. The tool then owns the canvas's left button
// (ui/canvas/editing_tools.hpp); each use becomes World commands.

#include "ui/panels/panel_page.hpp"

namespace aabb::ui {

/// The Tools page.
class ToolsPage final : public PanelPage {
  public:
    void draw(PanelContext& context) override;
};

}  // namespace aabb::ui
