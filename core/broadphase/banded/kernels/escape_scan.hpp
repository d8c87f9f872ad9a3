#pragma once
// The change scan of the banded engine: which boxes left their fat boxes, 64 boxes per call,
// one bit each. A Box2 is four floats (min x, min y, max x, max y); a box is inside its fat box
// when (box − fat)·(1, 1, −1, −1) has no negative lane (the sign of a float difference is
// exact). Every box present last frame was inside its fat box then (one that left it got a new
// one), so a box outside it now moved. A box without a margin leaves on any change (its fat
// box is its box as it was): a settled pair's verdict holds only while both boxes stay exactly
// as they were. Last frame's boxes are not read at all.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace aabb::banded {

/// The boxes among `now[0, count)` (count at most 64, four floats per box) that left their fat
/// boxes `fat`, or changed at all where no_margin[i] is 1, as a bit mask. Any x86-64 CPU.
std::uint64_t escaped_in_block_sse2(const float* now, const float* fat,
                                    const std::uint8_t* no_margin, std::size_t count);

/// The same, eight boxes per step without a branch; only for CPUs with AVX2.
std::uint64_t escaped_in_block_avx2(const float* now, const float* fat,
                                    const std::uint8_t* no_margin, std::size_t count);

/// The same for the whole blocks of 64 boxes [first_block, end_block), read from `input` while
/// they are copied to `stored` and checked for validity (set_all's one pass over every box):
/// each block's bits go to escape_bits[block]. Returns whether every box copied was valid (a
/// box bit for bit equal to its fat box is: fat boxes are always valid). AVX2 only.
bool copy_and_scan_blocks_avx2(const float* input, float* stored, const float* fat,
                               const std::uint8_t* no_margin, std::uint64_t* escape_bits,
                               std::size_t first_block, std::size_t end_block);

/// copy_and_scan_blocks_avx2 for boxes whose fat boxes are last frame's boxes without margins
/// (after a grid search), which also does what FatBoxes::record_motion_and_make_exact would do
/// next, in the same pass: each box's motion (input − fat) goes to `motion`, the input becomes
/// its fat box, and still_bits[block] gets the boxes whose motion is zero. A caller whose copy
/// fails must put the fat boxes back. AVX2 only.
bool copy_scan_and_record_blocks_avx2(const float* input, float* stored, float* fat, float* motion,
                                      const std::uint8_t* no_margin, std::uint64_t* escape_bits,
                                      std::uint64_t* still_bits, std::size_t first_block,
                                      std::size_t end_block);

/// The inputs of the change scan job of set_all, and the blocks scanned while the boxes were
/// copied (copy_and_scan_blocks_avx2), whose bits the scan then takes instead.
struct ChangeScan {
    /// Blocks of 64 boxes whose bits are in escape_blocks.
    std::size_t fused_blocks = 0;
    /// Per block: the escape bits found while copying (blocks below fused_blocks), then the
    /// change scan's bits of every block (boxes added this frame left out).
    std::vector<std::uint64_t> escape_blocks;
    /// The frame's boxes being copied (four floats per box).
    const float* fused_input = nullptr;
    /// Where they are copied to.
    float* fused_target = nullptr;
    /// Per id: present last frame.
    const std::uint8_t* was_present = nullptr;
    /// Boxes to scan: those present last frame and kept.
    std::size_t count = 0;
    /// The copy also recorded the motion of the fused blocks' boxes into
    /// FatBoxes::recorded_motion and made them their fat boxes
    /// (copy_scan_and_record_blocks_avx2).
    bool recorded = false;
    /// Per fused block, when recorded: the boxes that did not move.
    std::vector<std::uint64_t> still_blocks;
};

}  // namespace aabb::banded
