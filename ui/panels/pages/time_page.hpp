#pragma once
// The Time tab: speed (steps per frame; the time step itself never changes), step back through
// the recent history (also the Left arrow), slow-motion / normal / fast-forward presets, and
// auto-pause on the next tunneling event or the selected object's next contact.

#include "ui/panels/panel_page.hpp"

namespace aabb::ui {

/// The Time page.
class TimePage final : public PanelPage {
  public:
    void draw(PanelContext& context) override;
};

}  // namespace aabb::ui
