#include "core/scene/json_value_reader.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

namespace aabb {

namespace {

// nlohmann's parse errors are a sentence before the text they quote, so they get more room than
// a quoted value.
constexpr std::size_t parse_detail_limit = 200;

// "FILE:LINE:COLUMN: invalid JSON: detail" from nlohmann's byte offset.
[[noreturn]] void throw_parse_error(std::string_view text, std::string_view source,
                                    const Json::parse_error& error) {
    const std::size_t position =
        std::min<std::size_t>(error.byte > 0 ? error.byte - 1 : 0, text.size());
    std::size_t line = 1;
    std::size_t line_start = 0;
    for (std::size_t i = 0; i < position; ++i) {
        if (text[i] == '\n') {
            ++line;
            line_start = i + 1;
        }
    }
    const std::size_t column = position - line_start + 1;
    std::string detail = error.what();
    // Drop nlohmann's "[json.exception.parse_error.101] parse error at line L, column C: ".
    const std::size_t prefix = detail.find("parse error");
    const std::size_t colon = prefix == std::string::npos ? prefix : detail.find(": ", prefix);
    if (colon != std::string::npos) detail = detail.substr(colon + 2);
    // nlohmann quotes the text it last read, which can be a whole megabyte-long token.
    throw SceneError(std::string(source) + ":" + std::to_string(line) + ":" +
                     std::to_string(column) +
                     ": invalid JSON: " + input_excerpt(detail, parse_detail_limit));
}

}  // namespace

Json parse_json_text(std::string_view text, std::string_view source) {
    try {
        return Json::parse(text.begin(), text.end());
    } catch (const Json::parse_error& error) {
        throw_parse_error(text, source, error);
    } catch (const Json::exception& error) {
        // A number beyond double range ("1e999") fails in nlohmann's lexer, which reports no
        // position; name the number instead.
        std::string detail = error.what();
        const std::size_t bracket = detail.find("] ");
        if (bracket != std::string::npos) detail = detail.substr(bracket + 2);
        throw SceneError(std::string(source) +
                         ": invalid JSON: " + input_excerpt(detail, parse_detail_limit));
    }
}

std::string field_path(const std::string& parent, std::string_view key) {
    // Keys are the file's text: an unknown key of megabytes must not become the message.
    const std::string name = input_excerpt(key);
    return parent.empty() ? name : parent + "." + name;
}

std::string index_path(const std::string& parent, std::size_t index) {
    return parent + "[" + std::to_string(index) + "]";
}

void JsonValueReader::fail(const std::string& path, std::string_view message) const {
    throw SceneError(source_ + ": " + (path.empty() ? std::string("(root)") : path) + ": " +
                     std::string(message));
}

void JsonValueReader::expect_object(const Json& value, const std::string& path,
                                    std::span<const std::string_view> allowed) const {
    require(value.is_object(), path, "must be an object");
    for (const auto& item : value.items()) {
        if (std::find(allowed.begin(), allowed.end(), item.key()) != allowed.end()) continue;
        std::string known;
        for (const std::string_view name : allowed)
            known += (known.empty() ? "" : ", ") + std::string(name);
        fail(field_path(path, item.key()), "unknown field (known fields: " + known + ")");
    }
}

const Json* JsonValueReader::find(const Json& object, std::string_view key) {
    const auto found = object.find(std::string(key));
    return found == object.end() ? nullptr : &*found;
}

float JsonValueReader::read_float(const Json& value, const std::string& path) const {
    require(value.is_number(), path, "must be a number");
    const double number = value.get<double>();
    require(std::isfinite(number), path, "must be a finite number");
    require(std::abs(number) <= std::numeric_limits<float>::max(), path,
            "is out of the float range");
    return static_cast<float>(number);
}

float JsonValueReader::read_float_in(const Json& value, const std::string& path, float low,
                                     float high) const {
    const float number = read_float(value, path);
    require(number >= low && number <= high, path,
            "must be in [" + format(low) + ", " + format(high) + "]");
    return number;
}

glm::vec2 JsonValueReader::read_vec2(const Json& value, const std::string& path,
                                     float magnitude_limit) const {
    require(value.is_array() && value.size() == 2, path, "must be an array of 2 numbers");
    const glm::vec2 result{read_float(value[0], index_path(path, 0)),
                           read_float(value[1], index_path(path, 1))};
    require(std::abs(result.x) <= magnitude_limit && std::abs(result.y) <= magnitude_limit, path,
            "components must be within ±" + format(magnitude_limit));
    return result;
}

std::uint32_t JsonValueReader::read_count(const Json& value, const std::string& path,
                                          std::uint64_t low, std::uint64_t high) const {
    require(value.is_number_integer(), path, "must be a whole number");
    require(
        !value.is_number_integer() || value.is_number_unsigned() || value.get<std::int64_t>() >= 0,
        path, "must not be negative");
    const std::uint64_t number = value.get<std::uint64_t>();
    require(number >= low && number <= high, path,
            "must be in [" + std::to_string(low) + ", " + std::to_string(high) + "]");
    return static_cast<std::uint32_t>(number);
}

std::string JsonValueReader::read_string(const Json& value, const std::string& path) const {
    require(value.is_string(), path, "must be a string");
    return value.get<std::string>();
}

bool JsonValueReader::read_bool(const Json& value, const std::string& path) const {
    require(value.is_boolean(), path, "must be true or false");
    return value.get<bool>();
}

Box2 JsonValueReader::read_box(const Json& value, const std::string& path,
                               float max_coordinate) const {
    expect_object(value, path, box_keys);
    const Json* min = find(value, "min");
    const Json* max = find(value, "max");
    require(min != nullptr, field_path(path, "min"), "is required");
    require(max != nullptr, field_path(path, "max"), "is required");
    const Box2 box{read_vec2(*min, field_path(path, "min"), max_coordinate),
                   read_vec2(*max, field_path(path, "max"), max_coordinate)};
    require(box.min.x < box.max.x && box.min.y < box.max.y, path,
            "min must be below max on both axes");
    return box;
}

std::string JsonValueReader::format(float value) {
    std::ostringstream out;
    out << value;
    return out.str();
}

}  // namespace aabb
