// module_file_problem(): the ELF headers of a module checked against its size before dlopen.
#include "mosaic/engine/project/module_file.hpp"

#include <elf.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

namespace mosaic {

namespace {

struct fd_guard {
    int fd;
    ~fd_guard() {
        if (fd >= 0) ::close(fd);
    }
};

bool read_at(int fd, std::uint64_t offset, void* into, std::size_t bytes) {
    auto* out = static_cast<char*>(into);
    while (bytes > 0) {
        const ssize_t n = ::pread(fd, out, bytes, static_cast<off_t>(offset));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        out += n;
        offset += static_cast<std::uint64_t>(n);
        bytes -= static_cast<std::size_t>(n);
    }
    return true;
}

// The end of a table of `count` entries of `size` bytes at `offset`; UINT64_MAX on overflow.
std::uint64_t table_end(std::uint64_t offset, std::uint64_t count, std::uint64_t size) {
    if (count != 0 && size > (UINT64_MAX - offset) / count) return UINT64_MAX;
    return offset + count * size;
}

template <class Ehdr, class Phdr>
std::string check(int fd, std::uint64_t file_size) {
    Ehdr header{};
    if (!read_at(fd, 0, &header, sizeof header))
        return "it is shorter than its ELF header (it is still being written, or was cut short)";
    if (header.e_type != ET_DYN)
        return "it is no shared library (ELF type " + std::to_string(header.e_type) + ")";
    std::uint64_t needed = sizeof header;
    if (header.e_phnum > 0 && header.e_phentsize != sizeof(Phdr))
        return "its program headers are malformed";
    needed = std::max(needed, table_end(header.e_phoff, header.e_phnum, header.e_phentsize));
    needed = std::max(needed, table_end(header.e_shoff, header.e_shnum, header.e_shentsize));
    if (needed <= file_size) {
        // What dlopen maps: every loadable segment's bytes in the file.
        std::vector<Phdr> segments(header.e_phnum);
        if (!segments.empty() &&
            !read_at(fd, header.e_phoff, segments.data(), segments.size() * sizeof(Phdr)))
            return "its program headers cannot be read";
        for (const Phdr& p : segments) {
            if (p.p_type == PT_LOAD || p.p_type == PT_DYNAMIC)
                needed = std::max(needed, table_end(p.p_offset, 1, p.p_filesz));
        }
    }
    if (needed > file_size) {
        return "it is " + std::to_string(file_size) + " bytes and its ELF headers say at least " +
               (needed == UINT64_MAX ? std::string("more") : std::to_string(needed)) +
               " (it is still being written, or was cut short)";
    }
    return {};
}

struct verdict {
    std::string problem;
    bool cut_short = false;  // an ELF file (as far as it goes) that ends too soon
};

verdict examine(const std::filesystem::path& file) {
    // O_NONBLOCK: a FIFO in the module's place must not wait for a writer.
    const fd_guard guard{::open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK)};
    if (guard.fd < 0) return {std::string("it cannot be opened: ") + std::strerror(errno)};
    struct stat info {};
    if (::fstat(guard.fd, &info) != 0)
        return {std::string("it cannot be read: ") + std::strerror(errno)};
    if (!S_ISREG(info.st_mode)) return {"it is not a regular file"};
    const auto size = static_cast<std::uint64_t>(info.st_size);
    unsigned char ident[EI_NIDENT]{};
    const std::size_t have = static_cast<std::size_t>(std::min<std::uint64_t>(size, sizeof ident));
    if (have > 0 && !read_at(guard.fd, 0, ident, have)) return {"it cannot be read"};
    if (std::memcmp(ident, ELFMAG, std::min<std::size_t>(have, SELFMAG)) != 0)
        return {"it is no ELF file"};
    if (have < sizeof ident) {
        return {size == 0 ? "it is empty (still being written?)"
                          : "it is " + std::to_string(size) +
                                " bytes, shorter than an ELF header (still being written?)",
                true};
    }
    std::string problem;
    if (ident[EI_CLASS] == ELFCLASS64) {
        problem = check<Elf64_Ehdr, Elf64_Phdr>(guard.fd, size);
    } else if (ident[EI_CLASS] == ELFCLASS32) {
        problem = check<Elf32_Ehdr, Elf32_Phdr>(guard.fd, size);
    } else {
        return {"its ELF class is unknown"};
    }
    const bool cut = problem.find("cut short") != std::string::npos;
    return {std::move(problem), cut};
}

}  // namespace

std::string module_file_problem(const std::filesystem::path& file) {
    return examine(file).problem;
}

bool module_file_cut_short(const std::filesystem::path& file) {
    return examine(file).cut_short;
}

}  // namespace mosaic
