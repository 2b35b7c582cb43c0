#pragma once

#include "config/trainconfig.h"

#include "config/joinschedule.h"

#include <cstdint>

namespace gatefold::train {

// Every per-step schedule of a run, as functions of the optimiser step
// (0-based: the value used for step s, before it is taken):
// the learning rate (linear warm-up to optim.lr, then cosine to optim.min_lr),
// the CDE gate strength λ (linear ramp 0 → gate.strength over cde.ramp_epochs),
// the CDE temperature τ (gate.temperature → cde.tau_end, linear or geometric),
// and the joining strength λ(t) (model::JoinSchedule over the run's steps).
class RunSchedules
{
public:
    RunSchedules(const RunConfig &config, std::int64_t stepsPerEpoch);

    std::int64_t stepsPerEpoch() const { return m_stepsPerEpoch; }
    std::int64_t totalSteps() const { return m_totalSteps; }
    std::int64_t warmupSteps() const { return m_warmupSteps; }

    double learningRate(std::int64_t step) const;
    double gateStrength(std::int64_t step) const;
    double temperature(std::int64_t step) const;
    double joinStrength(std::int64_t step) const { return m_join.lambda(step); }
    const model::JoinSchedule &joinSchedule() const { return m_join; }

private:
    OptimConfig m_optim;
    CdeScheduleConfig m_cde;
    double m_gateTarget;
    double m_tauStart;
    std::int64_t m_stepsPerEpoch;
    std::int64_t m_totalSteps;
    std::int64_t m_warmupSteps;
    std::int64_t m_rampSteps;
    model::JoinSchedule m_join;
};

} // namespace gatefold::train
