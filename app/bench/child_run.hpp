#pragma once
// Work in a child process (fork), so that a crash or a hang in it ends only that work: the
// parent reads what the child writes through a pipe and stops it with SIGKILL at a deadline it
// may move as it reads. aabb-bench runs every peer library this way (app/bench/isolated_run.hpp;
// issue 48 item 14: a peer that crashed took the whole benchmark and its results with it, one
// that hung kept it running for ever).
//
// The child dies with the parent (PR_SET_PDEATHSIG): a parent killed by a signal, or ended by
// SIGINT or SIGTERM, leaves no child running. The child is always reaped before run_in_child
// returns or throws, so none is left a zombie.

#include <chrono>
#include <functional>
#include <string>
#include <string_view>

namespace aabb::bench {

/// The child's end of the pipe.
class ChildPipe {
  public:
    /// Wraps the pipe's write end.
    explicit ChildPipe(int descriptor) : descriptor_(descriptor) {}
    /// Writes all of `bytes`, or throws std::system_error.
    void write(std::string_view bytes);

  private:
    int descriptor_;
};

/// How a child ended.
struct ChildEnd {
    /// exited: it returned or called exit; signalled: a signal ended it (a crash); stopped: the
    /// deadline passed and the parent killed it.
    enum class Kind { exited, signalled, stopped };
    /// Which of the three.
    Kind kind = Kind::exited;
    /// exited: the exit status; signalled: the signal.
    int status = 0;
};

/// What the parent does while the child runs.
struct ChildWatch {
    /// Given the child's bytes as they arrive, in order. May throw: the child is then killed
    /// and reaped, and the exception goes on.
    std::function<void(std::string_view)> received;
    /// When to stop the child, asked again after every read; time_point::max() = never.
    std::function<std::chrono::steady_clock::time_point()> deadline;
};

/// Exit status of a child whose work threw.
inline constexpr int child_work_threw_status = 70;

/// Runs `work` in a child process and waits until the child ends, giving what it writes to
/// `watch.received`. The child ends with _exit(0) when `work` returns (no atexit handlers, no
/// flushing of stream buffers copied from the parent) and with child_work_threw_status when
/// it throws. Throws std::system_error when the pipe or the process cannot be made.
[[nodiscard]] ChildEnd run_in_child(const std::function<void(ChildPipe&)>& work,
                                    const ChildWatch& watch);

/// "SIGSEGV" for SIGSEGV, and so on; "signal N" for a signal without a name.
[[nodiscard]] std::string signal_name(int signal_number);

}  // namespace aabb::bench
