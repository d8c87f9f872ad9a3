// aabb-layout-check [--checks LIST] REPORT.json ...: the layout tests of issue 49 on files
// aabb-sandbox --layout-report wrote (one report, or {"reports": [...]} from --all-steps). LIST
// is a comma list of stage, overlaps, window, chinese (default: stage,overlaps,window); each
// check is ui/view/layout_checks.hpp's. Prints every problem with its lesson, step, language
// and scale, then "layout ok: R reports, T texts" or "layout: N problems in R reports".
// aabb-layout-check --same A.json B.json: the two layouts match (layout_differences), printing
// "same layout: R regions, T texts" or each difference. Exit 0 when there is no problem, 1 when
// there are problems or a report cannot be read, 2 on bad arguments.

#include <algorithm>
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/io/bounded_read.hpp"
#include "core/scene/json_text.hpp"
#include "core/text/input_excerpt.hpp"
#include "ui/view/layout_checks.hpp"

namespace {

using aabb::Json;
using aabb::ui::LayoutRecord;

/// A layout report is small: a few hundred texts.
constexpr aabb::io::ReadLimit report_limit{"layout report", std::uint64_t{64} << 20};

struct Check {
    std::string_view name;
    std::vector<std::string> (*run)(const LayoutRecord&);
};

constexpr Check checks[] = {{"stage", aabb::ui::check_stage},
                            {"overlaps", aabb::ui::check_overlaps},
                            {"window", aabb::ui::check_inside_window},
                            {"chinese", aabb::ui::check_chinese_words}};

aabb::ui::ScreenRect rect_of(const Json& value) {
    if (!value.is_array() || value.size() != 4)
        throw std::runtime_error("a rect is [x0, y0, x1, y1]");
    return {{value[0].get<float>(), value[1].get<float>()},
            {value[2].get<float>(), value[3].get<float>()}};
}

aabb::ui::TextOwner owner_of(const std::string& name) {
    for (std::size_t i = 0; i < std::size(aabb::ui::text_owner_names); ++i) {
        if (aabb::ui::text_owner_names[i] == name) return static_cast<aabb::ui::TextOwner>(i);
    }
    throw std::runtime_error("unknown text owner '" + aabb::input_excerpt(name) + "'");
}

/// One report object as a LayoutRecord.
LayoutRecord record_of(const Json& report) {
    LayoutRecord record;
    record.clear({0.0f, 0.0f});
    record.remove_region(aabb::ui::layout_region::window);
    aabb::ui::LayoutPlace place;
    place.lesson = report.at("lesson").get<std::string>();
    place.step = report.at("step").get<std::size_t>();
    place.language = report.at("language").get<std::string>();
    place.ui_scale = report.at("ui_scale").get<float>();
    record.set_place(place);
    for (const Json& region : report.at("regions"))
        record.add_region(region.at("name").get<std::string>(), rect_of(region.at("rect")));
    for (const Json& text : report.at("texts"))
        record.add_text(owner_of(text.at("owner").get<std::string>()),
                        text.at("text").get<std::string>(), rect_of(text.at("rect")));
    return record;
}

/// The report objects of a file: the one report, or each of {"reports": [...]}.
std::vector<LayoutRecord> records_in(const std::string& file) {
    const std::string source = aabb::input_excerpt(file);
    const Json json =
        aabb::parse_json_text(aabb::io::read_file(file, source, report_limit), source);
    std::vector<LayoutRecord> records;
    try {
        if (json.contains("reports")) {
            for (const Json& report : json.at("reports"))
                records.push_back(record_of(report));
        } else {
            records.push_back(record_of(json));
        }
    } catch (const std::exception& error) {
        // A field missing or of the wrong type: name the file.
        throw std::runtime_error(source + ": not a layout report: " + error.what());
    }
    return records;
}

/// --same A B.
int compare(const std::string& first, const std::string& second) {
    try {
        const std::vector<LayoutRecord> a = records_in(first);
        const std::vector<LayoutRecord> b = records_in(second);
        if (a.size() != 1 || b.size() != 1) {
            std::fprintf(stderr, "aabb-layout-check: --same compares two single reports\n");
            return 2;
        }
        const std::vector<std::string> differences = aabb::ui::layout_differences(a[0], b[0]);
        for (const std::string& difference : differences)
            std::printf("differs: %s\n", difference.c_str());
        if (!differences.empty()) return 1;
        std::printf("same layout: %zu regions, %zu texts\n", a[0].regions().size(),
                    a[0].texts().size());
        return 0;
    } catch (const std::exception& error) {
        std::fprintf(stderr, "aabb-layout-check: %s\n", error.what());
        return 1;
    }
}

std::vector<std::string> split(std::string_view list) {
    std::vector<std::string> names;
    while (!list.empty()) {
        const std::size_t comma = list.find(',');
        names.emplace_back(list.substr(0, comma));
        if (comma == std::string_view::npos) break;
        list.remove_prefix(comma + 1);
    }
    return names;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> wanted{"stage", "overlaps", "window"};
    std::vector<std::string> files;
    for (int i = 1; i < argc; ++i) {
        const std::string_view argument = argv[i];
        if (argument == "--same") {
            if (argc != i + 3) {
                std::fprintf(stderr, "usage: aabb-layout-check --same A.json B.json\n");
                return 2;
            }
            return compare(argv[i + 1], argv[i + 2]);
        }
        if (argument == "--checks" && i + 1 < argc) {
            wanted = split(argv[++i]);
            for (const std::string& name : wanted) {
                bool known = false;
                for (const Check& check : checks)
                    known = known || check.name == name;
                if (!known) {
                    std::fprintf(stderr, "aabb-layout-check: unknown check '%s'\n",
                                 aabb::input_excerpt(name).c_str());
                    return 2;
                }
            }
        } else if (argument.starts_with("--")) {
            std::fprintf(stderr,
                         "usage: aabb-layout-check [--checks stage,overlaps,window,chinese] "
                         "REPORT.json ...\n");
            return 2;
        } else {
            files.emplace_back(argument);
        }
    }
    if (files.empty()) {
        std::fprintf(stderr, "aabb-layout-check: no report given\n");
        return 2;
    }
    std::size_t reports = 0;
    std::size_t texts = 0;
    std::size_t problems = 0;
    for (const std::string& file : files) {
        try {
            for (const LayoutRecord& record : records_in(file)) {
                ++reports;
                texts += record.texts().size();
                const aabb::ui::LayoutPlace& place = record.place();
                for (const Check& check : checks) {
                    if (std::find(wanted.begin(), wanted.end(), check.name) == wanted.end())
                        continue;
                    for (const std::string& problem : check.run(record)) {
                        ++problems;
                        std::printf("%s step %zu (%s, scale %.2f) %s: %s\n", place.lesson.c_str(),
                                    place.step, place.language.c_str(),
                                    static_cast<double>(place.ui_scale),
                                    std::string(check.name).c_str(), problem.c_str());
                    }
                }
            }
        } catch (const std::exception& error) {
            std::fprintf(stderr, "aabb-layout-check: %s\n", error.what());
            return 1;
        }
    }
    if (problems != 0) {
        std::printf("layout: %zu problems in %zu reports\n", problems, reports);
        return 1;
    }
    std::printf("layout ok: %zu reports, %zu texts\n", reports, texts);
    return 0;
}
