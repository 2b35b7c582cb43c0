#pragma once

#include "tables/costtimer.h"

namespace gatefold::timing {

// The engine's CostTimer: times each model when asked, in this process
// (forwardtiming.h), so nothing is ever pending.
class InProcessTimer : public tables::CostTimer
{
public:
    tables::TimedCost latencyMs(const QByteArray &configJson, bool deployed) override;
    tables::TimedCost throughput(const QByteArray &configJson, bool deployed) override;
};

} // namespace gatefold::timing
