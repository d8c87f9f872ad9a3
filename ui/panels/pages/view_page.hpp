#pragma once
// The View tab: a switch for each canvas layer (objects, AABBs, overlap highlight, pair
// lines, grid) and each overlay, its swatch doubling as the canvas legend and its tooltip the
// overlay's full name; Fit view; the zoom.

#include "ui/panels/panel_page.hpp"

namespace aabb::ui {

/// The View page.
class ViewPage final : public PanelPage {
  public:
    void draw(PanelContext& context) override;
};

}  // namespace aabb::ui
