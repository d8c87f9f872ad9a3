// The trace reader: any bytes either read or fail with one tidy error naming the line; every
// frame of a trace that reads is accepted by a broad phase, which finds brute force's pairs.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/broadphase/broad_phase_factory.hpp"
#include "core/measure/trace.hpp"
#include "fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::istringstream input{std::string(aabb::fuzz::as_text(data, size))};
    aabb::Trace trace;
    try {
        trace = aabb::read_trace(input, "fuzz.csv");
    } catch (const std::invalid_argument& error) {
        aabb::fuzz::require_tidy_message(error.what());
        return 0;
    }
    aabb::fuzz::require(trace.frame_count >= 1 && trace.box_count >= 1, "an empty trace read");
    // Brute force is quadratic: compare only traces small enough for the time per input.
    if (trace.box_count * static_cast<std::size_t>(trace.frame_count) > 4096) return 0;
    const auto sweep = aabb::make_broad_phase("sort_and_sweep");
    const auto brute = aabb::make_broad_phase("brute_force");
    std::vector<aabb::BoxPair> found, expected;
    for (int frame = 0; frame < trace.frame_count; ++frame) {
        sweep->set_all(trace.frame(frame));
        brute->set_all(trace.frame(frame));
        sweep->find_pairs(found);
        brute->find_pairs(expected);
        std::sort(found.begin(), found.end());
        std::sort(expected.begin(), expected.end());
        aabb::fuzz::require(found == expected, "sort_and_sweep differs from brute force");
    }
    return 0;
}
