#include "core/scene/json_value_reader.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

namespace aabb {

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
    // Below the smallest float (about 1.4e-45) a number would read as 0 without a word.
    require(number == 0.0 || static_cast<float>(number) != 0.0f, path,
            "is too small for a float: it would read as 0");
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
