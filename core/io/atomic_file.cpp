#include "core/io/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <streambuf>
#include <system_error>

#include "core/text/input_excerpt.hpp"

namespace aabb::io {

namespace {

// Writes all of `size` bytes to `descriptor`, resuming after signals and short writes (a
// file-size limit first gives a short write, then EFBIG). Returns 0 or the errno.
int write_all(int descriptor, const char* bytes, std::size_t size) {
    while (size > 0) {
        const ssize_t written = ::write(descriptor, bytes, size);
        if (written < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        // write() of a regular file returns 0 only for 0 bytes; do not spin on it.
        if (written == 0) return EIO;
        bytes += written;
        size -= static_cast<std::size_t>(written);
    }
    return 0;
}

// A stream buffer over a file descriptor that keeps the first write error: std::ofstream
// reports only that something failed, and a small file's failure only at close(), which
// nobody checked (a failed Save said "Saved").
class DescriptorBuffer : public std::streambuf {
  public:
    explicit DescriptorBuffer(int descriptor) : descriptor_(descriptor) {
        setp(buffer_.data(), buffer_.data() + buffer_.size());
    }
    /// The first errno a write failed with, or 0.
    [[nodiscard]] int error() const { return error_; }

  protected:
    int_type overflow(int_type character) override {
        if (!drain()) return traits_type::eof();
        if (!traits_type::eq_int_type(character, traits_type::eof())) {
            *pptr() = traits_type::to_char_type(character);
            pbump(1);
        }
        return traits_type::not_eof(character);
    }
    std::streamsize xsputn(const char* bytes, std::streamsize count) override {
        // Large blocks go straight to the file instead of through the buffer.
        if (count < static_cast<std::streamsize>(buffer_.size())) {
            return std::streambuf::xsputn(bytes, count);
        }
        if (!drain()) return 0;
        if (const int error = write_all(descriptor_, bytes, static_cast<std::size_t>(count))) {
            error_ = error;
            return 0;
        }
        return count;
    }
    int sync() override { return drain() ? 0 : -1; }

  private:
    bool drain() {
        if (error_ != 0) return false;
        const auto size = static_cast<std::size_t>(pptr() - pbase());
        setp(buffer_.data(), buffer_.data() + buffer_.size());
        error_ = write_all(descriptor_, buffer_.data(), size);
        return error_ == 0;
    }

    int descriptor_;
    int error_ = 0;
    std::array<char, 1 << 16> buffer_{};
};

// Where the bytes go: the temporary's folder and the file renamed over, or the target itself.
struct Placement {
    /// The regular file to replace (symbolic links followed, so a link keeps pointing at it).
    std::filesystem::path final_path;
    /// Written in place: an existing non-regular file (a device, a pipe).
    bool direct = false;
    /// The permission bits of the file replaced, so a rename does not change them.
    mode_t mode = 0;
    bool existed = false;
};

Placement place(const std::filesystem::path& target) {
    if (target.empty()) throw WriteError(target, "the file name is empty");
    Placement placement;
    placement.final_path = target;
    struct stat status {};
    if (::stat(target.c_str(), &status) != 0) {
        // A new file (or a dangling link, which the rename replaces).
        if (errno == ENOENT) return placement;
        throw WriteError(target, errno);
    }
    if (S_ISDIR(status.st_mode)) throw WriteError(target, EISDIR);
    if (!S_ISREG(status.st_mode)) {
        placement.direct = true;
        return placement;
    }
    // Replacing a file is refused where writing it in place would be (a read-only file).
    if (::access(target.c_str(), W_OK) != 0) throw WriteError(target, errno);
    placement.existed = true;
    placement.mode = status.st_mode & 07777;
    std::error_code error;
    if (std::filesystem::is_symlink(target, error)) {
        placement.final_path = std::filesystem::canonical(target, error);
        if (error) throw WriteError(target, error.value());
    }
    return placement;
}

// Creates a new file beside `final_path` with a name no other writer uses (the process id and
// a counter, created exclusively). Hidden, so a folder listing does not show it while it is
// being written. Returns the descriptor; throws WriteError naming `target` when it cannot.
int create_temporary(const std::filesystem::path& target, const std::filesystem::path& final_path,
                     std::filesystem::path& temporary) {
    static std::atomic<unsigned> counter{0};
    // Short enough that the name stays under NAME_MAX (255 bytes) for any target name.
    std::string stem = final_path.filename().string().substr(0, 200);
    for (int attempt = 0; attempt < 100; ++attempt) {
        temporary = final_path.parent_path() / ("." + stem + ".tmp-" + std::to_string(::getpid()) +
                                                "-" + std::to_string(counter.fetch_add(1)));
        const int descriptor =
            ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (descriptor >= 0) return descriptor;
        if (errno != EEXIST) throw WriteError(target, errno);
    }
    throw WriteError(target, EEXIST);
}

}  // namespace

std::string write_error_text(const std::filesystem::path& path, std::string_view cause) {
    return "cannot write '" + input_excerpt(path.string(), quoted_path_limit) +
           "': " + std::string(cause);
}

WriteError::WriteError(const std::filesystem::path& path, int error)
    : std::runtime_error(write_error_text(path, std::generic_category().message(error))) {}

WriteError::WriteError(const std::filesystem::path& path, std::string_view cause)
    : std::runtime_error(write_error_text(path, cause)) {}

struct AtomicFile::State {
    std::filesystem::path target;
    Placement placement;
    std::filesystem::path temporary;
    int descriptor = -1;
    bool committed = false;
    std::unique_ptr<DescriptorBuffer> buffer;
    std::unique_ptr<std::ostream> stream;

