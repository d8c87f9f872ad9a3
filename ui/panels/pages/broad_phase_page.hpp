#pragma once
// The Broad phase tab: the running algorithm's options (each a drag field with its range; a
// change rebuilds it, Defaults resets), the counts the sandbox is about (n(n−1)/2, box tests,
// candidates, true pairs), the structure's own facts (tree height, nodes, cells, swaps,
// memory), stage timings with a rolling plot, and the structure overlay's settings.

#include <string>

#include "ui/panels/panel_page.hpp"

namespace aabb::ui {

/// The Broad phase page.
class BroadPhasePage final : public PanelPage {
  public:
    void draw(PanelContext& context) override;

  private:
    void draw_options(SimulationController& simulation);

    std::string error_;
};

}  // namespace aabb::ui
