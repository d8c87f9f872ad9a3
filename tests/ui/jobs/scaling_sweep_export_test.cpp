// Exporting a scaling sweep: the CSV has its header and one row per measured (algorithm, n);
// the PNG decodes at the asked size and is a drawn chart, not a blank image; nothing measured
// or an unwritable path is an exception, not a file.

#include "ui/jobs/scaling_sweep_export.hpp"

#include <doctest/doctest.h>

#include <stb_image.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "tests/support/temporary_path.hpp"

namespace aabb::ui {

namespace {

/// A finished two-algorithm, three-size sweep measured synchronously.
ScalingSweepProgress measured_sweep() {
    ScalingSweepOptions options;
    options.sizes = {100, 200, 400};
    options.algorithms = {"brute_force", "sort_and_sweep"};
    options.time_budget_ms = 1e9;
    ScalingSweep sweep(options);
    while (sweep.step()) {
    }
    ScalingSweepProgress progress;
    progress.results = sweep.results();
    progress.algorithms = sweep.algorithms();
    progress.sizes = sweep.sizes();
    progress.fraction = sweep.progress();
    progress.finished = true;
    return progress;
}

std::filesystem::path temporary_file(const std::string& name) {
    return testing::unique_temporary_path("aabb_sweep_export_test_" + name);
}

std::vector<std::string> lines_of(const std::filesystem::path& path) {
    std::ifstream file(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(file, line);)
        lines.push_back(line);
    return lines;
}

}  // namespace

TEST_CASE("the sweep CSV has a header and one row per algorithm and n") {
    const ScalingSweepProgress sweep = measured_sweep();
    const std::filesystem::path path = temporary_file("rows.csv");
    write_scaling_sweep_csv(sweep, path.string());
    const std::vector<std::string> lines = lines_of(path);
    std::filesystem::remove(path);
    REQUIRE(lines.size() == 1 + 2 * 3);
    CHECK(lines[0] == measurements_csv_header);
    std::set<std::pair<std::string, std::size_t>> points;
    for (std::size_t i = 1; i < lines.size(); ++i) {
        std::stringstream row(lines[i]);
        std::vector<std::string> fields;
        for (std::string field; std::getline(row, field, ',');)
            fields.push_back(field);
        REQUIRE(fields.size() == 17);
        const BroadPhaseMeasurement& m = sweep.results[i - 1];
        CHECK(fields[0] == m.algorithm);
        CHECK(fields[1] == "uniform");
        CHECK(std::stoul(fields[2]) == m.box_count);
        CHECK(std::stoi(fields[3]) == m.frames);
        CHECK(std::stoull(fields[7]) == m.pairs);
        CHECK(std::stoull(fields[8]) == m.tests);
        points.emplace(fields[0], std::stoul(fields[2]));
    }
    // Every (algorithm, n) exactly once.
    CHECK(points.size() == 6);
    CHECK(points.count({"brute_force", 400}) == 1);
    CHECK(points.count({"sort_and_sweep", 100}) == 1);
}

TEST_CASE("the sweep PNG decodes at the chart size and is not blank") {
    const ScalingSweepProgress sweep = measured_sweep();
    const std::filesystem::path path = temporary_file("chart.png");
    write_scaling_sweep_png(sweep, path.string(), {640, 400});
    int width = 0;
    int height = 0;
    int channels = 0;
    unsigned char* pixels = stbi_load(path.string().c_str(), &width, &height, &channels, 3);
    std::filesystem::remove(path);
    REQUIRE(pixels != nullptr);
    CHECK(width == 640);
    CHECK(height == 400);
    std::unordered_map<std::uint32_t, long> histogram;
    const long total = static_cast<long>(width) * height;
    for (long i = 0; i < total; ++i) {
        const unsigned char* pixel = pixels + 3 * i;
        ++histogram[(std::uint32_t{pixel[0]} << 16) | (std::uint32_t{pixel[1]} << 8) | pixel[2]];
    }
    stbi_image_free(pixels);
    long dominant = 0;
    for (const auto& [color, count] : histogram)
        dominant = std::max(dominant, count);
    // Background, text, grid, and one line color per algorithm (chart_writer's first two).
    CHECK(histogram.size() >= 5);
    CHECK(static_cast<double>(dominant) / static_cast<double>(total) < 0.97);
    const auto pixels_of = [&](std::uint32_t red, std::uint32_t green, std::uint32_t blue) {
        const auto found = histogram.find((red << 16) | (green << 8) | blue);
        return found == histogram.end() ? 0L : found->second;
    };
    CHECK(pixels_of(31, 119, 180) > 100);  // brute_force's line and legend
    CHECK(pixels_of(214, 39, 40) > 100);   // sort_and_sweep's
}

TEST_CASE("exporting nothing or to an unwritable path throws") {
    ScalingSweepProgress empty;
    empty.algorithms = {"brute_force"};
    empty.sizes = {100};
    const std::filesystem::path path = temporary_file("empty.png");
    CHECK_THROWS_AS(write_scaling_sweep_png(empty, path.string()), std::invalid_argument);
    CHECK_FALSE(std::filesystem::exists(path));
    const ScalingSweepProgress sweep = measured_sweep();
    CHECK_THROWS_AS(write_scaling_sweep_csv(sweep, "/nonexistent-directory/sweep.csv"),
                    std::runtime_error);
    CHECK_THROWS_AS(write_scaling_sweep_png(sweep, "/nonexistent-directory/sweep.png"),
                    std::runtime_error);
    CHECK_THROWS_AS(write_scaling_sweep_png(sweep, path.string(), {10, 10}), std::invalid_argument);
}

}  // namespace aabb::ui
