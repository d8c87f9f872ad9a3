#pragma once
// Paths in the system's temporary folder that no other test process uses: ctest runs each test
// case as its own process, several at once, so a fixed name lets one case remove or overwrite
// another's files.

#include <unistd.h>

#include <filesystem>
#include <string>
#include <string_view>

namespace aabb::testing {

/// temp/<stem>_<process id>_<counter><extension>: unique among running test processes.
[[nodiscard]] inline std::filesystem::path unique_temporary_path(std::string_view stem,
                                                                 std::string_view extension = "") {
    static int counter = 0;
    // Appended piece by piece: g++ 12 warns (-Wrestrict, a false positive) on "_" + a
    // temporary string here.
    std::string name(stem);
    name += '_';
    name += std::to_string(::getpid());
    name += '_';
    name += std::to_string(counter++);
    name += extension;
    return std::filesystem::temp_directory_path() / name;
}

/// A fresh, empty folder at a unique temporary path, removed with everything in it at the end.
struct TemporaryFolder {
    /// The folder.
    std::filesystem::path path;

    /// Creates the folder `temp/<stem>_<process id>_<counter>`.
    explicit TemporaryFolder(std::string_view stem) : path(unique_temporary_path(stem)) {
        std::filesystem::remove_all(path);
        std::filesystem::create_directories(path);
    }
    ~TemporaryFolder() {
        std::error_code ignored;
        std::filesystem::remove_all(path, ignored);
    }
    TemporaryFolder(const TemporaryFolder&) = delete;
    TemporaryFolder& operator=(const TemporaryFolder&) = delete;
};

}  // namespace aabb::testing
