#include "app/bench/child_run.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <system_error>

#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace aabb::bench {

namespace {

using Clock = std::chrono::steady_clock;

[[noreturn]] void throw_errno(const char* what) {
    throw std::system_error(errno, std::generic_category(), what);
}

// The parent's hold on a running child: the read end of its pipe and its pid. Whatever way the
// parent leaves (an exception from `received` included), the child is killed if it still runs
// and is reaped, and the pipe is closed.
class RunningChild {
  public:
    RunningChild(pid_t pid, int descriptor) : pid_(pid), descriptor_(descriptor) {}
    RunningChild(const RunningChild&) = delete;
    RunningChild& operator=(const RunningChild&) = delete;
    ~RunningChild() {
        if (pid_ > 0) {
            kill(pid_, SIGKILL);
            (void)reap();
        }
        close(descriptor_);
    }

    [[nodiscard]] int descriptor() const { return descriptor_; }

    /// Waits for the child to end and returns how.
    ChildEnd wait() {
        const int status = reap();
        if (WIFSIGNALED(status)) return {ChildEnd::Kind::signalled, WTERMSIG(status)};
        return {ChildEnd::Kind::exited, WEXITSTATUS(status)};
    }

    /// Kills the child (SIGKILL) and reaps it.
    ChildEnd stop() {
        kill(pid_, SIGKILL);
        (void)reap();
        return {ChildEnd::Kind::stopped, SIGKILL};
    }

  private:
    int reap() {
        int status = 0;
        while (waitpid(pid_, &status, 0) < 0) {
            if (errno != EINTR) break;
        }
        pid_ = -1;
        return status;
    }

    pid_t pid_;
    int descriptor_;
};

// Copy-on-write: after fork every page of the heap is still the parent's, and the child's first
// write to each costs a page fault and a copy (9.4 us a fault on the machines these programs are
// measured on). A run in the parent would have reused those pages for free (the programs keep
// the memory they free: app/process/retained_heap.hpp): measured at 10,000 uniform boxes, a
// peer's run in a child took 800 to 960 such faults in its build and frames, against 0 to 3 in
// the parent. So the child takes every page of the heap before its work, outside anything it
// times, by reading a byte of each and writing it back. Not instrumented: under a sanitizer
// the bytes may be its poisoned red zones, which this never changes.
__attribute__((no_sanitize("address", "hwaddress"))) void own_heap_pages() {
    std::ifstream maps("/proc/self/maps");
    std::string line;
    while (std::getline(maps, line)) {
        if (!line.ends_with("[heap]")) continue;
        std::uintptr_t start = 0;
        std::uintptr_t end = 0;
        char dash = 0;
        std::istringstream range(line);
        range >> std::hex >> start >> dash >> end;
        const auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
        for (std::uintptr_t address = start; address < end; address += page) {
            auto* byte = reinterpret_cast<volatile unsigned char*>(address);
            *byte = *byte;
        }
    }
}

// In the child, right after fork: die with the parent, take the default action on SIGINT and
// SIGTERM (a handler the parent installed, such as a stop flag, would keep the child running),
// run the work, and leave without running anything the parent registered.
[[noreturn]] void be_the_child(pid_t parent, int descriptor,
                               const std::function<void(ChildPipe&)>& work) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    // The parent may have died before prctl: then the child was already handed to another.
    if (getppid() != parent) _exit(child_work_threw_status);
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    ChildPipe pipe(descriptor);
    try {
        own_heap_pages();
        work(pipe);
    } catch (...) {
        _exit(child_work_threw_status);
    }
    _exit(0);
}

// Milliseconds from now to `deadline` for poll: -1 for never, at least 1 until it passes.
int poll_timeout_ms(Clock::time_point deadline, Clock::time_point now) {
    if (deadline == Clock::time_point::max()) return -1;
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - now).count();
    return static_cast<int>(std::clamp<long long>(left, 1, INT_MAX));
}

}  // namespace

void ChildPipe::write(std::string_view bytes) {
    while (!bytes.empty()) {
        const ssize_t written = ::write(descriptor_, bytes.data(), bytes.size());
        if (written < 0) {
            if (errno == EINTR) continue;
            throw_errno("writing to the parent");
        }
        bytes.remove_prefix(static_cast<std::size_t>(written));
    }
}

ChildEnd run_in_child(const std::function<void(ChildPipe&)>& work, const ChildWatch& watch) {
    std::array<int, 2> ends{};
    if (pipe2(ends.data(), O_CLOEXEC) != 0) throw_errno("making a pipe for a child run");
    // A child that calls exit() (a library giving up) flushes its copies of the C streams'
    // buffers: empty them first, so nothing the parent wrote comes out twice.
    std::fflush(nullptr);
    const pid_t parent = getpid();
    const pid_t pid = fork();
    if (pid < 0) {
        const int error = errno;
        close(ends[0]);
        close(ends[1]);
        throw std::system_error(error, std::generic_category(), "starting a child run");
    }
    if (pid == 0) {
        close(ends[0]);
        be_the_child(parent, ends[1], work);
    }
    close(ends[1]);
    RunningChild child(pid, ends[0]);
    std::array<char, 1 << 16> buffer{};
    for (;;) {
        const Clock::time_point deadline = watch.deadline();
        const Clock::time_point now = Clock::now();
        if (now >= deadline) return child.stop();
        pollfd readable{child.descriptor(), POLLIN, 0};
        const int ready = poll(&readable, 1, poll_timeout_ms(deadline, now));
        if (ready < 0 && errno != EINTR) throw_errno("waiting for a child run");
        if (ready <= 0) continue;
        const ssize_t count = read(child.descriptor(), buffer.data(), buffer.size());
        if (count < 0) {
            if (errno == EINTR) continue;
            throw_errno("reading from a child run");
        }
        // The end of the pipe: the child has ended (or closed it on its way out).
        if (count == 0) return child.wait();
        watch.received(std::string_view(buffer.data(), static_cast<std::size_t>(count)));
    }
}

std::string signal_name(int signal_number) {
    if (const char* abbreviation = sigabbrev_np(signal_number)) {
        return std::string("SIG") + abbreviation;
    }
    return "signal " + std::to_string(signal_number);
}

}  // namespace aabb::bench
