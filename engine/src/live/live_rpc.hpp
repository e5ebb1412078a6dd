#pragma once
// Internal: the JSON-RPC envelope of the live link. A method reports a refused request by
// throwing rpc_error (fail()); handle() turns it into the error reply, so every method can
// stop at its first check without building an error itself. `params` reads the request's
// named params with messages that say which one is wrong and what was found.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <mosaic/engine/live/live_protocol.hpp>

#include "../scene/json_support.hpp"

namespace mosaic::live::internal {

using writer = rapidjson::Writer<rapidjson::StringBuffer>;

struct rpc_error {
    error_code code;
    std::string message;
};

[[noreturn]] void fail(error_code code, std::string message);

void write_text(writer& w, std::string_view s);

/// {"jsonrpc":"2.0","id":...} with `body` writing the rest of the members.
[[nodiscard]] std::string envelope(const rapidjson::Value* id,
                                   const std::function<void(writer&)>& body);
[[nodiscard]] std::string error_text(const rapidjson::Value* id, error_code code,
                                     std::string_view message);

/// The request's params (an object; absent means none).
class params {
public:
    explicit params(const rapidjson::Value* object) : object_(object) {}

    [[nodiscard]] const rapidjson::Value* find(const char* name) const;
    /// A whole number up to `max`; `fallback` when absent (nullopt: required).
    [[nodiscard]] std::uint64_t uint(const char* name, std::optional<std::uint64_t> fallback,
                                     std::uint64_t max) const;
    [[nodiscard]] std::string_view text(const char* name, std::string_view fallback) const;
    [[nodiscard]] std::vector<std::string_view> texts(const char* name) const;

private:
    const rapidjson::Value* object_;
};

}  // namespace mosaic::live::internal
