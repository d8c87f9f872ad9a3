// The resource budget (issue 13, classes 2 and 4): a small valid input that would need more
// pairs or cells than the budget allows throws BudgetExceeded naming the structure, the count,
// the limit and what to change, before allocating it; the broad phase is then as before.

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "core/broadphase/broad_phase_factory.hpp"
#include "core/broadphase/brute_force.hpp"
#include "core/broadphase/resource_budget.hpp"

namespace aabb {
namespace {

std::vector<BoxPair> sorted_pairs(BroadPhase& broad_phase) {
    std::vector<BoxPair> pairs;
    broad_phase.find_pairs(pairs);
    std::sort(pairs.begin(), pairs.end());
    return pairs;
}

// `count` identical unit boxes at one point: count·(count−1)/2 pairs.
std::vector<Box2> pile(std::size_t count) {
    return std::vector<Box2>(count, Box2{{0.0f, 0.0f}, {1.0f, 1.0f}});
}

bool contains_text(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

TEST_CASE("30,000 boxes at one point go over the default pair budget in every broad phase") {
    // 449,985,000 pairs (3.6 GB) without the budget; with it each search stops at 2^25.
    const std::vector<Box2> boxes = pile(30000);
    for (const std::string& name : broad_phase_names()) {
        INFO(name);
        auto broad_phase = make_broad_phase(name);
        broad_phase->set_all(boxes);
        std::vector<BoxPair> pairs;
        try {
            broad_phase->find_pairs(pairs);
            FAIL("no BudgetExceeded");
        } catch (const BudgetExceeded& error) {
            const std::string message = error.what();
            INFO(message);
            CHECK(contains_text(message, name + ": "));
            CHECK(contains_text(message, "pairs needed, above the budget of 33554432 (max_pairs)"));
            CHECK(contains_text(message, "spread them out"));
            CHECK(error.limit() == default_resource_budget.max_pairs);
            CHECK(error.count() > error.limit());
        }
        CHECK(pairs.empty());
        // The broad phase is as before the call: it still holds the pile, and answers exactly
        // once the boxes are spread out.
        CHECK(broad_phase->size() == boxes.size());
        std::vector<Box2> spread(200);
        for (std::size_t i = 0; i < spread.size(); ++i) {
            const float x = static_cast<float>(i % 20) * 1.5f;
            const float y = static_cast<float>(i / 20) * 0.75f;
            spread[i] = {{x, y}, {x + 1.0f, y + 1.0f}};
        }
        broad_phase->set_all(spread);
        BruteForce reference;
        reference.set_all(spread);
        CHECK(sorted_pairs(*broad_phase) == sorted_pairs(reference));
    }
}

TEST_CASE("A smaller budget stops a smaller pile, with the count and the limit in the message") {
    for (const std::string& name : broad_phase_names()) {
        INFO(name);
        auto broad_phase = make_broad_phase(name);
        ResourceBudget budget;
        budget.max_pairs = 1000;
        broad_phase->set_budget(budget);
        broad_phase->set_all(pile(100));  // 4950 pairs
        std::vector<BoxPair> pairs;
        CHECK_THROWS_AS(broad_phase->find_pairs(pairs), BudgetExceeded);
        broad_phase->set_all(pile(45));  // 990 pairs: within the budget
        CHECK(sorted_pairs(*broad_phase).size() == 990);
    }
}

TEST_CASE("The byte limit counts too, and the message says which limit it was") {
    ResourceBudget budget;
    budget.max_bytes = 800;  // 100 pairs of 8 bytes
    BruteForce broad_phase;
    broad_phase.set_budget(budget);
    broad_phase.set_all(pile(20));  // 190 pairs
    std::vector<BoxPair> pairs;
    try {
        broad_phase.find_pairs(pairs);
        FAIL("no BudgetExceeded");
    } catch (const BudgetExceeded& error) {
        CHECK(std::string(error.what()).find("above the budget of 100 (800 bytes, max_bytes)") !=
              std::string::npos);
    }
}

TEST_CASE("A tiny cell size with the largest cells per box is refused before allocating") {
    // Fifty boxes of size 0.9 near one another, cell_size 1e-3 and max_cells_per_box 1e6: each
    // box would be listed in 810,000 cells, 40 million entries (about a gigabyte) in all.
    std::mt19937 random(4);
    std::uniform_real_distribution<float> corner(0.0f, 0.6f);
    std::vector<Box2> boxes;
    for (int i = 0; i < 50; ++i) {
        const glm::vec2 low{corner(random), corner(random)};
        boxes.push_back({low, low + glm::vec2{0.9f, 0.9f}});
    }
    for (const char* name : {"uniform_grid", "spatial_hash"}) {
        INFO(name);
        BroadPhaseParameterValues options{{"cell_size", 1e-3}, {"max_cells_per_box", 1e6}};
        if (std::string(name) == "uniform_grid") options["max_cells"] = double(1u << 28);
        auto broad_phase = make_broad_phase(name, {}, options);
        broad_phase->set_all(boxes);
        std::vector<BoxPair> pairs;
        try {
            broad_phase->find_pairs(pairs);
            FAIL("no BudgetExceeded");
        } catch (const BudgetExceeded& error) {
            const std::string message = error.what();
            INFO(message);
            CHECK(contains_text(message, std::string(name) + ": "));
            CHECK(contains_text(message, "above the budget of"));
            CHECK(contains_text(message, "raise cell_size"));
        }
        // Still usable, and still failing the same way (not a half-built grid).
        CHECK_THROWS_AS(broad_phase->find_pairs(pairs), BudgetExceeded);
        std::vector<BoxId> ids;
        CHECK_THROWS_AS(broad_phase->query_box(boxes[0], ids), BudgetExceeded);
    }
    // A sensible cell size for the same boxes works.
    for (const char* name : {"uniform_grid", "spatial_hash"}) {
        auto broad_phase = make_broad_phase(name, {}, {{"cell_size", 1.0}});
        broad_phase->set_all(boxes);
        BruteForce reference;
        reference.set_all(boxes);
        CHECK(sorted_pairs(*broad_phase) == sorted_pairs(reference));
    }
}

}  // namespace
}  // namespace aabb
