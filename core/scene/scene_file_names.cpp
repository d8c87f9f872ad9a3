#include "core/scene/scene_file_names.hpp"

namespace aabb {

namespace {

std::vector<std::string_view> keys_of_body(bool emitted) {
    std::vector<std::string_view> keys;
    for (const auto& [field, key] : body_fields) {
        if (body_may_hold(field, emitted)) keys.push_back(key);
    }
    return keys;
}

}  // namespace

const std::vector<std::string_view>& body_keys(bool emitted) {
    static const std::vector<std::string_view> placed = keys_of_body(false);
    static const std::vector<std::string_view> spawned = keys_of_body(true);
    return emitted ? spawned : placed;
}

}  // namespace aabb
