#include "runschedules.h"

#include <algorithm>
#include <cmath>

namespace gatefold::train {

RunSchedules::RunSchedules(const RunConfig &config, std::int64_t stepsPerEpoch)
    : m_optim(config.train.optim)
    , m_cde(config.train.cde)
    , m_gateTarget(config.model.gate.strength)
    , m_tauStart(config.model.gate.temperature)
    , m_stepsPerEpoch(stepsPerEpoch)
    , m_totalSteps(stepsPerEpoch * config.train.epochs)
    , m_warmupSteps(std::llround(config.train.optim.warmupEpochs * double(stepsPerEpoch)))
    , m_rampSteps(std::llround(config.train.cde.rampEpochs * double(stepsPerEpoch)))
    , m_join(config.model.join.schedule, stepsPerEpoch * config.train.epochs)
{
}

double RunSchedules::learningRate(std::int64_t step) const
{
    if (step < m_warmupSteps)
        return m_optim.lr * double(step + 1) / double(m_warmupSteps);
    const std::int64_t span = std::max<std::int64_t>(1, m_totalSteps - m_warmupSteps);
    const double t = std::clamp(double(step - m_warmupSteps) / double(span), 0.0, 1.0);
    return m_optim.minLr + 0.5 * (m_optim.lr - m_optim.minLr) * (1.0 + std::cos(M_PI * t));
}

double RunSchedules::gateStrength(std::int64_t step) const
{
    if (m_rampSteps <= 0)
        return m_gateTarget;
    return m_gateTarget * std::clamp(double(step) / double(m_rampSteps), 0.0, 1.0);
}

double RunSchedules::temperature(std::int64_t step) const
{
    const double t = m_totalSteps > 1 ? std::clamp(double(step) / double(m_totalSteps - 1), 0.0, 1.0) : 1.0;
    switch (m_cde.tauSchedule) {
    case TauSchedule::None:
        return m_tauStart;
    case TauSchedule::Linear:
        return m_tauStart + (m_cde.tauEnd - m_tauStart) * t;
    case TauSchedule::Geometric:
        return m_tauStart * std::pow(m_cde.tauEnd / m_tauStart, t);
    }
    return m_tauStart;
}

} // namespace gatefold::train
