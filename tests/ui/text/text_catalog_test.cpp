// The text catalog: every key has both texts, both languages' formats take the same arguments,
// every key is used by the window (the broad-phase options' rows: option_texts_test.cpp), and
// tr() follows the current language. (That the font has every character is aabb-font-check's
// job: it needs the real font atlas.)

#include "ui/text/text_catalog.hpp"

#include <doctest/doctest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "ui/text/format_conversions.hpp"

namespace aabb::ui {

namespace {

TextKey key_at(std::size_t index) {
    return static_cast<TextKey>(index);
}

/// The conversions of `format` written out ("llu s .2f" style: length and conversion).
std::string conversions_of(const char* format) {
    std::string out;
    FormatConversions conversions(format);
    while (conversions.next()) {
        out += std::string(conversions.current().length) + conversions.current().conversion + " ";
    }
    return conversions.valid() ? out : out + "(malformed)";
}

/// Every source file of the window and the programs, read into one string.
std::string window_sources() {
    std::string all;
    for (const char* folder : {"ui", "app"}) {
        const std::filesystem::path root = std::filesystem::path(AABB_SOURCE_DIR) / folder;
        for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
            const std::string extension = entry.path().extension().string();
            // The catalog's own files name every key; they do not count as a use.
            if (entry.path().string().find("/ui/text/") != std::string::npos) continue;
            if (extension != ".cpp" && extension != ".hpp") continue;
            std::ifstream file(entry.path());
            std::ostringstream text;
            text << file.rdbuf();
            all += text.str();
        }
    }
    return all;
}

/// True when `name` appears in `sources` as a whole identifier (`TextKey::name`, or `name`
/// after `using enum TextKey`, as in the shortcut table).
bool uses_key(const std::string& sources, std::string_view name) {
    const auto is_identifier = [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
    };
    for (std::size_t at = sources.find(name); at != std::string::npos;
         at = sources.find(name, at + 1)) {
        const std::size_t end = at + name.size();
        const bool starts = at == 0 || !is_identifier(sources[at - 1]);
        const bool ends = end == sources.size() || !is_identifier(sources[end]);
        if (starts && ends) return true;
    }
    return false;
}

}  // namespace

TEST_CASE("every catalog key has an English and a Chinese text") {
    REQUIRE(text_key_count > 100);
    for (std::size_t i = 0; i < text_key_count; ++i) {
        const TextKey key = key_at(i);
        CAPTURE(text_key_name(key));
        CHECK(std::string(text(Language::en, key)).size() > 0);
        CHECK(std::string(text(Language::zh, key)).size() > 0);
        CHECK(text_key_named(text_key_name(key)) == key);
    }
    CHECK_FALSE(text_key_named("no_such_key").has_value());
}

TEST_CASE("both languages' formats take the same printf conversions in the same order") {
    for (std::size_t i = 0; i < text_key_count; ++i) {
        const TextKey key = key_at(i);
        CAPTURE(text_key_name(key));
        CAPTURE(conversions_of(text(Language::en, key)));
        CAPTURE(conversions_of(text(Language::zh, key)));
        CHECK(same_format_arguments(text(Language::en, key), text(Language::zh, key)));
    }
}

TEST_CASE("every catalog key is used by the window") {
    const std::string sources = window_sources();
    REQUIRE(sources.size() > 10000);
    for (std::size_t i = 0; i < text_key_count; ++i) {
        const std::string_view name = text_key_name(key_at(i));
        // Broad-phase option names are looked up by the option's name (option_name_<name>):
        // option_texts_test.cpp checks them.
        if (name.starts_with("option_")) continue;
        CAPTURE(name);
        CHECK(uses_key(sources, name));
    }
}

TEST_CASE("tr follows the current language; tr_label keeps one id in every language") {
    const Language before = current_language();
    set_language(Language::en);
    CHECK(std::string(tr(TextKey::tab_time)) == "Time");
    CHECK(std::string(tr_label(TextKey::tab_time)) == "Time###tab_time");
    CHECK(tr_format(TextKey::time_paused_tunneling, 12ull) == "Paused: tunneling at world step 12");
    set_language(Language::zh);
    CHECK(std::string(tr(TextKey::tab_time)) == "时间");
    CHECK(std::string(tr_label(TextKey::tab_time)) == "时间###tab_time");
    CHECK(tr_format(TextKey::time_paused_tunneling, 12ull) == "已暂停：时间步 12 发生隧穿");
    CHECK(text_format(Language::en, TextKey::scenes_loaded, "a.json") == "Loaded a.json");
    set_language(before);
}

}  // namespace aabb::ui
