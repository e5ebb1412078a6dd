#pragma once
// asset_result: what every asset loader returns. Bad files are input, not programmer
// mistakes: a loader never throws for them and never half-loads; it returns either the value
// or the reason, in two forms:
//   why    what is wrong, for callers that name the file their own way
//          ("4000x90000 is larger than the cap of 8192 pixels a side")
//   error  the whole message, naming the file ("'art/tank.png': 4000x90000 is larger ...")

#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace mosaic {

template <class T>
struct asset_result {
    std::optional<T> value;
    std::string why;
    std::string error;

    [[nodiscard]] explicit operator bool() const noexcept { return value.has_value(); }

    static asset_result success(T v) {
        asset_result r;
        r.value = std::move(v);
        return r;
    }
    static asset_result failure(std::string_view file, std::string reason) {
        asset_result r;
        r.error = "'" + std::string(file) + "': " + reason;
        r.why = std::move(reason);
        return r;
    }
};

}  // namespace mosaic
