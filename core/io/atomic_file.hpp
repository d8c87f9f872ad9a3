#pragma once
// Every file the programs write goes through here, so that a write either lands whole or leaves
// the old file as it was. The bytes go to a temporary file beside the target (same folder, so
// the final rename() stays on one file system and is atomic), every write, the flush, fsync()
// and close() are checked, and only then is the temporary renamed over the target. On any
// failure the temporary is removed and a WriteError names the file and the cause (the errno
// text: "No space left on device", "File too large"). A target that exists and is not a
// regular file (/dev/null, /dev/full, a pipe such as bash's >(...)) cannot be renamed over: it
// is written directly, with every write checked the same way.

#include <filesystem>
#include <memory>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>

namespace aabb::io {

/// A file that could not be written. what() is "cannot write 'PATH': CAUSE", the path quoted
/// through input_excerpt.
class WriteError : public std::runtime_error {
  public:
    /// The message for `path` failing with the error number `error` (errno).
    WriteError(const std::filesystem::path& path, int error);
    /// The message for `path` failing for `cause` (a sentence of its own).
    WriteError(const std::filesystem::path& path, std::string_view cause);
};

/// "cannot write 'PATH': CAUSE": how every failed write is reported (WriteError::what()).
[[nodiscard]] std::string write_error_text(const std::filesystem::path& path,
                                           std::string_view cause);

/// A file written through a stream and put in place by commit(). Until then the target is
/// untouched; destroyed without commit() (an exception, a failed run), the temporary is removed
/// and the target stays as it was. For outputs too large to build in memory first (a pair
/// dump of every frame, a trace).
class AtomicFile {
  public:
    /// Creates the temporary beside `target` (or opens a non-regular target for writing).
    /// Throws WriteError naming `target` when it cannot (a missing folder, no permission,
    /// `target` is a folder).
    explicit AtomicFile(const std::filesystem::path& target);
    /// Removes the temporary unless committed.
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    /// Where the bytes go. A write error makes it fail; commit() reports the cause.
    [[nodiscard]] std::ostream& stream();
    /// Flushes, syncs and closes the file and renames it over the target. Throws WriteError
    /// naming the target on the first step that fails; the target is then as it was before.
    void commit();
    /// The path given to the constructor.
    [[nodiscard]] const std::filesystem::path& target() const;

  private:
    struct State;
    std::unique_ptr<State> state_;
};

/// Checks, before the work that produces it, that `path` can be written as AtomicFile would:
/// its folder exists and a file can be created there (one is created and removed), and `path`
/// is not a folder nor a file without write permission. A non-regular file (a device, a
/// pipe) needs write permission only: it is not opened, since opening a pipe waits for its
/// reader. Throws WriteError naming `path`; leaves nothing behind.
void check_writable(const std::filesystem::path& path);

/// Writes `bytes` to `path` through an AtomicFile: all of them or, on a failure (a WriteError),
/// nothing, with the old file intact.
void write_file_atomically(const std::filesystem::path& path, std::string_view bytes);

/// Makes a file-size limit (ulimit -f) a write error (EFBIG, "File too large") with a message
/// instead of SIGXFSZ, whose default action kills the process without a word and would leave
/// the temporary behind. Both programs call it first thing in main().
void ignore_file_size_signal();

}  // namespace aabb::io
