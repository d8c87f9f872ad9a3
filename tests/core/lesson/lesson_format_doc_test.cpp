// docs/lesson_format.md against the code: the readout catalog (every kind with exactly its
// arguments and outputs, in order), the gadget table, and every name list of lesson_names.hpp
// are documented, so the doc cannot drift from the C++ tables.

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/lesson/lesson_names.hpp"
#include "core/lesson/readouts/readout_catalog.hpp"

namespace aabb::lesson {
namespace {

std::vector<std::string> doc_lines() {
    std::ifstream file(std::filesystem::path(AABB_SOURCE_DIR) / "docs/lesson_format.md");
    REQUIRE(file);
    std::vector<std::string> lines;
    for (std::string line; std::getline(file, line);)
        lines.push_back(line);
    return lines;
}

// The first cell of a Markdown table row, without backticks ("| `value` | ..." → "value").
std::string first_cell(const std::string& row) {
    const std::size_t begin = row.find('`');
    const std::size_t end = row.find('`', begin + 1);
    return begin == std::string::npos ? "" : row.substr(begin + 1, end - begin - 1);
}

// The first cells of the table starting at the first line at or after `from` whose text starts
// with `header`; `from` moves past the table.
std::vector<std::string> table_after(const std::vector<std::string>& lines, std::size_t& from,
                                     const std::string& header) {
    while (from < lines.size() && lines[from].rfind(header, 0) != 0)
        ++from;
    std::vector<std::string> cells;
    for (from += 2; from < lines.size() && lines[from].rfind("|", 0) == 0; ++from)
        cells.push_back(first_cell(lines[from]));
    return cells;
}

}  // namespace

TEST_CASE("docs/lesson_format.md lists every readout kind with its arguments and outputs") {
    const std::vector<std::string> lines = doc_lines();
    for (const ReadoutKind& kind : readout_kinds()) {
        CAPTURE(kind.name);
        const std::string heading = "### `" + std::string(kind.name) + "`";
        std::size_t at = 0;
        while (at < lines.size() && lines[at].rfind(heading, 0) != 0)
            ++at;
        REQUIRE(at < lines.size());
        std::size_t cursor = at;
        if (!kind.args.empty()) {
            std::vector<std::string> roles;
            for (const ArgSpec& arg : kind.args)
                roles.emplace_back(arg.role);
            CHECK(table_after(lines, cursor, "| argument |") == roles);
        }
        std::vector<std::string> outputs;
        for (const OutputSpec& output : kind.outputs)
            outputs.emplace_back(output.name);
        CHECK(table_after(lines, cursor, "| output |") == outputs);
    }
}

TEST_CASE("docs/lesson_format.md lists every gadget and every fixed name") {
    const std::vector<std::string> lines = doc_lines();
    std::size_t cursor = 0;
    std::vector<std::string> gadgets;
    for (const GadgetKind& kind : gadget_kinds())
        gadgets.emplace_back(kind.name);
    CHECK(table_after(lines, cursor, "| gadget |") == gadgets);
    std::ostringstream all;
    for (const std::string& line : lines)
        all << line << '\n';
    const std::string text = all.str();
    const auto documented = [&](std::string_view name) {
        std::string quoted(1, '`');
        quoted += name;
        quoted += '`';
        return text.find(quoted) != std::string::npos;
    };
    for (const std::string_view name : overlay_names)
        CHECK(documented(name));
    for (const std::string_view name : canvas_detail_names)
        CHECK(documented(name));
    for (const auto& [display, name] : world_display_names) {
        std::string quoted(1, '"');
        quoted += name;
        quoted += '"';
        CHECK(documented(quoted));
    }
    for (const std::string_view name : color_roles)
        CHECK(documented(name));
    for (const auto& [kind, name] : handle_kind_names)
        CHECK(documented(name));
    for (const auto& [kind, name] : object_kind_names)
        CHECK(documented(name));
    for (const auto& [op, name] : compare_op_names)
        CHECK(documented(name));
}

TEST_CASE("docs/lesson_format.md gives every color role its one meaning, in order") {
    const std::vector<std::string> lines = doc_lines();
    std::size_t cursor = 0;
    const std::vector<std::string> roles = table_after(lines, cursor, "| role |");
    CHECK(roles == std::vector<std::string>(color_roles.begin(), color_roles.end()));
}

}  // namespace aabb::lesson
