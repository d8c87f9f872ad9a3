#include "app/bench/pair_fingerprint.hpp"

namespace aabb::bench {

namespace {

// splitmix64's finalizer (Steele, Lea, Flood 2014): a strong 64-bit mix.
std::uint64_t mix(std::uint64_t value) {
    value += 0x9e3779b97f4a7c15ull;
    value = (value ^ (value >> 30)) * 0xbf58476d1ce4e5b9ull;
    value = (value ^ (value >> 27)) * 0x94d049bb133111ebull;
    return value ^ (value >> 31);
}

}  // namespace

PairFingerprint fingerprint(const std::vector<BoxPair>& pairs) {
    PairFingerprint result;
    result.count = pairs.size();
    for (const BoxPair& pair : pairs) {
        const std::uint64_t key = (std::uint64_t{pair.first} << 32) | pair.second;
        result.sum += mix(key);
        result.exclusive_or ^= mix(key ^ 0x5bd1e9955bd1e995ull);
    }
    return result;
}

}  // namespace aabb::bench
