#pragma once
// FNV-1a over raw bytes: the determinism fingerprint of a simulation state. Equal hashes of
// float bytes mean bit-identical values (a hash of rounded values would hide drift).

#include <cstdint>
#include <cstring>
#include <span>
#include <type_traits>

namespace aabb {

/// 64-bit FNV-1a offset basis.
inline constexpr std::uint64_t fnv1a_offset_basis = 14695981039346656037ull;
/// 64-bit FNV-1a prime.
inline constexpr std::uint64_t fnv1a_prime = 1099511628211ull;

/// FNV-1a of `bytes`, continuing from `hash` (start from fnv1a_offset_basis).
[[nodiscard]] constexpr std::uint64_t fnv1a(std::span<const unsigned char> bytes,
                                            std::uint64_t hash = fnv1a_offset_basis) {
    for (const unsigned char byte : bytes) {
        hash ^= byte;
        hash *= fnv1a_prime;
    }
    return hash;
}

/// Feeds values' raw bytes to FNV-1a one by one (no struct padding is ever hashed).
class StateHasher {
  public:
    /// Adds the object representation of a trivially copyable value.
    template <typename T>
    void add(const T& value) {
        static_assert(std::has_unique_object_representations_v<T> || std::is_floating_point_v<T>,
                      "hash only padding-free values");
        unsigned char bytes[sizeof(T)];
        std::memcpy(bytes, &value, sizeof(T));
        hash_ = fnv1a(bytes, hash_);
    }
    /// The hash so far.
    [[nodiscard]] std::uint64_t value() const { return hash_; }

  private:
    std::uint64_t hash_ = fnv1a_offset_basis;
};

}  // namespace aabb
