// aabb-png-check FILE [--width W] [--height H] [--high-contrast]: checks that a sandbox screenshot
// shows the sandbox. Fails (exit 1, message on stderr) when the file is missing or unreadable, has
// the wrong size, is (nearly) one color, or lacks the palette colors of the canvas, the panel, the
// AABB outlines and the overlap highlight on the left (canvas), of the panel background and
// text on the right (side panel), in the standard or (--high-contrast) the high-contrast
// scheme. With --scene-view (screenshots of scene files, which may have no overlapping pairs)
// the AABB and overlap colors are replaced by the scene caption's title color and at least
// 3,000 bright canvas pixels that are not background or grid (a zoomed-in dense scene may
// hide the canvas background entirely). --contact-points also requires the contact-point
// overlay's color (of the chosen scheme) on the canvas. With --chart (an exported chart, not a
// window) only the size and the blank-image test apply. --no-panel (the panel hidden with Tab)
// requires the panel's background to be absent from the top half of the right columns.
// --no-caption (lesson steps, whose world and so its caption may be dimmed away) drops the
// scene caption's title color from --scene-view's checks.
// Exit 2 on bad arguments.

#include <stb_image.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ui/style/overlay_colors.hpp"
#include "ui/style/palette.hpp"

namespace {

using aabb::ui::palette;
using aabb::ui::Rgba8;

/// Where in the image a color is looked for, as fractions of the width.
struct Columns {
    double from = 0.0;
    double to = 1.0;
};

/// The canvas fills the left of the window, the side panel the right (at most 45% wide).
constexpr Columns canvas_columns{0.0, 0.55};
constexpr Columns panel_columns{0.80, 1.0};

/// A color the screenshot must contain, where, and how much of it.
struct ExpectedColor {
    const char* what;
    Rgba8 color;
    Columns columns;
    /// Least number of pixels within `tolerance` per channel, as a fraction of the region's
    /// pixels when below 1, else as a count.
    double min_pixels;
};

constexpr int tolerance = 6;
/// The most common color may cover at most this fraction: above it the image is blank.
constexpr double max_dominant_fraction = 0.97;

bool near(const unsigned char* pixel, Rgba8 color) {
    return std::abs(pixel[0] - color.r) <= tolerance && std::abs(pixel[1] - color.g) <= tolerance &&
           std::abs(pixel[2] - color.b) <= tolerance;
}

int usage() {
    std::fprintf(stderr,
                 "usage: aabb-png-check FILE [--width W] [--height H] [--high-contrast] "
                 "[--scene-view] [--no-caption] [--contact-points] [--chart] [--no-panel]\n");
    return 2;
}

/// What the command line asks for.
struct Options {
    std::string path;
    int width = 0;
    int height = 0;
    bool scene_view = false;
    bool chart = false;
    bool contact_points = false;
    bool no_panel = false;
    bool no_caption = false;
};

/// The options, or nullopt for a usage error. --high-contrast switches the palette at once.
std::optional<Options> parse_options(int argc, char** argv) {
    if (argc < 2) return std::nullopt;
    Options options;
    options.path = argv[1];
    const std::pair<std::string_view, bool Options::*> switches[] = {
        {"--scene-view", &Options::scene_view},
        {"--chart", &Options::chart},
        {"--no-panel", &Options::no_panel},
        {"--no-caption", &Options::no_caption},
        {"--contact-points", &Options::contact_points}};
    for (int i = 2; i < argc; ++i) {
        const std::string_view flag = argv[i];
        if (flag == "--high-contrast") {
            aabb::ui::set_color_scheme(aabb::ui::high_contrast_colors);
            aabb::ui::set_overlay_appearance(aabb::ui::high_contrast_overlay_colors, 1.0f, true);
            continue;
        }
        const auto found = std::find_if(std::begin(switches), std::end(switches),
                                        [&](const auto& entry) { return entry.first == flag; });
        if (found != std::end(switches)) {
            options.*(found->second) = true;
            continue;
        }
        if (i + 1 >= argc) return std::nullopt;
        const int value = std::atoi(argv[++i]);
        if (flag == "--width") {
            options.width = value;
        } else if (flag == "--height") {
            options.height = value;
        } else {
            return std::nullopt;
        }
    }
    return options;
}

/// An RGB image, 3 bytes a pixel.
struct Image {
    const unsigned char* pixels = nullptr;
    int width = 0;
    int height = 0;
    [[nodiscard]] const unsigned char* at(int x, int y) const {
        return pixels + 3 * (static_cast<long>(y) * width + x);
    }
};

/// False (with a message) when one color covers nearly everything or there are too few.
bool check_not_blank(const Options& options, const Image& image) {
    const long total = static_cast<long>(image.width) * image.height;
    std::unordered_map<std::uint32_t, long> histogram;
    for (long i = 0; i < total; ++i) {
        const unsigned char* pixel = image.pixels + 3 * i;
        ++histogram[(std::uint32_t{pixel[0]} << 16) | (std::uint32_t{pixel[1]} << 8) | pixel[2]];
    }
    long dominant = 0;
    for (const auto& [color, count] : histogram)
        dominant = std::max(dominant, count);
    const double dominant_fraction = total > 0 ? static_cast<double>(dominant) / total : 1.0;
    std::printf("png-check: %s %dx%d, %zu distinct colors, most common covers %.1f%%\n",
                options.path.c_str(), image.width, image.height, histogram.size(),
                100.0 * dominant_fraction);
    // A chart is drawn without anti-aliasing: background, text, grid and a few line colors.
    const std::size_t min_colors = options.chart ? 5 : 16;
    if (dominant_fraction > max_dominant_fraction || histogram.size() < min_colors) {
        std::fprintf(stderr, "png-check: the image is (nearly) blank\n");
        return false;
    }
    return true;
}

/// Bright canvas pixels below the caption that are neither background nor grid: the world was
/// drawn.
bool check_world_drawn(const Image& image) {
    const Rgba8 plain[] = {palette.canvas_background, palette.grid_minor, palette.grid_major,
                           palette.axes};
    long drawn = 0;
    for (int y = std::min(90, image.height); y < image.height; ++y) {
        for (int x = 0; x < static_cast<int>(canvas_columns.to * image.width); ++x) {
            const unsigned char* pixel = image.at(x, y);
            bool is_plain = pixel[0] + pixel[1] + pixel[2] < 150;
            for (const Rgba8& color : plain)
                is_plain = is_plain || near(pixel, color);
            drawn += is_plain ? 0 : 1;
        }
    }
    constexpr long min_drawn = 3000;
    std::printf("png-check: %-26s in columns   0-%3.0f%%: %7ld pixels (need %ld) %s\n",
                "drawn world", 100.0 * canvas_columns.to, drawn, min_drawn,
                drawn >= min_drawn ? "ok" : "MISSING");
    return drawn >= min_drawn;
}

/// The side panel's backdrop is (nearly) absent from the top half of its columns.
bool check_no_panel(const Image& image) {
    long panel_pixels = 0;
    // The top half only: a lesson's insets (on the same backdrop) sit at the bottom right.
    for (int y = 0; y < image.height / 2; ++y) {
        for (int x = static_cast<int>(panel_columns.from * image.width); x < image.width; ++x)
            panel_pixels += near(image.at(x, y), palette.panel_background) ? 1 : 0;
    }
    // The canvas's grid lines share the color (about 12% there); a shown panel fills more
    // than half of it.
    const long total = static_cast<long>(image.width) * image.height;
    const long allowed = static_cast<long>(0.25 * (1.0 - panel_columns.from) * total / 2);
    std::printf("png-check: %-26s top half, columns %3.0f-100%%: %ld pixels (allow %ld) %s\n",
                "no side panel", 100.0 * panel_columns.from, panel_pixels, allowed,
                panel_pixels <= allowed ? "ok" : "PANEL SHOWN");
    return panel_pixels <= allowed;
}

/// The colors a frame of this kind must show, each in its columns.
std::vector<ExpectedColor> expected_colors(const Options& options) {
    const ExpectedColor window_colors[] = {
        {"canvas background", palette.canvas_background, canvas_columns, 0.2},
        {"AABB outline", palette.aabb_outline, canvas_columns, 200},
        {"overlap highlight outline", palette.overlap_outline, canvas_columns, 8},
        {"side panel background", palette.panel_background, panel_columns, 0.3},
        {"panel text", palette.text, panel_columns, 50},
    };
    const ExpectedColor scene_colors[] = {
        {"scene caption title", aabb::ui::standard_overlay_colors.caption_title, canvas_columns,
         40},
        {"side panel background", palette.panel_background, panel_columns, 0.3},
        {"panel text", palette.text, panel_columns, 50},
    };
    std::vector<ExpectedColor> expected;
    if (options.scene_view) {
        expected.assign(std::begin(scene_colors), std::end(scene_colors));
    } else {
        expected.assign(std::begin(window_colors), std::end(window_colors));
    }
    if (options.no_caption) {
        std::erase_if(expected, [](const ExpectedColor& check) {
            return check.color == aabb::ui::standard_overlay_colors.caption_title;
        });
    }
    if (options.no_panel) {
        std::erase_if(expected, [](const ExpectedColor& check) {
            return check.columns.from == panel_columns.from;
        });
    }
    if (options.contact_points) {
        expected.push_back(
            {"contact points", aabb::ui::overlay_colors.contact_point, canvas_columns, 20});
    }
    return expected;
}

/// Enough pixels of the color in its columns.
bool check_color(const Image& image, const ExpectedColor& check) {
    const int first_column = static_cast<int>(check.columns.from * image.width);
    const int last_column = static_cast<int>(check.columns.to * image.width);
    const long region = static_cast<long>(last_column - first_column) * image.height;
    const long needed = check.min_pixels < 1.0
                            ? static_cast<long>(check.min_pixels * static_cast<double>(region))
                            : static_cast<long>(check.min_pixels);
    long found = 0;
    for (int y = 0; y < image.height; ++y) {
        for (int x = first_column; x < last_column; ++x)
            found += near(image.at(x, y), check.color) ? 1 : 0;
    }
    const bool enough = found >= needed && needed > 0;
    std::printf(
        "png-check: %-26s (%3d,%3d,%3d) in columns %3.0f-%3.0f%%: %7ld pixels (need %ld) %s\n",
        check.what, check.color.r, check.color.g, check.color.b, 100.0 * check.columns.from,
        100.0 * check.columns.to, found, needed, enough ? "ok" : "MISSING");
    return enough;
}

/// Every check the options ask for on the loaded image.
bool check_image(const Options& options, const Image& image) {
    bool ok = true;
    if ((options.width != 0 && image.width != options.width) ||
        (options.height != 0 && image.height != options.height)) {
        std::fprintf(stderr, "png-check: size %dx%d, expected %dx%d\n", image.width, image.height,
                     options.width, options.height);
        ok = false;
    }
    ok = check_not_blank(options, image) && ok;
    if (options.chart) {
        if (!ok)
            std::fprintf(stderr, "png-check: '%s' is not a usable chart\n", options.path.c_str());
        return ok;
    }
    if (options.scene_view) ok = check_world_drawn(image) && ok;
    if (options.no_panel) ok = check_no_panel(image) && ok;
    for (const ExpectedColor& check : expected_colors(options))
        ok = check_color(image, check) && ok;
    if (!ok)
        std::fprintf(stderr, "png-check: '%s' does not look like the sandbox\n",
                     options.path.c_str());
    return ok;
}

}  // namespace

int main(int argc, char** argv) {
    const std::optional<Options> options = parse_options(argc, argv);
    if (!options) return usage();
    int width = 0;
    int height = 0;
    int channels = 0;
    unsigned char* pixels = stbi_load(options->path.c_str(), &width, &height, &channels, 3);
    if (pixels == nullptr) {
        std::fprintf(stderr, "png-check: cannot read '%s': %s\n", options->path.c_str(),
                     stbi_failure_reason());
        return 1;
    }
    const bool ok = check_image(*options, Image{pixels, width, height});
    stbi_image_free(pixels);
    return ok ? 0 : 1;
}
