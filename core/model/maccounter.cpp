#include "maccounter.h"

namespace gatefold::model {
namespace {
thread_local MacCounter *t_counter = nullptr;
}

MacCountScope::MacCountScope(MacCounter &counter)
    : m_previous(t_counter)
{
    t_counter = &counter;
}

MacCountScope::~MacCountScope()
{
    t_counter = m_previous;
}

void countMacs(const char *component, std::int64_t macs)
{
    if (t_counter)
        t_counter->add(component, macs);
}

} // namespace gatefold::model
