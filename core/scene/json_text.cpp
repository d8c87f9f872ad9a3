#include "core/scene/json_text.hpp"

#include <algorithm>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/scene/scene_file.hpp"
#include "core/text/input_excerpt.hpp"

namespace aabb {

namespace {

// nlohmann's parse errors are a sentence before the text they quote, so they get more room than
// a quoted value.
constexpr std::size_t parse_detail_limit = 200;

// A JSON path at the nesting limit can hold 64 keys of 80 characters; messages show its end.
constexpr std::size_t shown_path_length = 240;

// "FILE:LINE:COLUMN: invalid JSON: detail" from nlohmann's byte offset.
[[noreturn]] void throw_parse_error(std::string_view text, std::string_view source,
                                    std::size_t byte, std::string detail) {
    const std::size_t position = std::min<std::size_t>(byte > 0 ? byte - 1 : 0, text.size());
    std::size_t line = 1;
    std::size_t line_start = 0;
    for (std::size_t i = 0; i < position; ++i) {
        if (text[i] == '\n') {
            ++line;
            line_start = i + 1;
        }
    }
    const std::size_t column = position - line_start + 1;
    // Drop nlohmann's "[json.exception.parse_error.101] parse error at line L, column C: ".
    const std::size_t prefix = detail.find("parse error");
    const std::size_t colon = prefix == std::string::npos ? prefix : detail.find(": ", prefix);
    if (colon != std::string::npos) detail = detail.substr(colon + 2);
    // nlohmann quotes the text it last read, which can be a whole megabyte-long token.
    throw SceneError(std::string(source) + ":" + std::to_string(line) + ":" +
                     std::to_string(column) +
                     ": invalid JSON: " + input_excerpt(detail, parse_detail_limit));
}

// Whether the digits of a JSON number before its exponent hold anything but zeros: such a
// number that parsed as 0 underflowed.
bool has_nonzero_mantissa(std::string_view number) {
    for (const char c : number) {
        if (c == 'e' || c == 'E') break;
        if (c >= '1' && c <= '9') return true;
    }
    return false;
}

// Builds the value from nlohmann's SAX events (what nlohmann's own DOM parser does), checking
// the depth, duplicate keys and underflow as it goes, so a refused file is never built whole.
class CheckedJsonBuilder {
  public:
    CheckedJsonBuilder(std::string_view text, std::string_view source)
        : text_(text), source_(source) {}

    Json take() { return std::move(root_); }

    bool null() { return add(Json(nullptr)); }
    bool boolean(bool value) { return add(Json(value)); }
    bool number_integer(Json::number_integer_t value) { return add(Json(value)); }
    bool number_unsigned(Json::number_unsigned_t value) { return add(Json(value)); }
    bool number_float(Json::number_float_t value, const Json::string_t& text) {
        add(Json(value));
        if (value == 0.0 && has_nonzero_mantissa(text)) {
            fail(path(levels_.size()),
                 "the number " + input_excerpt(text) + " is too small: it would read as 0");
        }
        return true;
    }
    bool string(Json::string_t& value) { return add(Json(std::move(value))); }
    bool binary(Json::binary_t& value) { return add(Json::binary(std::move(value))); }
    bool start_object(std::size_t) { return open(Json::object()); }
    bool start_array(std::size_t) { return open(Json::array()); }
    bool end_object() { return close(); }
    bool end_array() { return close(); }
    bool key(Json::string_t& key) {
        Level& level = levels_.back();
        if (level.value->contains(key)) {
            fail(path(levels_.size() - 1),
                 "duplicate key \"" + input_excerpt(key) + "\" (each key may appear once)");
        }
        slot_ = &(*level.value)[key];
        level.key = std::move(key);
        return true;
    }

    template <typename Exception>
    bool parse_error(std::size_t position, const std::string&, const Exception& error) {
        if constexpr (std::is_same_v<Exception, Json::parse_error>) {
            throw_parse_error(text_, source_, position, error.what());
        } else {
            // A number beyond double range ("1e999") is an out_of_range error; name the number.
            std::string detail = error.what();
            const std::size_t bracket = detail.find("] ");
            if (bracket != std::string::npos) detail = detail.substr(bracket + 2);
            throw SceneError(std::string(source_) +
                             ": invalid JSON: " + input_excerpt(detail, parse_detail_limit));
        }
    }

  private:
    // An array or object being filled: the key being read in an object.
    struct Level {
        Json* value;
        std::string key;
    };

    // Places `value` where the document is being filled; returns where it went. The pointers
    // kept in levels_ stay valid: an open array's element is its last, and nothing is added to
    // the array until that element is closed.
    Json* place(Json&& value) {
        if (levels_.empty()) {
            root_ = std::move(value);
            return &root_;
        }
        Json& parent = *levels_.back().value;
        if (parent.is_array()) {
            parent.push_back(std::move(value));
            return &parent.back();
        }
        *slot_ = std::move(value);
        return slot_;
    }

    bool add(Json&& value) {
        place(std::move(value));
        return true;
    }

    bool open(Json&& container) {
        levels_.push_back({place(std::move(container)), {}});
        if (levels_.size() > max_json_depth) {
            fail(path(levels_.size() - 1), "is nested deeper than " +
                                               std::to_string(max_json_depth) +
                                               " levels of arrays and objects");
        }
        return true;
    }

    bool close() {
        levels_.pop_back();
        return true;
    }

    // The path of the value placed last inside the first `count` open levels.
    std::string path(std::size_t count) const {
        std::string result;
        for (std::size_t i = 0; i < count; ++i) {
            const Level& level = levels_[i];
            result = level.value->is_array()
                         ? index_path(result, level.value->empty() ? 0 : level.value->size() - 1)
                         : field_path(result, level.key);
        }
        if (result.size() <= shown_path_length) return result;
        // Its end, from a '.' or '[' (ASCII, so never inside a UTF-8 character).
        std::size_t start = result.size() - shown_path_length;
        while (start < result.size() && result[start] != '.' && result[start] != '[')
            ++start;
        return "…" + result.substr(start);
    }

    [[noreturn]] void fail(const std::string& path, const std::string& problem) const {
        throw SceneError(std::string(source_) + ": " + (path.empty() ? "(root)" : path) + ": " +
                         problem);
    }

    std::string_view text_;
    std::string_view source_;
    Json root_;
    std::vector<Level> levels_;
    Json* slot_ = nullptr;
};

}  // namespace

Json parse_json_text(std::string_view text, std::string_view source) {
    CheckedJsonBuilder builder(text, source);
    Json::sax_parse(text.begin(), text.end(), &builder);
    return builder.take();
}

std::string field_path(const std::string& parent, std::string_view key) {
    // Keys are the file's text: an unknown key of megabytes must not become the message.
    const std::string name = input_excerpt(key);
    return parent.empty() ? name : parent + "." + name;
}

std::string index_path(const std::string& parent, std::size_t index) {
    return parent + "[" + std::to_string(index) + "]";
}

}  // namespace aabb
