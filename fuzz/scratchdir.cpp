#include "scratchdir.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <vector>

namespace gatefold::fuzz {
namespace {

namespace fs = std::filesystem;

[[noreturn]] void machineFailed(const std::string &what)
{
    std::fprintf(stderr, "fuzz scratch directory: %s\n", what.c_str());
    std::abort();
}

} // namespace

ScratchDir::ScratchDir(const std::string &purpose)
{
    const char *tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/gatefold-fuzz-" + purpose + "-XXXXXX";
    std::vector<char> buffer(pattern.begin(), pattern.end());
    buffer.push_back('\0');
    if (!mkdtemp(buffer.data()))
        machineFailed("cannot create " + pattern);
    m_path = buffer.data();
}

ScratchDir::~ScratchDir()
{
    std::error_code ec;
    fs::remove_all(m_path, ec);
}

void ScratchDir::write(const std::string &relative, const std::uint8_t *data, std::size_t size) const
{
    const fs::path target = file(relative);
    std::error_code ec;
    fs::create_directories(target.parent_path(), ec);
    std::ofstream out(target, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char *>(data), std::streamsize(size));
    out.close();
    if (!out)
        machineFailed("cannot write " + target.string());
}

void ScratchDir::write(const std::string &relative, const std::string &bytes) const
{
    write(relative, reinterpret_cast<const std::uint8_t *>(bytes.data()), bytes.size());
}

void ScratchDir::remove(const std::string &relative) const
{
    std::error_code ec;
    fs::remove_all(file(relative), ec);
}

void ScratchDir::clear() const
{
    std::error_code ec;
    for (const auto &entry : fs::directory_iterator(m_path, ec))
        fs::remove_all(entry.path(), ec);
}

} // namespace gatefold::fuzz
