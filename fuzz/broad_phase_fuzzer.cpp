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

// A coordinate on a grid of quarters (so boxes touch exactly and often), far out now and then
// (where the tolerance policy's slack grows), and rarely NaN or infinite (which both must refuse).
float coordinate(FuzzedDataProvider& input) {
    const int kind = input.ConsumeIntegralInRange(0, 31);
    const float base = static_cast<float>(input.ConsumeIntegralInRange(-64, 64)) * 0.25f;
    if (kind == 0) return std::numeric_limits<float>::quiet_NaN();
    if (kind == 1) return std::numeric_limits<float>::infinity();
    if (kind <= 3) return base + 1e6f;
    if (kind == 4) return base * 1e-3f;
    return base;
}

aabb::Box2 box(FuzzedDataProvider& input) {
    const float x = coordinate(input);
    const float y = coordinate(input);
    // Mostly small boxes, sometimes empty (min == max) or inverted (refused), sometimes huge.
    const int kind = input.ConsumeIntegralInRange(0, 15);
    float w = static_cast<float>(input.ConsumeIntegralInRange(0, 16)) * 0.25f;
    float h = static_cast<float>(input.ConsumeIntegralInRange(0, 16)) * 0.25f;
    if (kind == 0) w = -w - 0.25f;
    if (kind == 1) {
        w *= 100.0f;
        h *= 100.0f;
    }
    return {{x, y}, {x + w, y + h}};
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

    for (int operation = 0; operation < max_operations && input.remaining_bytes() > 0;
         ++operation) {
        const BoxId id = input.ConsumeIntegralInRange<BoxId>(0, id_range - 1);
        switch (input.ConsumeIntegralInRange(0, 9)) {
            case 0:
            case 1:
            case 2: {
                const aabb::Box2 added = box(input);
                on_both(*tested, *reference, [&](BroadPhase& phase) { phase.add(id, added); });
                break;
            }
            case 3:
            case 4: {
                const aabb::Box2 moved = box(input);
                on_both(*tested, *reference, [&](BroadPhase& phase) { phase.update(id, moved); });
                break;
            }
            case 5:
                on_both(*tested, *reference, [&](BroadPhase& phase) { phase.remove(id); });
                break;
            case 6: {
                std::vector<aabb::Box2> frame(input.ConsumeIntegralInRange<std::size_t>(0, 40));
                for (aabb::Box2& entry : frame)
                    entry = box(input);
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
                const aabb::Box2 probe = box(input);
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
            default:
                break;
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
