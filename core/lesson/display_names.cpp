#include "core/lesson/display_names.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "core/lesson/handles/handle_values.hpp"
#include "core/lesson/lesson_names.hpp"

namespace aabb::lesson {

namespace {

struct FixedName {
    std::string_view name;
    DisplayName words;
};

// Broad phases (broad_phase_factory.hpp broad_phase_names), detection modes and touching rules
// (scene_file_names.hpp), sweep states (the swept readout's state). The Chinese terms are the
// course's (ui/text/catalog/all_texts.inc lists them). A test checks every name of those lists
// is here.
constexpr std::array<FixedName, 16> fixed_names{{
    {"brute_force", {"brute force", "暴力法"}},
    {"sort_and_sweep", {"sort-and-sweep", "排序扫描"}},
    {"banded_sort_and_sweep", {"banded sort-and-sweep", "分带排序扫描"}},
    {"uniform_grid", {"uniform grid", "均匀网格"}},
    {"spatial_hash", {"spatial hash", "空间哈希"}},
    {"quadtree", {"quadtree", "四叉树"}},
    {"dynamic_tree", {"dynamic AABB tree", "动态 AABB 树"}},
    {"bvh", {"BVH", "BVH"}},
    {"discrete", {"discrete", "离散检测"}},
    {"swept", {"swept", "扫掠检测"}},
    {"closed", {"closed", "闭区间"}},
    {"open", {"open", "开区间"}},
    {"tolerance", {"tolerance", "容差"}},
    {"separated", {"separated", "分离"}},
    {"hit", {"hit", "碰撞"}},
    {"already_overlapping", {"already overlapping", "一开始就重叠"}},
}};

bool is_letter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

bool is_word_char(char c) {
    return is_letter(c) || (c >= '0' && c <= '9') || c == '_';
}

}  // namespace

std::optional<DisplayName> fixed_name_words(std::string_view name) {
    for (const FixedName& entry : fixed_names) {
        if (entry.name == name) return entry.words;
    }
    return std::nullopt;
}

std::string fixed_names_text() {
    std::string text = "true false 是 否 ";
    for (const FixedName& entry : fixed_names) {
        text += entry.words.en;
        text += ' ';
        text += entry.words.zh;
        text += ' ';
    }
    return text;
}

const std::string& in_language(const std::string& english, const std::string& chinese,
                               DisplayLanguage language) {
    if (language == DisplayLanguage::zh && !chinese.empty()) return chinese;
    return english.empty() ? chinese : english;
}

std::string display_value(const ReadoutValue& value, std::string_view format,
                          DisplayLanguage language) {
    if (value.type == ValueType::boolean) {
        if (language == DisplayLanguage::zh) return value.flag ? "是" : "否";
        return value.flag ? "true" : "false";
    }
    if (value.type == ValueType::text) {
        if (const auto words = fixed_name_words(value.text))
            return std::string(words->in(language));
    }
    return format_value(value, format);
}

std::string_view value_color(const Readout& readout, const ReadoutValue& value) {
    if (value.type == ValueType::boolean) return value.flag ? "hit" : "miss";
    return readout.color;
}

const std::string& choice_label(const Handle& handle, std::size_t index, DisplayLanguage language) {
    const std::vector<std::string>& labels =
        language == DisplayLanguage::zh ? handle.choice_labels_zh : handle.choice_labels;
    if (index < labels.size() && !labels[index].empty()) return labels[index];
    return handle.choices.at(index);
}

std::string display_number(double value, bool whole_number) {
    const bool whole = whole_number || std::fabs(value) >= 1000.0;
    return format_value(ReadoutValue::of_number(value), whole ? "%,.0f" : "%.4g");
}

std::string handle_display_text(const Handle& handle, const HandleValue& value,
                                DisplayLanguage language) {
    if (handle.kind == HandleKind::choice) {
        const double index = value.numbers[0];
        if (index >= 0.0 && index < double(handle.choices.size()))
            return choice_label(handle, static_cast<std::size_t>(index), language);
        return "?";
    }
    if (handle.kind == HandleKind::toggle)
        return display_value(ReadoutValue::of_bool(value.numbers[0] != 0.0), "", language);
    if (value_components(handle) == 1) return display_number(value.numbers[0], handle.integer);
    std::string text = "(";
    text += display_number(value.numbers[0], handle.integer);
    text += ", ";
    text += display_number(value.numbers[1], handle.integer);
    text += ')';
    return text;
}

std::vector<std::string_view> unlisted_words(std::string_view text) {
    std::vector<std::string_view> words;
    for (std::size_t at = 0; at < text.size();) {
        if (!is_word_char(text[at])) {
            ++at;
            continue;
        }
        std::size_t end = at;
        int letters = 0;
        while (end < text.size() && is_word_char(text[end])) {
            letters += is_letter(text[end]) ? 1 : 0;
            ++end;
        }
        const std::string_view word = text.substr(at, end - at);
        if (letters >= 2 && !is_listed(screen_symbols, word)) words.push_back(word);
        at = end;
    }
    return words;
}

}  // namespace aabb::lesson
