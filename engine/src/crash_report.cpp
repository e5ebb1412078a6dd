#include <mosaic/engine/crash_report.hpp>

#include <execinfo.h>
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>

#include <mosaic/ecs/running_system.hpp>

namespace mosaic::crash_report {

namespace {

constexpr std::array<int, 5> signals = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};

// Written before any crash, read by the handler: plain arrays, NUL-terminated.
char file_path[4096] = {};
char program_name[64] = {};
char module_text[1024] = {};
bool installed = false;
char alternate_stack[64 * 1024];

void copy_text(char* to, std::size_t size, std::string_view from) {
    const std::size_t n = std::min(from.size(), size - 1);
    std::memcpy(to, from.data(), n);
    to[n] = '\0';
}

// --- inside the handler: async-signal-safe only -------------------------------------------

void put(int fd, const char* text) {
    if (fd < 0 || !text) return;
    std::size_t left = std::strlen(text);
    while (left > 0) {
        const ssize_t n = ::write(fd, text, left);
        if (n <= 0) return;
        text += n;
        left -= static_cast<std::size_t>(n);
    }
}

void put_number(int fd, unsigned long value) {
    char digits[24];
    char* p = digits + sizeof digits - 1;
    *p = '\0';
    do {
        *--p = static_cast<char>('0' + value % 10);
        value /= 10;
    } while (value != 0 && p > digits);
    put(fd, p);
}

void put_hex(int fd, std::uintptr_t value) {
    char digits[2 + 2 * sizeof value + 1];
    char* p = digits + sizeof digits - 1;
    *p = '\0';
    do {
        *--p = "0123456789abcdef"[value & 0xf];
        value >>= 4;
    } while (value != 0 && p > digits + 2);
    *--p = 'x';
    *--p = '0';
    put(fd, p);
}

const char* signal_name(int sig) {
    switch (sig) {
        case SIGSEGV:
            return "SIGSEGV (invalid memory access)";
        case SIGBUS:
            return "SIGBUS (bus error)";
        case SIGFPE:
            return "SIGFPE (arithmetic error, e.g. an integer division by zero)";
        case SIGILL:
            return "SIGILL (illegal instruction)";
        case SIGABRT:
            return "SIGABRT (abort: a failed assertion or std::terminate)";
        default:
            return "a fatal signal";
    }
}

void report(int fd, int sig, const siginfo_t* info, void* const* frames, int depth) {
    put(fd, "\n");
    put(fd, program_name[0] ? program_name : "mosaic");
    put(fd, " crashed: signal ");
    put_number(fd, static_cast<unsigned long>(sig));
    put(fd, " ");
    put(fd, signal_name(sig));
    if (info && sig != SIGABRT) {
        put(fd, " at address ");
        put_hex(fd, reinterpret_cast<std::uintptr_t>(info->si_addr));
    }
    put(fd, "\nmodule: ");
    put(fd, module_text[0] ? module_text : "(no game module loaded)");
    put(fd, "\nsystem: ");
    const char* system = running_system();
    put(fd, system ? system : "(no system was running on the crashing thread)");
    put(fd, "\nbacktrace (most recent call first):\n");
    if (fd >= 0) ::backtrace_symbols_fd(frames, depth, fd);
}

void on_fatal_signal(int sig, siginfo_t* info, void* /*context*/) {
    void* frames[64];
    const int depth = ::backtrace(frames, 64);
    if (file_path[0] != '\0') {
        const int fd = ::open(file_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        report(fd, sig, info, frames, depth);
        if (fd >= 0) ::close(fd);
    }
    report(STDERR_FILENO, sig, info, frames, depth);
    if (file_path[0] != '\0') {
        put(STDERR_FILENO, "(written to ");
        put(STDERR_FILENO, file_path);
        put(STDERR_FILENO, ")\n");
    }
    // Die of the same signal, as without the handler (exit status, core dump).
    struct sigaction fallback {};
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    ::sigaction(sig, &fallback, nullptr);
    ::raise(sig);
}

}  // namespace

void install(const std::filesystem::path& file, std::string_view program) {
    copy_text(file_path, sizeof file_path, file.string());
    copy_text(program_name, sizeof program_name, program);
    if (installed) return;
    void* warm_up[4];
    (void)::backtrace(warm_up, 4);  // loads the unwinder now, not inside the handler
    stack_t stack{};
    stack.ss_sp = alternate_stack;
    stack.ss_size = sizeof alternate_stack;
    ::sigaltstack(&stack, nullptr);
    struct sigaction action {};
    action.sa_sigaction = on_fatal_signal;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESETHAND;
    sigemptyset(&action.sa_mask);
    for (const int sig : signals) ::sigaction(sig, &action, nullptr);
    installed = true;
}

void uninstall() {
    if (!installed) return;
    struct sigaction fallback {};
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    for (const int sig : signals) ::sigaction(sig, &fallback, nullptr);
    installed = false;
}

void set_module(std::string_view description) {
    copy_text(module_text, sizeof module_text, description);
}

std::optional<std::string> read(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) return std::nullopt;
    std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    if (text.empty()) return std::nullopt;
    return text;
}

}  // namespace mosaic::crash_report
