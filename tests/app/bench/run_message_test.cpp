// What a peer's run in a child process sends back: every kind of message comes out of the
// reader as it went in (every field of the result row, the fingerprints --check compares, the
// pairs --dump-pairs writes), whatever pieces the pipe cuts the bytes into; a message cut off
// at the pipe's end is left waiting, and one that does not decode is refused.

#include <doctest/doctest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "app/bench/run_message.hpp"

namespace aabb::bench {

namespace {

BenchResult sample_result() {
    BenchResult result;
    result.algo = "chipmunk_bbtree";
    result.workload = "trace:growing_box.csv";
    result.n = 1001;
    result.frames = 7;
    result.requested_frames = 8;
    result.threads = 1;
    result.times = FrameStatistics{3.5, 0.25, 0.5, 0.75, 0.125};
    result.frame_ms = {3.25, 0.125, 0.5, 0.25, 0.25, 0.125, 0.25};
    result.pairs = 6125;
    result.tests = 123456789012ull;
    result.memory_bytes = std::size_t{5} << 33;
    result.peer = true;
    return result;
}

std::vector<RunMessage> sample_messages() {
    std::vector<RunMessage> messages(7);
    messages[0].kind = RunMessageKind::progress;
    messages[0].text = "    ... uniform n=10000 chipmunk_bbtree frame 40/60";
    messages[1].kind = RunMessageKind::note;
    messages[1].text = "chipmunk_bbtree on uniform n=10000 stopped after 3 of 60 frames";
    messages[2].kind = RunMessageKind::built;
    messages[3].kind = RunMessageKind::pairs;
    messages[3].frame = 5;
    messages[3].pairs = {{0, 1}, {0, 7}, {3, 16777215}};
    messages[4].kind = RunMessageKind::fingerprints;
    messages[4].fingerprints = {{3, 11, 12}, {0, 0, 0}, {~0ull, 1ull << 63, 5}};
    messages[5].kind = RunMessageKind::record;
    messages[5].record.result = sample_result();
    messages[5].record.floor_ms = {0.001, 0.002};
    messages[6].kind = RunMessageKind::error;
    messages[6].text = "chipmunk_bbtree: 40000000 kept pairs needed, above the budget";
    return messages;
}

void check_same(const RunMessage& read, const RunMessage& sent) {
    CHECK(read.kind == sent.kind);
    CHECK(read.text == sent.text);
    CHECK(read.frame == sent.frame);
    CHECK(read.pairs == sent.pairs);
    CHECK(read.fingerprints == sent.fingerprints);
    const BenchResult& got = read.record.result;
    const BenchResult& want = sent.record.result;
    CHECK(got.algo == want.algo);
    CHECK(got.workload == want.workload);
    CHECK(got.n == want.n);
    CHECK(got.frames == want.frames);
    CHECK(got.requested_frames == want.requested_frames);
    CHECK(got.threads == want.threads);
    CHECK(got.times.build_ms == want.times.build_ms);
    CHECK(got.times.mean_ms == want.times.mean_ms);
    CHECK(got.times.p99_ms == want.times.p99_ms);
    CHECK(got.times.max_ms == want.times.max_ms);
    CHECK(got.times.median_ms == want.times.median_ms);
    CHECK(got.frame_ms == want.frame_ms);
    CHECK(got.pairs == want.pairs);
    CHECK(got.tests == want.tests);
    CHECK(got.memory_bytes == want.memory_bytes);
    CHECK(got.peer == want.peer);
    CHECK(read.record.floor_ms == sent.record.floor_ms);
}

}  // namespace

TEST_CASE("every kind of run message comes back as it was sent") {
    const std::vector<RunMessage> messages = sample_messages();
    std::string bytes;
    for (const RunMessage& message : messages)
        bytes += encode_run_message(message);
    RunMessageReader reader;
    reader.append(bytes);
    for (const RunMessage& sent : messages) {
        CAPTURE(static_cast<int>(sent.kind));
        const std::optional<RunMessage> read = reader.next();
        REQUIRE(read);
        check_same(*read, sent);
    }
    CHECK_FALSE(reader.next());
    CHECK(reader.empty());
}

TEST_CASE("messages cut into pieces of any size by the pipe come out whole and in order") {
    const std::vector<RunMessage> messages = sample_messages();
    std::string bytes;
    for (const RunMessage& message : messages)
        bytes += encode_run_message(message);
    for (const std::size_t piece : {std::size_t{1}, std::size_t{3}, std::size_t{64}}) {
        CAPTURE(piece);
        RunMessageReader reader;
        std::vector<RunMessage> read;
        for (std::size_t at = 0; at < bytes.size(); at += piece) {
            reader.append(std::string_view(bytes).substr(at, piece));
            while (std::optional<RunMessage> message = reader.next())
                read.push_back(std::move(*message));
        }
        REQUIRE(read.size() == messages.size());
        for (std::size_t index = 0; index < read.size(); ++index)
            check_same(read[index], messages[index]);
        CHECK(reader.empty());
    }
}

TEST_CASE("a message cut off by a crash waits for bytes that never come") {
    RunMessage record;
    record.kind = RunMessageKind::record;
    record.record.result = sample_result();
    const std::string bytes = encode_run_message(record);
    RunMessageReader reader;
    reader.append(std::string_view(bytes).substr(0, bytes.size() - 1));
    CHECK_FALSE(reader.next());
    CHECK_FALSE(reader.empty());
}

TEST_CASE("a message that does not decode is refused") {
    RunMessage note;
    note.kind = RunMessageKind::note;
    note.text = "a note";
    const std::string bytes = encode_run_message(note);
    const std::size_t kind_at = sizeof(std::uint64_t);

    SUBCASE("an unknown kind") {
        std::string unknown = bytes;
        unknown[kind_at] = 99;
        RunMessageReader reader;
        reader.append(unknown);
        CHECK_THROWS_AS((void)reader.next(), std::runtime_error);
    }
    SUBCASE("a field running past the message's end") {
        // The text claims more bytes than the message holds.
        std::string long_text = bytes;
        long_text[kind_at + 1] = 100;
        RunMessageReader reader;
        reader.append(long_text);
        CHECK_THROWS_AS((void)reader.next(), std::runtime_error);
    }
    SUBCASE("bytes left over after the fields") {
        RunMessage built;
        built.kind = RunMessageKind::built;
        std::string padded = encode_run_message(built);
        padded[0] = static_cast<char>(padded[0] + 1);
        padded += 'x';
        RunMessageReader reader;
        reader.append(padded);
        CHECK_THROWS_AS((void)reader.next(), std::runtime_error);
    }
}

}  // namespace aabb::bench
