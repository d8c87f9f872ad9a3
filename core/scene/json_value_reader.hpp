#pragma once
// Reading typed values out of parsed JSON for the scene reader: every check fails with one
// SceneError "SOURCE: PATH: problem", so a bad file names the exact value that is wrong.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "core/geometry/box.hpp"
#include "core/scene/json_text.hpp"
#include "core/scene/scene_file.hpp"
#include "core/scene/scene_file_names.hpp"
#include "core/text/input_excerpt.hpp"

namespace aabb {

/// Reads JSON values into scene fields, failing with "SOURCE: PATH: message".
class JsonValueReader {
  public:
    /// A reader whose errors start with `source` (usually the file path).
    explicit JsonValueReader(std::string_view source) : source_(source) {}

    /// Throws SceneError "SOURCE: PATH: message" ("(root)" for the empty path).
    [[noreturn]] void fail(const std::string& path, std::string_view message) const;

    /// Fails with `message` unless `condition` holds.
    void require(bool condition, const std::string& path, std::string_view message) const {
        if (!condition) fail(path, message);
    }

    /// Checks that `value` is an object holding only `allowed` keys.
    void expect_object(const Json& value, const std::string& path,
                       std::span<const std::string_view> allowed) const;

    /// The member `key` of `object`, or nullptr when it has none.
    [[nodiscard]] static const Json* find(const Json& object, std::string_view key);

    /// A finite number within the float range.
    [[nodiscard]] float read_float(const Json& value, const std::string& path) const;

    /// A float in [low, high].
    [[nodiscard]] float read_float_in(const Json& value, const std::string& path, float low,
                                      float high) const;

    /// An array of two floats, each within ±magnitude_limit.
    [[nodiscard]] glm::vec2 read_vec2(const Json& value, const std::string& path,
                                      float magnitude_limit) const;

    /// A whole number in [low, high].
    [[nodiscard]] std::uint32_t read_count(const Json& value, const std::string& path,
                                           std::uint64_t low, std::uint64_t high) const;

    /// A string.
    [[nodiscard]] std::string read_string(const Json& value, const std::string& path) const;

    /// true or false.
    [[nodiscard]] bool read_bool(const Json& value, const std::string& path) const;

    /// One of the names of `names`.
    template <typename Enum, std::size_t Count>
    [[nodiscard]] Enum read_enum(const Json& value, const std::string& path,
                                 const std::array<EnumName<Enum>, Count>& names) const {
        std::string choices;
        for (const auto& entry : names)
            choices += (choices.empty() ? "\"" : ", \"") + std::string(entry.name) + "\"";
        require(value.is_string(), path, "must be one of " + choices);
        const std::string text = value.get<std::string>();
        for (const auto& entry : names) {
            if (entry.name == text) return entry.value;
        }
        fail(path, "must be one of " + choices + ", got \"" + input_excerpt(text) + "\"");
    }

    /// A box {"min": [x, y], "max": [x, y]} with min < max, coordinates within ±max_coordinate.
    [[nodiscard]] Box2 read_box(const Json& value, const std::string& path,
                                float max_coordinate) const;

    /// `value` as the stream writes it, for messages ("1e+07").
    [[nodiscard]] static std::string format(float value);

  private:
    std::string source_;
};

}  // namespace aabb