    // Not committed (an exception, a failed run): the target stays as it was.
    ~State() {
        if (!committed) discard();
    }

    // Closes the descriptor and removes the temporary, then throws WriteError(target, error).
    [[noreturn]] void fail(int error) {
        discard();
        throw WriteError(target, error);
    }
    void discard() noexcept {
        if (descriptor >= 0) ::close(descriptor);
        descriptor = -1;
        if (!temporary.empty()) ::unlink(temporary.c_str());
        temporary.clear();
    }
};

AtomicFile::AtomicFile(const std::filesystem::path& target) : state_(std::make_unique<State>()) {
    State& state = *state_;
    state.target = target;
    state.placement = place(target);
    if (state.placement.direct) {
        state.descriptor = ::open(target.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
        if (state.descriptor < 0) throw WriteError(target, errno);
    } else {
        state.descriptor = create_temporary(target, state.placement.final_path, state.temporary);
        // The new file keeps the old one's permission bits (a new one gets 0666 less the umask).
        if (state.placement.existed && ::fchmod(state.descriptor, state.placement.mode) != 0) {
            state.fail(errno);
        }
    }
    state.buffer = std::make_unique<DescriptorBuffer>(state.descriptor);
    state.stream = std::make_unique<std::ostream>(state.buffer.get());
}

AtomicFile::~AtomicFile() = default;

std::ostream& AtomicFile::stream() {
    return *state_->stream;
}

const std::filesystem::path& AtomicFile::target() const {
    return state_->target;
}

void AtomicFile::commit() {
    State& state = *state_;
    if (state.committed) return;
    if (state.descriptor < 0) throw WriteError(state.target, "already failed");
    state.stream->flush();
    if (state.buffer->error() != 0) state.fail(state.buffer->error());
    if (!*state.stream) state.fail(EIO);
    // On disk before it replaces the old file: otherwise a crash soon after the rename can
    // leave an empty file where the old one was (ext4 delayed allocation).
    if (!state.placement.direct && ::fsync(state.descriptor) != 0) state.fail(errno);
    // close() can report what write() did not (NFS, quotas).
    const int descriptor = state.descriptor;
    state.descriptor = -1;
    if (::close(descriptor) != 0) state.fail(errno);
    if (!state.placement.direct) {
        if (::rename(state.temporary.c_str(), state.placement.final_path.c_str()) != 0) {
            state.fail(errno);
        }
        state.temporary.clear();
        // The rename itself on disk. Best effort: the new file is already in place, and some
        // file systems refuse fsync() on a folder.
        const std::filesystem::path folder = state.placement.final_path.parent_path();
        const int directory =
            ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (directory >= 0) {
            (void)::fsync(directory);
            ::close(directory);
        }
    }
    state.committed = true;
}

void write_file_atomically(const std::filesystem::path& path, std::string_view bytes) {
    AtomicFile file(path);
    file.stream().write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    file.commit();
}

void check_writable(const std::filesystem::path& path) {
    const Placement placement = place(path);
    if (placement.direct) {
        if (::access(path.c_str(), W_OK) != 0) throw WriteError(path, errno);
        return;
    }
    std::filesystem::path temporary;
    const int descriptor = create_temporary(path, placement.final_path, temporary);
    ::close(descriptor);
    ::unlink(temporary.c_str());
}

void ignore_file_size_signal() {
    std::signal(SIGXFSZ, SIG_IGN);
}

}  // namespace aabb::io
