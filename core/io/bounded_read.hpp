#pragma once
// Every file the programs read goes through here, so that no input can hang a program or cost
// it more memory than its kind of file may hold. Only regular files are read: a directory, a
// FIFO, a device or a socket is refused by name, and without blocking (a FIFO is never opened
// for a blocking read: the path is checked with stat() first, then opened with O_NONBLOCK and
// checked again with fstat(), in case it was swapped in between). A whole-file read checks the
// size against the kind's limit before reading anything, then reads at most limit + 1 bytes, so
// a file whose size the file system does not know (/proc) is bounded too. Readers that stream
// (traces) read through InputFileBuffer and bound what they keep themselves.
//
// Each kind's limit is written once, where its reader is declared (max_scene_file_bytes,
// LessonLimits::file_bytes, max_settings_file_bytes); docs/limits.md lists them.

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

namespace aabb::io {

/// A kind of input file and the most bytes one may hold.
struct ReadLimit {
    /// What the file should be, for messages: "scene file", "lesson file".
    std::string_view kind;
    /// The largest size read; a larger file is refused before it is read.
    std::uint64_t max_bytes = 0;
};

/// A file that could not be read. what() is "SOURCE: REASON", SOURCE being the name the caller
/// gave (already quoted through input_excerpt).
class ReadError : public std::runtime_error {
  public:
    /// The error "SOURCE: REASON".
    ReadError(std::string_view source, std::string_view reason);
    /// What is wrong without the file's name: "is a directory, not a scene file".
    [[nodiscard]] const std::string& reason() const { return reason_; }

  private:
    std::string reason_;
};

/// `bytes` as messages write a limit: "1 MiB", "64 KiB", or "1000 bytes".
[[nodiscard]] std::string byte_size_text(std::uint64_t bytes);

/// "the file is larger than SIZE, the limit for a KIND": how a file over its limit is refused,
/// also by readers given the text itself.
[[nodiscard]] std::string too_large_reason(const ReadLimit& limit);

/// A regular file open for reading. Throws ReadError "SOURCE: is a directory, not a KIND" (or
/// "is a FIFO (named pipe)", "is a device", "is a socket") for anything else, and
/// "SOURCE: cannot open the file: CAUSE" when it cannot be opened.
class InputFile {
  public:
    /// Opens `path`; `source` names it in messages, `kind` is what it should be.
    InputFile(const std::filesystem::path& path, std::string_view source, std::string_view kind);
    ~InputFile();
    InputFile(const InputFile&) = delete;
    InputFile& operator=(const InputFile&) = delete;

    /// The size the file system reports (0 for files such as those of /proc).
    [[nodiscard]] std::uint64_t reported_size() const { return size_; }
    /// Reads up to `count` bytes into `buffer`; 0 at the end of the file. Throws ReadError
    /// "SOURCE: cannot read the file: CAUSE".
    [[nodiscard]] std::size_t read_some(char* buffer, std::size_t count);
    /// Goes to byte `offset` from the start (a reader that streams going back to a frame it
    /// indexed). A stream buffer over the file must be made afresh after. Throws ReadError
    /// "SOURCE: cannot seek in the file: CAUSE".
    void seek(std::uint64_t offset);
    /// The name messages give the file.
    [[nodiscard]] const std::string& source() const { return source_; }

  private:
    int descriptor_ = -1;
    std::uint64_t size_ = 0;
    std::string source_;
};

/// The whole of the regular file `path`, at most `limit.max_bytes` bytes. Throws ReadError as
/// InputFile does, and "SOURCE: the file is larger than SIZE, the limit for a KIND" (SIZE by
/// byte_size_text) before reading when the file reports a larger size, or once more than the
/// limit was read.
[[nodiscard]] std::string read_file(const std::filesystem::path& path, std::string_view source,
                                    const ReadLimit& limit);

/// A stream buffer over an InputFile, for readers that stream a file too large to hold whole
/// (traces). A read error throws ReadError out of the stream buffer's functions (sbumpc,
/// sgetc), which the readers call directly.
class InputFileBuffer : public std::streambuf {
  public:
    /// Reads `file`, which must outlive the buffer.
    explicit InputFileBuffer(InputFile& file) : file_(file) {}

    /// The bytes it reads ahead.
    static constexpr std::size_t buffer_bytes = std::size_t{1} << 16;

  protected:
    int_type underflow() override;

  private:
    InputFile& file_;
    std::vector<char> buffer_ = std::vector<char>(buffer_bytes);
};

}  // namespace aabb::io
