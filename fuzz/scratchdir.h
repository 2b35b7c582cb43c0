#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace gatefold::fuzz {

// A private directory for a target whose reader takes a path: the fuzz input
// becomes a real file there. Under $TMPDIR (the run script points it at
// /dev/shm), removed with the object; failures to write it abort (the machine,
// not the reader, is at fault).
class ScratchDir
{
public:
    explicit ScratchDir(const std::string &purpose);
    ~ScratchDir();
    ScratchDir(const ScratchDir &) = delete;
    ScratchDir &operator=(const ScratchDir &) = delete;

    const std::string &path() const { return m_path; }
    std::string file(const std::string &relative) const { return m_path + "/" + relative; }
    // Writes (replaces) `relative`, creating its parent folders.
    void write(const std::string &relative, const std::uint8_t *data, std::size_t size) const;
    void write(const std::string &relative, const std::string &bytes) const;
    void remove(const std::string &relative) const;
    // Everything inside goes; the directory stays.
    void clear() const;

private:
    std::string m_path;
};

} // namespace gatefold::fuzz
