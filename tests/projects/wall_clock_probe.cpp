// wall_clock_probe: see the header. The definitions below replace libc's for the whole test
// program; unarmed, each is one relaxed load and a call to the real function.
#include "wall_clock_probe.hpp"

#include <dlfcn.h>
#include <execinfo.h>
#include <sys/time.h>

#include <atomic>
#include <cstring>
#include <ctime>
#include <mutex>
#include <string_view>

namespace {

std::atomic<bool> armed{false};
std::atomic<int> read_count{0};
std::mutex first_mutex;
std::string first;
thread_local bool inside = false;

bool is_runtime(const char* file) {
    for (const char* name : {"/libc.so", "/libstdc++.so", "/libasan.so", "/libubsan.so",
                             "/libgcc_s.so", "/ld-linux", "/libm.so"}) {
        if (std::strstr(file, name)) return true;
    }
    return false;
}

bool is_replaced_function(const Dl_info& info) {
    if (!info.dli_sname) return false;
    const std::string_view name = info.dli_sname;
    return name == "clock_gettime" || name == "gettimeofday" || name == "time";
}

// The frames: backtrace (ASan's own, under the sanitizers), this function, the replaced libc
// function, then its callers: the reader is the first caller outside the runtimes.
[[gnu::noinline]] void attribute_call() {
    if (!armed.load(std::memory_order_relaxed) || inside) return;
    inside = true;
    void* frames[32];
    const int n = backtrace(frames, 32);
    int callers = n;
    for (int i = 0; i < n; ++i) {
        Dl_info info{};
        if (dladdr(frames[i], &info) && is_replaced_function(info)) {
            callers = i + 1;
            break;
        }
    }
    for (int i = callers; i < n; ++i) {
        Dl_info info{};
        if (!dladdr(frames[i], &info) || !info.dli_fname || is_runtime(info.dli_fname)) continue;
        if (!std::strstr(info.dli_fname, "libmosaic_ecs")) {
            if (read_count.fetch_add(1) == 0) {
                const std::lock_guard lock(first_mutex);
                first = std::string(info.dli_fname) + " (" +
                        (info.dli_sname ? info.dli_sname : "?") + ")";
            }
        }
        break;
    }
    inside = false;
}

template <class F>
F real(const char* name) {
    return reinterpret_cast<F>(dlsym(RTLD_NEXT, name));
}

}  // namespace

extern "C" {

int clock_gettime(clockid_t clock, struct timespec* to) noexcept {
    static const auto next = real<int (*)(clockid_t, struct timespec*)>("clock_gettime");
    attribute_call();
    return next(clock, to);
}

int gettimeofday(struct timeval* to, void* zone) noexcept {
    static const auto next = real<int (*)(struct timeval*, void*)>("gettimeofday");
    attribute_call();
    return next(to, zone);
}

time_t time(time_t* to) noexcept {
    static const auto next = real<time_t (*)(time_t*)>("time");
    attribute_call();
    return next(to);
}

}  // extern "C"

namespace mosaic::testing {

wall_clock_probe::wall_clock_probe() {
    void* warm[4];
    (void)backtrace(warm, 4);  // the first call loads libgcc_s: not inside a system
    read_count = 0;
    {
        const std::lock_guard lock(first_mutex);
        first.clear();
    }
    armed = true;
}

wall_clock_probe::~wall_clock_probe() {
    armed = false;
}

int wall_clock_probe::reads() const {
    return read_count.load();
}

std::string wall_clock_probe::first_reader() const {
    const std::lock_guard lock(first_mutex);
    return first;
}

}  // namespace mosaic::testing
