#include "core/lesson/handles/handle_values.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "core/text/input_excerpt.hpp"

namespace aabb::lesson {

namespace {

std::optional<double> parse_number(std::string_view text) {
    while (!text.empty() && text.front() == ' ')
        text.remove_prefix(1);
    while (!text.empty() && text.back() == ' ')
        text.remove_suffix(1);
    if (!text.empty() && text.front() == '+') text.remove_prefix(1);
    double value = 0.0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || text.empty())
        return std::nullopt;
    return value;
}

}  // namespace

std::string range_text(const Range& range) {
    std::string text(1, '[');
    text += plain_number(range.low);
    text += ", ";
    text += plain_number(range.high);
    return text + "]";
}

HandleValue value_of_point(glm::vec2 point, int component) {
    if (component >= 0) return HandleValue{{point[component], 0.0}};
    return HandleValue{{point.x, point.y}};
}

glm::vec2 point_with_value(glm::vec2 point, const HandleValue& value, int component) {
    if (component < 0)
        return {static_cast<float>(value.numbers[0]), static_cast<float>(value.numbers[1])};
    point[component] = static_cast<float>(value.numbers[0]);
    return point;
}

int value_components(const Handle& handle) {
    return handle.kind == HandleKind::point || handle.kind == HandleKind::vector ||
                   handle.kind == HandleKind::corner
               ? 2
               : 1;
}

std::string range_description(const Handle& handle) {
    if (handle.kind == HandleKind::choice) {
        std::string names;
        // A choice's name is the lesson's text (any 4000 characters): quoted like any input.
        for (const std::string& choice : handle.choices)
            names += (names.empty() ? "" : ", ") + input_excerpt(choice);
        return "one of " + names;
    }
    if (handle.kind == HandleKind::toggle) return "true or false";
    if (value_components(handle) == 1) return range_text(handle.range[0]);
    if (handle.range[0] == handle.range[1]) return "x and y in " + range_text(handle.range[0]);
    return "x in " + range_text(handle.range[0]) + ", y in " + range_text(handle.range[1]);
}

std::optional<std::string> value_problem(const Handle& handle, const HandleValue& value) {
    const int components = value_components(handle);
    for (int i = 0; i < components; ++i) {
        const double number = value.numbers[static_cast<std::size_t>(i)];
        const std::string label = components == 2 ? std::string(i == 0 ? "x = " : "y = ") : "";
        if (!std::isfinite(number)) return label + "the value is not a finite number";
        const Range& range = handle.range[static_cast<std::size_t>(i)];
        const bool whole = handle.integer || handle.kind == HandleKind::choice ||
                           handle.kind == HandleKind::toggle;
        if (whole && number != std::floor(number))
            return label + plain_number(number) + " is not a whole number";
        if (number < range.low || number > range.high) {
            if (handle.kind == HandleKind::choice || handle.kind == HandleKind::toggle)
                return "the value must be " + range_description(handle);
            return label + plain_number(number) + " is outside its range " + range_text(range);
        }
    }
    return std::nullopt;
}

std::optional<HandleValue> parse_value_text(const Handle& handle, std::string_view text) {
    if (handle.kind == HandleKind::choice) {
        for (std::size_t i = 0; i < handle.choices.size(); ++i) {
            if (handle.choices[i] == text) return HandleValue{{double(i), 0.0}};
        }
        return std::nullopt;
    }
    if (handle.kind == HandleKind::toggle) {
        if (text == "true" || text == "1" || text == "on") return HandleValue{{1.0, 0.0}};
        if (text == "false" || text == "0" || text == "off") return HandleValue{{0.0, 0.0}};
        return std::nullopt;
    }
    if (value_components(handle) == 1) {
        const std::optional<double> number = parse_number(text);
        if (!number) return std::nullopt;
        return HandleValue{{*number, 0.0}};
    }
    const std::size_t comma = text.find(',');
    if (comma == std::string_view::npos) return std::nullopt;
    const std::optional<double> x = parse_number(text.substr(0, comma));
    const std::optional<double> y = parse_number(text.substr(comma + 1));
    if (!x || !y) return std::nullopt;
    return HandleValue{{*x, *y}};
}

std::string value_text(const Handle& handle, const HandleValue& value) {
    if (handle.kind == HandleKind::choice) {
        const double index = value.numbers[0];
        if (index >= 0.0 && index < double(handle.choices.size()))
            return handle.choices[static_cast<std::size_t>(index)];
        return "?";
    }
    if (handle.kind == HandleKind::toggle) return value.numbers[0] != 0.0 ? "true" : "false";
    if (value_components(handle) == 1) return plain_number(value.numbers[0]);
    return plain_number(value.numbers[0]) + "," + plain_number(value.numbers[1]);
}

HandleValue snapped_and_clamped(const Handle& handle, HandleValue value, bool fine) {
    const double step = fine ? handle.snap / 10.0 : handle.snap;
    for (int i = 0; i < value_components(handle); ++i) {
        double& number = value.numbers[static_cast<std::size_t>(i)];
        if (!std::isfinite(number))
            number = handle.default_value.numbers[static_cast<std::size_t>(i)];
        if (step > 0.0) number = std::round(number / step) * step;
        if (handle.integer) number = std::round(number);
        const Range& range = handle.range[static_cast<std::size_t>(i)];
        number = std::clamp(number, range.low, range.high);
        if (number == 0.0) number = 0.0;  // no −0 in values or their text
    }
    return value;
}

}  // namespace aabb::lesson
