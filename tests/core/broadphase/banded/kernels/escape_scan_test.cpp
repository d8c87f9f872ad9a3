// The banded engine's change scan (SSE2, AVX2, and AVX2 fused with the copy, and with the copy
// and the motion of a grid frame) against a per-box reference: contains() and a coordinate
// compare, on fixed-seed random blocks.

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "core/broadphase/banded/kernels/escape_scan.hpp"
#include "core/geometry/box.hpp"

namespace aabb::banded {
namespace {

// Boxes, their fat boxes and no-margin flags: each box inside its fat box, equal to it, on
// its border, or out of it on one side, chosen at random.
struct Block {
    std::vector<Box2> boxes;
    std::vector<Box2> fat;
    std::vector<std::uint8_t> no_margin;
};

Block random_block(std::mt19937& random, std::size_t count) {
    std::uniform_real_distribution<float> position(-100.0f, 100.0f);
    std::uniform_real_distribution<float> size(0.5f, 3.0f);
    std::uniform_int_distribution<int> kind(0, 9);
    Block block;
    for (std::size_t index = 0; index < count; ++index) {
        const glm::vec2 corner(position(random), position(random));
        const Box2 fat{corner, corner + glm::vec2(size(random), size(random))};
        Box2 box = fat;
        switch (kind(random)) {
            case 0:  // equal
                break;
            case 1:  // -0 against +0 compares equal
                box = {{0.0f, -0.0f}, {1.0f, 1.0f}};
                block.fat.push_back({{-0.0f, 0.0f}, {1.0f, 1.0f}});
                block.boxes.push_back(box);
                block.no_margin.push_back(static_cast<std::uint8_t>(random() % 2));
                continue;
            case 2:  // out on one side
                box.min[random() % 2] -= 0.25f;
                break;
            case 3:
                box.max[random() % 2] += 0.25f;
                break;
            case 4:  // on the border, moved inside
                box.max.x -= 0.25f;
                break;
            default:  // strictly inside
                box.min += glm::vec2(0.1f);
                box.max -= glm::vec2(0.1f);
                break;
        }
        block.boxes.push_back(box);
        block.fat.push_back(fat);
        block.no_margin.push_back(static_cast<std::uint8_t>(random() % 3 == 0));
    }
    return block;
}

std::uint64_t reference_bits(const Block& block, std::size_t first, std::size_t count) {
    std::uint64_t bits = 0;
    for (std::size_t index = 0; index < count; ++index) {
        const Box2& box = block.boxes[first + index];
        const Box2& fat = block.fat[first + index];
        const bool changed = box.min != fat.min || box.max != fat.max;
        if (!contains(fat, box) || (block.no_margin[first + index] != 0 && changed))
            bits |= std::uint64_t{1} << index;
    }
    return bits;
}

const float* floats(const std::vector<Box2>& boxes) {
    return reinterpret_cast<const float*>(boxes.data());
}

TEST_CASE("escaped_in_block: SSE2 and AVX2 against contains()") {
    std::mt19937 random(31);
    const bool avx2 = __builtin_cpu_supports("avx2");
    for (int round = 0; round < 50; ++round) {
        const Block block = random_block(random, 64 * 4);
        for (const std::size_t count : {0u, 1u, 7u, 8u, 9u, 33u, 63u, 64u}) {
            const std::size_t first = 64 * (static_cast<std::size_t>(round) % 4);
            const std::uint64_t expected = reference_bits(block, first, count);
            INFO("round " << round << " count " << count);
            CHECK(escaped_in_block_sse2(floats(block.boxes) + 4 * first,
                                        floats(block.fat) + 4 * first,
                                        block.no_margin.data() + first, count) == expected);
            if (avx2) {
                CHECK(escaped_in_block_avx2(floats(block.boxes) + 4 * first,
                                            floats(block.fat) + 4 * first,
                                            block.no_margin.data() + first, count) == expected);
            }
        }
    }
}

TEST_CASE("copy_and_scan_blocks_avx2 copies, scans and checks validity") {
    if (!__builtin_cpu_supports("avx2")) return;
    std::mt19937 random(32);
    for (int round = 0; round < 20; ++round) {
        const std::size_t blocks = 1 + static_cast<std::size_t>(round) % 5;
        Block block = random_block(random, 64 * blocks);
        // A third of the rounds hold one invalid box, equal to nothing.
        const bool invalid = round % 3 == 0;
        if (invalid) {
            const std::size_t bad = random() % block.boxes.size();
            block.boxes[bad].min.x = std::numeric_limits<float>::quiet_NaN();
        }
        std::vector<Box2> stored(block.boxes.size());
        std::vector<std::uint64_t> bits(blocks, ~std::uint64_t{0});
        const bool valid = copy_and_scan_blocks_avx2(
            floats(block.boxes), reinterpret_cast<float*>(stored.data()), floats(block.fat),
            block.no_margin.data(), bits.data(), 0, blocks);
        INFO("round " << round);
        CHECK(valid == !invalid);
        CHECK(std::memcmp(stored.data(), block.boxes.data(), stored.size() * sizeof(Box2)) == 0);
        if (invalid) continue;
        for (std::size_t index = 0; index < blocks; ++index)
            CHECK(bits[index] == reference_bits(block, 64 * index, 64));
    }
}

TEST_CASE("copy_scan_and_record_blocks_avx2 also records the motion and makes the fat boxes") {
    // The fused copy of a grid frame: no box has a margin and each fat box is last frame's box,
    // so the motion is the box less its fat box, which the box then replaces.
    if (!__builtin_cpu_supports("avx2")) return;
    std::mt19937 random(34);
    for (int round = 0; round < 20; ++round) {
        const std::size_t blocks = 1 + static_cast<std::size_t>(round) % 5;
        Block block = random_block(random, 64 * blocks);
        block.no_margin.assign(block.boxes.size(), 1);
        const bool invalid = round % 3 == 0;
        if (invalid) block.boxes[random() % block.boxes.size()].max.y = INFINITY;
        std::vector<Box2> fat = block.fat;
        std::vector<Box2> stored(block.boxes.size());
        std::vector<Box2> motion(block.boxes.size());
        std::vector<std::uint64_t> bits(blocks, ~std::uint64_t{0});
        std::vector<std::uint64_t> still(blocks, 0);
        const bool valid = copy_scan_and_record_blocks_avx2(
            floats(block.boxes), reinterpret_cast<float*>(stored.data()),
            reinterpret_cast<float*>(fat.data()), reinterpret_cast<float*>(motion.data()),
            block.no_margin.data(), bits.data(), still.data(), 0, blocks);
        INFO("round " << round);
        CHECK(valid == !invalid);
        CHECK(std::memcmp(stored.data(), block.boxes.data(), stored.size() * sizeof(Box2)) == 0);
        if (invalid) continue;
        CHECK(std::memcmp(fat.data(), block.boxes.data(), fat.size() * sizeof(Box2)) == 0);
        std::size_t still_count = 0;
        for (std::size_t index = 0; index < block.boxes.size(); ++index) {
            const Box2& box = block.boxes[index];
            const Box2& before = block.fat[index];
            const Box2 expected{box.min - before.min, box.max - before.max};
            CHECK(std::memcmp(&motion[index], &expected, sizeof(Box2)) == 0);
            const bool is_still =
                expected.min == glm::vec2(0.0f) && expected.max == glm::vec2(0.0f);
            CHECK(((still[index / 64] >> (index % 64)) & 1u) == (is_still ? 1u : 0u));
            still_count += is_still ? 1 : 0;
        }
        // The -0 against +0 boxes are still, yet a box bit for bit unequal to its fat box.
        CHECK(still_count > 0);
        for (std::size_t index = 0; index < blocks; ++index)
            CHECK(bits[index] == reference_bits(block, 64 * index, 64));
    }
}

}  // namespace
}  // namespace aabb::banded
