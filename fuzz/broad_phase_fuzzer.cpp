// Every broad phase against brute force: the bytes pick an algorithm, a touching policy and
// option values, then a churn of add / update / remove / set_all / clear, find_pairs and
// query_box. After every operation both structures must agree on what was accepted, and every
// query must give brute force's answer exactly.

#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/broadphase/broad_phase_factory.hpp"
#include "fuzz_input.hpp"

namespace {

using aabb::BoxId;
using aabb::BoxPair;
using aabb::BroadPhase;

// Ids and operations per input: enough for every structure to split, rebuild and re-sort.
constexpr BoxId id_range = 48;
constexpr int max_operations = 160;

// What an option may cost in the fuzzer: options whose range allows gigabytes for a handful of
// boxes are bounded by the budget (docs/limits.md), not here, so the fuzzer keeps to values
// whose cost a run of a few milliseconds can afford and spends its time on exactness.
double affordable(std::string_view name, double value) {
    if (name == "max_cells") return std::min(value, 4096.0);
    if (name == "max_cells_per_box") return std::min(value, 4096.0);
    if (name == "max_bands") return std::min(value, 4096.0);
    if (name == "threads") return std::min(value, 2.0);
    if (name == "cell_size" && value != 0.0) return std::max(value, 0.25);
    return value;
}

// An option's value: its default, either end of its range, or a draw in between (whole when
// the option is whole).
double option_value(FuzzedDataProvider& input, const aabb::BroadPhaseParameter& parameter) {
    double value = parameter.default_value;
    switch (input.ConsumeIntegralInRange(0, 3)) {
        case 0:
            break;
        case 1:
            value = parameter.minimum;
            break;
        case 2:
            value = parameter.maximum;
            break;
        default: {
            // Log-uniform over wide ranges, so small values are drawn as often as large ones.
            const double unit = input.ConsumeProbability<double>();
            const double low = parameter.minimum;
            const double high = parameter.maximum;
            value = low > 0.0 && high / low > 1e3 ? low * std::pow(high / low, unit)
                                                  : low + (high - low) * unit;
            break;
        }
    }
    value = affordable(parameter.name, value);
    if (parameter.whole_number) value = std::floor(value);
    return std::clamp(value, parameter.minimum, parameter.maximum);
}

// Where an input's coordinates lie: near the origin on a grid of quarters (so boxes touch
// exactly and often), or on consecutive floats around a large magnitude (issue 48: from 2^24,
// where one float step is 2, the banded engine once reported boxes that did not overlap), so
// sizes, gaps and motion are a few float steps and ties are common.
struct Scale {
    // 0: the quarter grid; else the centre of the ladder of floats.
    float center = 0.0f;
};

// The centres: 2^20, 2^24, 3·2^23 (a step of 1 that is no power of two's), 2^30, 1e20, 1e30.
constexpr float scale_centers[] = {1048576.0f,    16777216.0f, 25165824.0f,
                                   1073741824.0f, 1e20f,       1e30f};

Scale scale(FuzzedDataProvider& input) {
    Scale chosen;
    const int pick =
        input.ConsumeIntegralInRange(0, 2 * static_cast<int>(std::size(scale_centers)));
    if (pick == 0) return chosen;
    const float center = scale_centers[(pick - 1) / 2];
    chosen.center = pick % 2 == 0 ? -center : center;
    return chosen;
}

// `value` moved by `steps` floats (each step one ulp where it is).
float stepped(float value, int steps) {
    const float toward = steps < 0 ? -std::numeric_limits<float>::infinity()
                                   : std::numeric_limits<float>::infinity();
    for (int step = 0; step < std::abs(steps); ++step)
        value = std::nextafter(value, toward);
    return value;
}

// A coordinate: on the quarter grid, far out now and then (where the tolerance policy's slack
// grows), or on the scale's ladder; rarely NaN or infinite (which both must refuse).
float coordinate(FuzzedDataProvider& input, const Scale& where) {
    const int kind = input.ConsumeIntegralInRange(0, 31);
    const int rung = input.ConsumeIntegralInRange(-64, 64);
    if (kind == 0) return std::numeric_limits<float>::quiet_NaN();
    if (kind == 1) return std::numeric_limits<float>::infinity();
    if (where.center != 0.0f) return stepped(where.center, rung / 2);
    const float base = static_cast<float>(rung) * 0.25f;
    if (kind <= 3) return base + 1e6f;
    if (kind == 4) return base * 1e-3f;
    return base;
}

aabb::Box2 box(FuzzedDataProvider& input, const Scale& where) {
    const float x = coordinate(input, where);
    const float y = coordinate(input, where);
    // Mostly small boxes, sometimes empty (min == max) or inverted (refused), sometimes huge.
    const int kind = input.ConsumeIntegralInRange(0, 15);
    const int w_steps = input.ConsumeIntegralInRange(0, 16);
    const int h_steps = input.ConsumeIntegralInRange(0, 16);
    if (where.center != 0.0f) {
        // Sizes in float steps: none, a few, or a hundred times more.
        const int scale_up = kind == 1 ? 100 : 1;
        const int w = kind == 0 ? -1 - w_steps / 4 : w_steps / 4 * scale_up;
        return {{x, y}, {stepped(x, w), stepped(y, h_steps / 4 * scale_up)}};
    }
    float w = static_cast<float>(w_steps) * 0.25f;
    float h = static_cast<float>(h_steps) * 0.25f;
    if (kind == 0) w = -w - 0.25f;
    if (kind == 1) {
        w *= 100.0f;
        h *= 100.0f;
    }
    return {{x, y}, {x + w, y + h}};
}

// `box` moved by `dx`, `dy` float steps (a frame of ulp-size motion).
aabb::Box2 nudged(const aabb::Box2& box, int dx, int dy) {
    return {{stepped(box.min.x, dx), stepped(box.min.y, dy)},
            {stepped(box.max.x, dx), stepped(box.max.y, dy)}};
}

std::vector<BoxPair> pairs_of(BroadPhase& phase) {
    std::vector<BoxPair> pairs;
    phase.find_pairs(pairs);
    std::sort(pairs.begin(), pairs.end());
    return pairs;
}

std::vector<BoxId> query(const BroadPhase& phase, const aabb::Box2& box) {
    std::vector<BoxId> ids;
    phase.query_box(box, ids);
    std::sort(ids.begin(), ids.end());
    return ids;
}

// Runs `operation` on both; they must both accept it or both refuse it with invalid_argument.
template <typename Operation>
void on_both(BroadPhase& tested, BroadPhase& reference, Operation operation) {
    bool tested_threw = false;
    bool reference_threw = false;
    try {
        operation(tested);
    } catch (const std::invalid_argument&) {
        tested_threw = true;
    }
    try {
        operation(reference);
    } catch (const std::invalid_argument&) {
        reference_threw = true;
    }
    aabb::fuzz::require(tested_threw == reference_threw,
                        "the broad phase and brute force disagree on what is valid");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    FuzzedDataProvider input(data, size);
    static const std::vector<std::string> names = aabb::broad_phase_names();
    const std::string& name = names[input.ConsumeIntegralInRange<std::size_t>(0, names.size() - 1)];
    aabb::TouchingPolicy policy;
    switch (input.ConsumeIntegralInRange(0, 2)) {
        case 0:
            policy = aabb::TouchingPolicy::closed();
            break;
        case 1:
            policy = aabb::TouchingPolicy::open();
            break;
        default:
            policy = aabb::TouchingPolicy::tolerance(
                input.ConsumeBool() ? 1e-6f : input.ConsumeFloatingPointInRange(1e-7f, 1e-2f));
            break;
    }
    aabb::BroadPhaseParameterValues options;
    for (const aabb::BroadPhaseParameter& parameter : aabb::broad_phase_parameters(name))
        options[std::string(parameter.name)] = option_value(input, parameter);
    const std::unique_ptr<BroadPhase> tested = aabb::make_broad_phase(name, policy, options);
    const std::unique_ptr<BroadPhase> reference = aabb::make_broad_phase("brute_force", policy);
    const Scale where = scale(input);

    for (int operation = 0; operation < max_operations && input.remaining_bytes() > 0;
         ++operation) {
        const BoxId id = input.ConsumeIntegralInRange<BoxId>(0, id_range - 1);
        switch (input.ConsumeIntegralInRange(0, 9)) {
            case 0:
            case 1:
            case 2: {
                const aabb::Box2 added = box(input, where);
                on_both(*tested, *reference, [&](BroadPhase& phase) { phase.add(id, added); });
                break;
            }
            case 3:
            case 4: {
                const aabb::Box2 moved = box(input, where);
                on_both(*tested, *reference, [&](BroadPhase& phase) { phase.update(id, moved); });
                break;
            }
            case 5:
                on_both(*tested, *reference, [&](BroadPhase& phase) { phase.remove(id); });
                break;
            case 6: {
                std::vector<aabb::Box2> frame(input.ConsumeIntegralInRange<std::size_t>(0, 40));
                for (aabb::Box2& entry : frame)
                    entry = box(input, where);
                on_both(*tested, *reference, [&](BroadPhase& phase) { phase.set_all(frame); });
                break;
            }
            case 7:
                if (input.ConsumeIntegralInRange(0, 7) == 0) {
                    tested->clear();
                    reference->clear();
                }
                break;
            case 8: {
                const aabb::Box2 probe = box(input, where);
                bool valid = true;
                try {
                    (void)query(*reference, probe);
                } catch (const std::invalid_argument&) {
                    valid = false;
                }
                if (valid) {
                    aabb::fuzz::require(query(*tested, probe) == query(*reference, probe),
                                        "query_box differs from brute force");
                }
                break;
            }
            default: {
                // A frame of ulp-size motion: every present box nudged by -2..2 float steps,
                // mostly all alike (coherent motion is what gives the banded engine's fat boxes
                // their margins), now and then each its own way.
                const int dx = input.ConsumeIntegralInRange(-2, 2);
                const int dy = input.ConsumeIntegralInRange(-2, 2);
                const bool each_its_own = input.ConsumeIntegralInRange(0, 3) == 0;
                for (BoxId each = 0; each < id_range; ++each) {
                    if (!reference->contains(each)) continue;
                    const int own_dx = each_its_own ? input.ConsumeIntegralInRange(-2, 2) : dx;
                    const int own_dy = each_its_own ? input.ConsumeIntegralInRange(-2, 2) : dy;
                    const aabb::Box2 moved = nudged(reference->box(each), own_dx, own_dy);
                    on_both(*tested, *reference,
                            [&](BroadPhase& phase) { phase.update(each, moved); });
                }
                break;
            }
        }
        aabb::fuzz::require(tested->size() == reference->size(), "box counts differ");
        if (operation % 4 == 3 || input.remaining_bytes() == 0) {
            aabb::fuzz::require(pairs_of(*tested) == pairs_of(*reference),
                                "find_pairs differs from brute force");
        }
    }
    aabb::fuzz::require(pairs_of(*tested) == pairs_of(*reference),
                        "find_pairs differs from brute force");
    return 0;
}
