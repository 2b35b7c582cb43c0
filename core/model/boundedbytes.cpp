#include "boundedbytes.h"

#include <algorithm>
#include <cstring>

namespace gatefold::model {

std::size_t BoundedBytes::read(std::uint64_t pos, void *buf, std::size_t n, const char * /*what*/) const
{
    if (pos >= m_size)
        return 0;
    n = std::min<std::size_t>(n, m_size - std::size_t(pos));
    std::memcpy(buf, m_data + pos, n);
    return n;
}

} // namespace gatefold::model
