#include "core/io/bounded_read.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace aabb::io {

namespace {

// "is a directory, not a scene file" for anything but a regular file; empty for one.
std::string file_type_problem(mode_t mode, std::string_view kind) {
    const std::string not_kind = ", not a " + std::string(kind);
    if (S_ISREG(mode)) return {};
    if (S_ISDIR(mode)) return "is a directory" + not_kind;
    if (S_ISFIFO(mode)) return "is a FIFO (named pipe)" + not_kind;
    if (S_ISCHR(mode) || S_ISBLK(mode)) return "is a device" + not_kind;
    if (S_ISSOCK(mode)) return "is a socket" + not_kind;
    return "is not a regular file" + not_kind;
}

std::string cause(std::string_view what, int error) {
    return std::string(what) + ": " + std::strerror(error);
}

}  // namespace

ReadError::ReadError(std::string_view source, std::string_view reason)
    : std::runtime_error(std::string(source) + ": " + std::string(reason)), reason_(reason) {}

std::string byte_size_text(std::uint64_t bytes) {
    constexpr std::uint64_t kib = 1024;
    if (bytes >= kib * kib && bytes % (kib * kib) == 0)
        return std::to_string(bytes / (kib * kib)) + " MiB";
    if (bytes >= kib && bytes % kib == 0) return std::to_string(bytes / kib) + " KiB";
    return std::to_string(bytes) + " bytes";
}

std::string too_large_reason(const ReadLimit& limit) {
    return "the file is larger than " + byte_size_text(limit.max_bytes) + ", the limit for a " +
           std::string(limit.kind);
}

InputFile::InputFile(const std::filesystem::path& path, std::string_view source,
                     std::string_view kind)
    : source_(source) {
    // stat() first, so that a FIFO or a device is never opened at all (opening some devices
    // has effects; a FIFO opened without O_NONBLOCK waits for a writer for ever).
    struct stat status {};
    if (::stat(path.c_str(), &status) != 0)
        throw ReadError(source_, cause("cannot open the file", errno));
    if (std::string problem = file_type_problem(status.st_mode, kind); !problem.empty())
        throw ReadError(source_, problem);
    do {
        descriptor_ = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    } while (descriptor_ < 0 && errno == EINTR);
    if (descriptor_ < 0) throw ReadError(source_, cause("cannot open the file", errno));
    // The path may have been replaced between stat() and open(): check what was opened.
    if (::fstat(descriptor_, &status) != 0) {
        const int error = errno;
        ::close(descriptor_);
        throw ReadError(source_, cause("cannot open the file", error));
    }
    if (std::string problem = file_type_problem(status.st_mode, kind); !problem.empty()) {
        ::close(descriptor_);
        throw ReadError(source_, problem);
    }
    size_ = static_cast<std::uint64_t>(std::max<off_t>(status.st_size, 0));
}

InputFile::~InputFile() {
    ::close(descriptor_);
}

std::size_t InputFile::read_some(char* buffer, std::size_t count) {
    for (;;) {
        const ssize_t got = ::read(descriptor_, buffer, count);
        if (got >= 0) return static_cast<std::size_t>(got);
        if (errno != EINTR) throw ReadError(source_, cause("cannot read the file", errno));
    }
}

void InputFile::seek(std::uint64_t offset) {
    if (::lseek(descriptor_, static_cast<off_t>(offset), SEEK_SET) == static_cast<off_t>(-1))
        throw ReadError(source_, cause("cannot seek in the file", errno));
}

std::string read_file(const std::filesystem::path& path, std::string_view source,
                      const ReadLimit& limit) {
    InputFile file(path, source, limit.kind);
    const std::string too_large = too_large_reason(limit);
    if (file.reported_size() > limit.max_bytes) throw ReadError(file.source(), too_large);
    // One byte beyond the limit tells a file at the limit from a larger one whose reported size
    // was wrong (0 in /proc) or grew since.
    std::string text;
    std::size_t filled = 0;
    std::size_t capacity = static_cast<std::size_t>(std::min<std::uint64_t>(
        std::max<std::uint64_t>(file.reported_size() + 1, 4096), limit.max_bytes + 1));
    for (;;) {
        text.resize(capacity);
        const std::size_t got = file.read_some(text.data() + filled, capacity - filled);
        if (got == 0) break;
        filled += got;
        if (filled > limit.max_bytes) throw ReadError(file.source(), too_large);
        if (filled == capacity) {
            capacity = static_cast<std::size_t>(
                std::min<std::uint64_t>(std::uint64_t{capacity} * 2, limit.max_bytes + 1));
        }
    }
    text.resize(filled);
    return text;
}

InputFileBuffer::int_type InputFileBuffer::underflow() {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    const std::size_t got = file_.read_some(buffer_.data(), buffer_.size());
    if (got == 0) return traits_type::eof();
    setg(buffer_.data(), buffer_.data(), buffer_.data() + got);
    return traits_type::to_int_type(*gptr());
}

}  // namespace aabb::io
