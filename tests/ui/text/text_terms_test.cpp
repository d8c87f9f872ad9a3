// One meaning per term across the caption, the panel, the comparison window and the lessons
// (issue 49 item 5; the terms: ui/text/catalog/all_texts.inc). The caption said "candidate
// pairs 0" where the panel said 10, Compare's "false positives" were another count than the
// caption's, and "step" meant the world step and the lesson step alike.

#include <doctest/doctest.h>

#include <string>
#include <string_view>

#include "ui/text/text_catalog.hpp"

namespace aabb::ui {
namespace {

bool contains(std::string_view text, std::string_view part) {
    return text.find(part) != std::string_view::npos;
}

}  // namespace

TEST_CASE("the caption counts box-overlap pairs, contacts and false positives by their names") {
    CHECK(contains(text(Language::en, TextKey::caption_counts), "box-overlap pairs %llu"));
    CHECK(contains(text(Language::zh, TextKey::caption_counts), "包围盒重叠对 %llu"));
    CHECK_FALSE(contains(text(Language::en, TextKey::caption_counts), "candidate"));
    // The panel's candidates are the structure's proposals: its own term.
    CHECK(std::string_view(text(Language::zh, TextKey::summary_candidates)) == "候选对");
    CHECK(std::string_view(text(Language::en, TextKey::summary_overlapping)) ==
          "Box-overlap pairs");
}

TEST_CASE("Compare calls candidates its box test rejects by their name, not false positives") {
    const std::string_view english = text(Language::en, TextKey::compare_live_counts);
    CHECK(contains(english, "rejected by the box test"));
    CHECK_FALSE(contains(english, "false positive"));
    CHECK_FALSE(contains(text(Language::zh, TextKey::compare_live_counts), "误报"));
}

TEST_CASE("every catalog text keeps the terms: world step, box-overlap pair, no 对数 or seed") {
    for (std::size_t i = 0; i < text_key_count; ++i) {
        const auto key = static_cast<TextKey>(i);
        const std::string_view english = text(Language::en, key);
        const std::string_view chinese = text(Language::zh, key);
        CAPTURE(text_key_name(key));
        CAPTURE(english);
        CAPTURE(chinese);
        CHECK_FALSE(contains(english, "true pairs"));
        CHECK_FALSE(contains(english, "Overlapping pairs"));
        CHECK_FALSE(contains(english, "seed 0"));
        CHECK_FALSE(contains(chinese, "种子 0"));
        CHECK_FALSE(contains(english, "(right)"));
        // A counted world step is a "world step" (时间步); bare "step N" is a lesson's step.
        if (contains(english, "step %llu")) CHECK(contains(english, "world step %llu"));
        CHECK_FALSE(contains(chinese, "第 %llu 步"));
        // 对数 is a logarithm: only in 双对数 / 对数坐标, never a count of pairs.
        for (std::size_t at = chinese.find("对数"); at != std::string_view::npos;
             at = chinese.find("对数", at + 1)) {
            const bool log_axes = (at >= 3 && chinese.substr(at - 3, 3) == "双") ||
                                  chinese.substr(at, 12) == "对数坐标";
            const bool count_of_pairings =
                at >= 3 && chinese.substr(at - 3, 3) == "配" && chinese.substr(at + 6, 3) == "量";
            CHECK((log_axes || count_of_pairings));
        }
    }
}

}  // namespace aabb::ui
