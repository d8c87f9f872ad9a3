#include "app/bench/run_message.hpp"

#include <cstring>
#include <stdexcept>
#include <type_traits>

namespace aabb::bench {

namespace {

// Appends fields as their bytes (both ends are the same binary on the same machine).
class Writer {
  public:
    template <typename Value>
    void value(const Value& field) {
        static_assert(std::is_trivially_copyable_v<Value>);
        bytes_.append(reinterpret_cast<const char*>(&field), sizeof(field));
    }
    void text(const std::string& field) {
        value(static_cast<std::uint64_t>(field.size()));
        bytes_ += field;
    }
    template <typename Value>
    void values(const std::vector<Value>& field) {
        static_assert(std::is_trivially_copyable_v<Value>);
        value(static_cast<std::uint64_t>(field.size()));
        bytes_.append(reinterpret_cast<const char*>(field.data()), field.size() * sizeof(Value));
    }
    [[nodiscard]] std::string take() { return std::move(bytes_); }

  private:
    std::string bytes_;
};

// Reads fields back, refusing to run past the message's end.
class Reader {
  public:
    explicit Reader(std::string_view bytes) : bytes_(bytes) {}
    template <typename Value>
    Value value() {
        Value field;
        std::memcpy(&field, take(sizeof(Value)).data(), sizeof(Value));
        return field;
    }
    std::string text() {
        const auto size = value<std::uint64_t>();
        return std::string(take(size));
    }
    template <typename Value>
    std::vector<Value> values() {
        const auto count = value<std::uint64_t>();
        if (count > (bytes_.size() - used_) / sizeof(Value)) fail();
        std::vector<Value> field(count);
        std::memcpy(field.data(), take(count * sizeof(Value)).data(), count * sizeof(Value));
        return field;
    }
    void finish() const {
        if (used_ != bytes_.size()) fail();
    }

  private:
    std::string_view take(std::uint64_t size) {
        if (size > bytes_.size() - used_) fail();
        const std::string_view part = bytes_.substr(used_, size);
        used_ += size;
        return part;
    }
    [[noreturn]] static void fail() {
        throw std::runtime_error("a message from a child run does not decode");
    }

    std::string_view bytes_;
    std::size_t used_ = 0;
};

void write_result(Writer& writer, const BenchResult& result) {
    writer.text(result.algo);
    writer.text(result.workload);
    writer.value(static_cast<std::uint64_t>(result.n));
    writer.value(result.frames);
    writer.value(result.requested_frames);
    writer.value(result.threads);
    writer.value(result.times);
    writer.values(result.frame_ms);
    writer.value(result.pairs);
    writer.value(result.tests);
    writer.value(static_cast<std::uint64_t>(result.memory_bytes));
    writer.value(static_cast<std::uint8_t>(result.peer ? 1 : 0));
}

BenchResult read_result(Reader& reader) {
    BenchResult result;
    result.algo = reader.text();
    result.workload = reader.text();
    result.n = static_cast<std::size_t>(reader.value<std::uint64_t>());
    result.frames = reader.value<int>();
    result.requested_frames = reader.value<int>();
    result.threads = reader.value<int>();
    result.times = reader.value<FrameStatistics>();
    result.frame_ms = reader.values<double>();
    result.pairs = reader.value<std::uint64_t>();
    result.tests = reader.value<std::uint64_t>();
    result.memory_bytes = static_cast<std::size_t>(reader.value<std::uint64_t>());
    result.peer = reader.value<std::uint8_t>() != 0;
    return result;
}

// Every message starts with the size of what follows it (kind and fields).
using MessageSize = std::uint64_t;

}  // namespace

std::string encode_run_message(const RunMessage& message) {
    Writer fields;
    fields.value(message.kind);
    switch (message.kind) {
        case RunMessageKind::progress:
        case RunMessageKind::note:
        case RunMessageKind::error:
            fields.text(message.text);
            break;
        case RunMessageKind::built:
            break;
        case RunMessageKind::pairs:
            fields.value(message.frame);
            fields.values(message.pairs);
            break;
        case RunMessageKind::fingerprints:
            fields.values(message.fingerprints);
            break;
        case RunMessageKind::record:
            write_result(fields, message.record.result);
            fields.values(message.record.floor_ms);
            break;
    }
    const std::string body = fields.take();
    Writer whole;
    whole.value(static_cast<MessageSize>(body.size()));
    return whole.take() + body;
}

void RunMessageReader::append(std::string_view bytes) {
    // Drop what was read before growing the buffer: it holds at most the message being read.
    buffer_.erase(0, read_);
    read_ = 0;
    buffer_ += bytes;
}

std::optional<RunMessage> RunMessageReader::next() {
    const std::string_view waiting = std::string_view(buffer_).substr(read_);
    MessageSize size = 0;
    if (waiting.size() < sizeof(size)) return std::nullopt;
    std::memcpy(&size, waiting.data(), sizeof(size));
    if (size > waiting.size() - sizeof(size)) return std::nullopt;
    Reader reader(waiting.substr(sizeof(size), size));
    read_ += sizeof(size) + size;

    RunMessage message;
    message.kind = reader.value<RunMessageKind>();
    switch (message.kind) {
        case RunMessageKind::progress:
        case RunMessageKind::note:
        case RunMessageKind::error:
            message.text = reader.text();
            break;
        case RunMessageKind::built:
            break;
        case RunMessageKind::pairs:
            message.frame = reader.value<int>();
            message.pairs = reader.values<BoxPair>();
            break;
        case RunMessageKind::fingerprints:
            message.fingerprints = reader.values<PairFingerprint>();
            break;
        case RunMessageKind::record:
            message.record.result = read_result(reader);
            message.record.floor_ms = reader.values<double>();
            break;
        default:
            throw std::runtime_error("a message from a child run has an unknown kind");
    }
    reader.finish();
    return message;
}

}  // namespace aabb::bench
