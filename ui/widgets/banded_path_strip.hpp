#pragma once
// The Broad phase tab's strip of the banded engine's last world steps (issue 52 item 4): one
// cell per step, coloured by the path it took, as high as its find_pairs time against the
// slowest step held, newest on the right; hovering a cell says that step's sentence; a legend
// of the paths under it. A teacher points at a spike and says what happened.

#include "ui/model/banded_frames.hpp"

namespace aabb::ui {

/// The strip of `history` at the cursor, the available width wide, with its caption and legend.
void banded_path_strip(const BandedFrameHistory& history);

}  // namespace aabb::ui
