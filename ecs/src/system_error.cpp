#include "mosaic/ecs/system_error.hpp"

#include <new>
#include <utility>

namespace mosaic {

std::string system_failure::to_string() const {
    return "system '" + system + "' failed at tick " + std::to_string(tick) + ": " + message;
}

system_error::system_error(system_failure failure, std::exception_ptr cause)
    : std::runtime_error(failure.to_string()),
      failure_(std::move(failure)),
      cause_(std::move(cause)) {}

std::string describe_current_exception() {
    try {
        throw;
    } catch (const std::bad_array_new_length&) {
        return "out of memory: an array size too large (std::bad_array_new_length)";
    } catch (const std::bad_alloc&) {
        return "out of memory (std::bad_alloc)";
    } catch (const std::exception& e) {
        return e.what();
    } catch (...) {
        return "unknown exception";
    }
}

}  // namespace mosaic
