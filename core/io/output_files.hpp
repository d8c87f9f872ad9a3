#pragma once
// The check every program runs on its output files before any work: each output names a file
// of its own (not an input it would overwrite, not another output), and each can be written
// (its folder exists and takes a new file). A run of minutes must not end by destroying its
// input or by failing on a typo in a folder name.

#include <filesystem>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

namespace aabb::io {

/// A file named on a command line and the flag that named it ("--report").
struct NamedFile {
    /// The flag, for messages.
    std::string_view flag;
    /// The file as given.
    std::filesystem::path path;
};

/// A bad output on the command line (a usage error: both programs exit 2).
class OutputFileError : public std::invalid_argument {
  public:
    using std::invalid_argument::invalid_argument;
};

/// True when `a` and `b` are one file: the same inode when both exist; otherwise (an output
/// not written yet) the same path once ".", ".." and the symbolic links of its existing part
/// are resolved.
[[nodiscard]] bool same_file(const std::filesystem::path& a, const std::filesystem::path& b);

/// Throws OutputFileError, naming the flags and the files, when an output's name is empty, when
/// an output is the same file as an input or as an earlier output (devices and pipes such as
/// /dev/null may be shared), or when an output cannot be written (check_writable):
/// "FLAG: the file name is empty",
/// "FLAG: 'PATH' is the same file as FLAG2 'PATH2': the output would overwrite the input",
/// "FLAG: 'PATH' is the same file as FLAG2 'PATH2': each output needs a file of its own",
/// "FLAG: cannot write 'PATH': CAUSE". Creates nothing that stays.
void check_output_files(std::span<const NamedFile> outputs, std::span<const NamedFile> inputs);

}  // namespace aabb::io
