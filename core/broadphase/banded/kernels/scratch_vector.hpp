#pragma once
// A std::vector whose resize leaves new elements of trivial types unwritten, for the arrays a
// build overwrites whole every frame: after clear(), std::vector::resize writes zeros to each
// element first (the exact grid at a million bullets: about 60 MB of zeros a frame, 2-3 ms).

#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace aabb::banded {

/// An allocator that default-initialises (for trivial types: leaves unwritten) what
/// std::vector would value-initialise; any other construction is passed on.
template <class T>
struct DefaultInitAllocator : std::allocator<T> {
    /// The same allocator for another element type, as containers rebind it.
    template <class U>
    struct rebind {
        using other = DefaultInitAllocator<U>;
    };
    using std::allocator<T>::allocator;
    /// Default-initialises `*pointer`.
    template <class U>
    void construct(U* pointer) noexcept(std::is_nothrow_default_constructible_v<U>) {
        ::new (static_cast<void*>(pointer)) U;
    }
    /// Constructs `*pointer` from `arguments`.
    template <class U, class... Arguments>
    void construct(U* pointer, Arguments&&... arguments) {
        std::construct_at(pointer, std::forward<Arguments>(arguments)...);
    }
};

/// A vector of trivial values that each use overwrites: resize does not write them.
template <class T>
using ScratchVector = std::vector<T, DefaultInitAllocator<T>>;

}  // namespace aabb::banded
