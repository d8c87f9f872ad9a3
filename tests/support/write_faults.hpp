#pragma once
// Fault injection for the tests of writes: a full disk or a file-size limit (RLIMIT_FSIZE, what
// `ulimit -f` sets), no free file descriptor, and a folder where no file can be created. Each
// limit is set in a forked child so that the test process itself keeps writing normally.

#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <stdexcept>
#include <string>

namespace aabb::testing {

/// What a write did in a child process: returned normally, or threw with `message`.
struct ChildOutcome {
    /// True when the child's function threw.
    bool threw = false;
    /// The exception's what(), when it threw.
    std::string message;
};

/// Runs `write` in a child process after `limit` (called in the child first: a setrlimit) and
/// reports what it did; `undo` (may be empty) lifts the limit again before the outcome is read,
/// because the sanitizer runtimes check an exception's vptr through a pipe and need a free
/// descriptor to do it. SIGXFSZ is ignored in the child, as both programs ignore it, so a
/// file-size limit is the write error EFBIG instead of a kill.
inline ChildOutcome run_in_child(const std::function<void()>& limit,
                                 const std::function<void()>& write,
                                 const std::function<void()>& undo = {}) {
    int channel[2];
    if (::pipe(channel) != 0) throw std::runtime_error("pipe failed");
    const pid_t child = ::fork();
    if (child < 0) throw std::runtime_error("fork failed");
    if (child == 0) {
        ::close(channel[0]);
        std::signal(SIGXFSZ, SIG_IGN);
        std::string report = "ok";
        try {
            limit();
            write();
            if (undo) undo();
        } catch (const std::exception& error) {
            if (undo) undo();
            report = std::string("threw:") + error.what();
        } catch (...) {
            report = "threw:(not a std::exception)";
        }
        const char* bytes = report.data();
        std::size_t left = report.size();
        while (left > 0) {
            const ssize_t sent = ::write(channel[1], bytes, left);
            if (sent <= 0) break;
            bytes += sent;
            left -= static_cast<std::size_t>(sent);
        }
        ::_exit(0);
    }
    ::close(channel[1]);
    std::string report;
    char buffer[4096];
    for (ssize_t got; (got = ::read(channel[0], buffer, sizeof buffer)) > 0;)
        report.append(buffer, static_cast<std::size_t>(got));
    ::close(channel[0]);
    int status = 0;
    ::waitpid(child, &status, 0);
    if (!WIFEXITED(status)) throw std::runtime_error("the child process did not exit normally");
    ChildOutcome outcome;
    if (report.rfind("threw:", 0) == 0) {
        outcome.threw = true;
        outcome.message = report.substr(6);
    } else if (report != "ok") {
        throw std::runtime_error("the child process reported nothing");
    }
    return outcome;
}

/// Runs `write` where no file may grow past `bytes` (0: no byte may be written, `ulimit -f 0`).
inline ChildOutcome run_with_file_size_limit(rlim_t bytes, const std::function<void()>& write) {
    return run_in_child(
        [bytes] {
            const rlimit limit{bytes, bytes};
            if (::setrlimit(RLIMIT_FSIZE, &limit) != 0) throw std::runtime_error("setrlimit");
        },
        write);
}

/// Runs `write` with no file descriptor free, so that no file can be created or opened (EMFILE):
/// a folder where creating a file fails, which works when the tests run as root too. Only the
/// soft limit drops, so that the child can raise it again before it reads the outcome.
inline ChildOutcome run_without_free_descriptors(const std::function<void()>& write) {
    rlimit original{};
    if (::getrlimit(RLIMIT_NOFILE, &original) != 0) throw std::runtime_error("getrlimit");
    return run_in_child(
        [original] {
            // Descriptors 0, 1 and 2 stay; the lowest free one is at least 3.
            const rlimit limit{3, original.rlim_max};
            if (::setrlimit(RLIMIT_NOFILE, &limit) != 0) throw std::runtime_error("setrlimit");
        },
        write, [original] { ::setrlimit(RLIMIT_NOFILE, &original); });
}

/// True when permission bits do not stop this process (root): a folder made read-only still
/// takes new files, so a test must inject the failure another way.
[[nodiscard]] inline bool permissions_are_bypassed() {
    return ::geteuid() == 0;
}

/// A whole file's bytes.
[[nodiscard]] inline std::string file_text(const std::filesystem::path& path) {
    std::ifstream file(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

/// Writes `text` to `path` as it is (test set-up, not the code under test).
inline void put_file(const std::filesystem::path& path, const std::string& text) {
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    file << text;
}

/// How many entries `folder` holds (a failed write must leave no temporary behind).
[[nodiscard]] inline std::size_t entry_count(const std::filesystem::path& folder) {
    return static_cast<std::size_t>(std::distance(std::filesystem::directory_iterator(folder),
                                                  std::filesystem::directory_iterator()));
}

}  // namespace aabb::testing
