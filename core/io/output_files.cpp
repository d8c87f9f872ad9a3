#include "core/io/output_files.hpp"

#include <system_error>

#include "core/io/atomic_file.hpp"
#include "core/text/input_excerpt.hpp"

namespace aabb::io {

namespace {

std::string quoted(const std::filesystem::path& path) {
    // Appended piece by piece: g++ 12 warns (-Wrestrict, a false positive) on "'" + a
    // temporary string.
    std::string text = "'";
    text += input_excerpt(path.string(), quoted_path_limit);
    text += '\'';
    return text;
}

// A device or a pipe: written in place, several outputs may share it (/dev/null).
bool is_special(const std::filesystem::path& path) {
    std::error_code error;
    const std::filesystem::file_status status = std::filesystem::status(path, error);
    return !error && std::filesystem::exists(status) && !std::filesystem::is_regular_file(status) &&
           !std::filesystem::is_directory(status);
}

}  // namespace

bool same_file(const std::filesystem::path& a, const std::filesystem::path& b) {
    std::error_code error;
    const bool a_exists = std::filesystem::exists(a, error);
    const bool b_exists = std::filesystem::exists(b, error);
    if (a_exists && b_exists) {
        const bool same = std::filesystem::equivalent(a, b, error);
        return same && !error;
    }
    if (a_exists != b_exists) return false;
    const std::filesystem::path canonical_a = std::filesystem::weakly_canonical(a, error);
    if (error) return false;
    const std::filesystem::path canonical_b = std::filesystem::weakly_canonical(b, error);
    return !error && canonical_a == canonical_b;
}

void check_output_files(std::span<const NamedFile> outputs, std::span<const NamedFile> inputs) {
    for (std::size_t i = 0; i < outputs.size(); ++i) {
        const NamedFile& output = outputs[i];
        const std::string flag(output.flag);
        if (output.path.empty()) throw OutputFileError(flag + ": the file name is empty");
        if (is_special(output.path)) continue;
        for (const NamedFile& input : inputs) {
            if (!input.path.empty() && same_file(output.path, input.path)) {
                throw OutputFileError(flag + ": " + quoted(output.path) + " is the same file as " +
                                      std::string(input.flag) + " " + quoted(input.path) +
                                      ": the output would overwrite the input");
            }
        }
        for (std::size_t j = 0; j < i; ++j) {
            if (same_file(output.path, outputs[j].path)) {
                throw OutputFileError(flag + ": " + quoted(output.path) + " is the same file as " +
                                      std::string(outputs[j].flag) + " " + quoted(outputs[j].path) +
                                      ": each output needs a file of its own");
            }
        }
        try {
            check_writable(output.path);
        } catch (const WriteError& error) {
            throw OutputFileError(flag + ": " + error.what());
        }
    }
}

}  // namespace aabb::io
