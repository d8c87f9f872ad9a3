#include "ui/view/layout_record.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace aabb::ui {

namespace {

LayoutRecord* current_record = nullptr;

/// A pixel coordinate for the report: two decimals are enough, and a non-finite one (never
/// expected) becomes null so the file stays JSON.
std::string coordinate(float value) {
    if (!std::isfinite(value)) return "null";
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", static_cast<double>(value));
    return text;
}

/// A camera number (world coordinate or zoom) to six significant digits, null if not finite.
std::string camera_number(float value) {
    if (!std::isfinite(value)) return "null";
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", static_cast<double>(value));
    return text;
}

std::string rect_json(const ScreenRect& rect) {
    // Appended piece by piece: `"literal" + std::string` trips a false -Wrestrict in GCC 12.
    std::string json("[");
    json.append(coordinate(rect.min.x)).append(", ").append(coordinate(rect.min.y));
    json.append(", ").append(coordinate(rect.max.x)).append(", ");
    json.append(coordinate(rect.max.y)).append("]");
    return json;
}

}  // namespace

std::string_view text_owner_name(TextOwner owner) {
    return text_owner_names[static_cast<std::size_t>(owner)];
}

void LayoutRecord::clear(glm::vec2 window) {
    texts_.clear();
    regions_.clear();
    reserved_.clear();
    regions_.push_back({std::string(layout_region::window), {{0.0f, 0.0f}, window}});
}

void LayoutRecord::add_text(TextOwner owner, std::string_view text, const ScreenRect& rect) {
    if (text.empty()) return;
    texts_.push_back({owner, std::string(text), rect});
}

void LayoutRecord::add_region(std::string_view name, const ScreenRect& rect) {
    regions_.push_back({std::string(name), rect});
}

void LayoutRecord::set_region(std::string_view name, const ScreenRect& rect) {
    remove_region(name);
    add_region(name, rect);
}

void LayoutRecord::remove_region(std::string_view name) {
    std::erase_if(regions_, [&](const LayoutRegion& region) { return region.name == name; });
}

std::optional<ScreenRect> LayoutRecord::region(std::string_view name) const {
    for (const LayoutRegion& region : regions_) {
        if (region.name == name) return region.rect;
    }
    return std::nullopt;
}

std::vector<ScreenRect> LayoutRecord::regions_named(std::string_view name) const {
    std::vector<ScreenRect> found;
    for (const LayoutRegion& region : regions_) {
        if (region.name == name) found.push_back(region.rect);
    }
    return found;
}

std::string LayoutRecord::to_json() const {
    std::string json("{\n  \"lesson\": ");
    json.append(json_string(place_.lesson)).append(",\n  \"step\": ");
    json.append(std::to_string(place_.step)).append(",\n  \"language\": ");
    json.append(json_string(place_.language)).append(",\n  \"ui_scale\": ");
    json.append(coordinate(place_.ui_scale)).append(",\n  \"camera\": {\"center\": [");
    json.append(camera_number(place_.camera.center.x)).append(", ");
    json.append(camera_number(place_.camera.center.y)).append("], \"zoom\": ");
    json.append(camera_number(place_.camera.zoom)).append("},\n  \"regions\": [");
    for (std::size_t i = 0; i < regions_.size(); ++i) {
        json.append(i == 0 ? "\n    " : ",\n    ").append("{\"name\": ");
        json.append(json_string(regions_[i].name)).append(", \"rect\": ");
        json.append(rect_json(regions_[i].rect)).append("}");
    }
    json.append("\n  ],\n  \"texts\": [");
    for (std::size_t i = 0; i < texts_.size(); ++i) {
        json.append(i == 0 ? "\n    " : ",\n    ").append("{\"owner\": ");
        json.append(json_string(text_owner_name(texts_[i].owner))).append(", \"text\": ");
        json.append(json_string(texts_[i].text)).append(", \"rect\": ");
        json.append(rect_json(texts_[i].rect)).append("}");
    }
    json.append("\n  ]\n}");
    return json;
}

std::string json_string(std::string_view text) {
    std::string quoted("\"");
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            quoted += '\\';
            quoted += c;
        } else if (c == '\n') {
            quoted += "\\n";
        } else if (c == '\t') {
            quoted += "\\t";
        } else if (byte < 0x20 || byte == 0x7f) {
            char escape[8];
            std::snprintf(escape, sizeof escape, "\\u%04x", byte);
            quoted += escape;
        } else {
            quoted += c;
        }
    }
    quoted += '"';
    return quoted;
}

LayoutRecord* current_layout_record() {
    return current_record;
}

ScopedLayoutRecord::ScopedLayoutRecord(LayoutRecord& record) : previous_(current_record) {
    current_record = &record;
}

ScopedLayoutRecord::~ScopedLayoutRecord() {
    current_record = previous_;
}

bool rects_overlap(const ScreenRect& a, const ScreenRect& b, float slack) {
    const float width = std::min(a.max.x, b.max.x) - std::max(a.min.x, b.min.x);
    const float height = std::min(a.max.y, b.max.y) - std::max(a.min.y, b.min.y);
    return width > slack && height > slack;
}

bool rect_inside(const ScreenRect& inner, const ScreenRect& outer, float slack) {
    return inner.min.x >= outer.min.x - slack && inner.min.y >= outer.min.y - slack &&
           inner.max.x <= outer.max.x + slack && inner.max.y <= outer.max.y + slack;
}

}  // namespace aabb::ui
