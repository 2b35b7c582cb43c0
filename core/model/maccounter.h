#pragma once

#include <cstdint>
#include <map>
#include <string>

namespace gatefold::model {

// Counts multiply-accumulates of the forward pass as it runs, from the shapes
// of the tensors each operation really sees. It is the "counted" column next
// to the closed-form costs, so it must never be derived from the config.
class MacCounter
{
public:
    void add(const std::string &component, std::int64_t macs) { m_macs[component] += macs; }
    const std::map<std::string, std::int64_t> &totals() const { return m_macs; }

private:
    std::map<std::string, std::int64_t> m_macs;
};

// While alive, countMacs() on this thread adds to `counter`.
class MacCountScope
{
public:
    explicit MacCountScope(MacCounter &counter);
    ~MacCountScope();
    MacCountScope(const MacCountScope &) = delete;
    MacCountScope &operator=(const MacCountScope &) = delete;

private:
    MacCounter *m_previous;
};

// Records `macs` under `component`; a no-op (one branch) outside a scope.
void countMacs(const char *component, std::int64_t macs);

} // namespace gatefold::model
