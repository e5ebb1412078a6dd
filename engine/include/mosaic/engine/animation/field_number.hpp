#pragma once
// field_number: storing an animated value (a double, as clips compute them) into a numeric
// field of any arithmetic type, the one rule the Animator (animator.cpp) and the editor's
// Clip Editor (editor/core/clip_edit.cpp) both write with: whole numbers rounded to the
// nearest and clamped to the type's range (never undefined behaviour on a huge or NaN key),
// bools on at 0.5, floating types converted.

#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

namespace mosaic {

/// Stores `v` as a T at `at` (which may be unaligned: a field inside a component's bytes).
template <class T>
void write_field_number(void* at, double v) {
    static_assert(std::is_arithmetic_v<T>, "write_field_number stores numbers only");
    T out{};
    if constexpr (std::is_same_v<T, bool>) {
        out = v >= 0.5;
    } else if constexpr (std::is_floating_point_v<T>) {
        out = static_cast<T>(v);
    } else {
        const double r = std::nearbyint(v);
        const double low = static_cast<double>(std::numeric_limits<T>::lowest());
        const double high = static_cast<double>(std::numeric_limits<T>::max());
        out = !(r > low)  ? std::numeric_limits<T>::lowest()
              : r >= high ? std::numeric_limits<T>::max()
                          : static_cast<T>(r);
    }
    std::memcpy(at, &out, sizeof out);
}

}  // namespace mosaic
