#include "joinschedule.h"

#include <algorithm>
#include <cmath>

namespace gatefold::model {
namespace {

constexpr double kPi = 3.14159265358979323846;

std::int64_t stageStart(const JoinScheduleConfig &c, std::int64_t totalSteps)
{
    switch (c.stage) {
    case JoinStage::A:
    case JoinStage::B:
        return 0;
    case JoinStage::C:
        return std::max<std::int64_t>(0, totalSteps / 2);
    case JoinStage::D:
        return std::max<std::int64_t>(0, totalSteps - c.warmupSteps - c.adjustSteps);
    case JoinStage::Step:
        return std::max<std::int64_t>(0, c.startStep);
    }
    return 0;
}

} // namespace

JoinSchedule::JoinSchedule(const JoinScheduleConfig &config, std::int64_t totalSteps)
    : m_config(config)
    , m_start(stageStart(config, totalSteps))
{
    // Instant joining is a baseline with λ = 1 from the first step of the run.
    if (config.kind == JoinScheduleKind::Instant)
        m_start = 0;
}

double JoinSchedule::shape(JoinScheduleKind kind, double t)
{
    t = std::clamp(t, 0.0, 1.0);
    switch (kind) {
    case JoinScheduleKind::None:
        return 0.0;
    case JoinScheduleKind::Instant:
        return 1.0;
    case JoinScheduleKind::Linear:
        return t;
    case JoinScheduleKind::Cosine:
        return 0.5 * (1.0 - std::cos(kPi * t));
    case JoinScheduleKind::Exponential:
        return 1.0 - std::exp(-5.0 * t);
    case JoinScheduleKind::SquareRoot:
        return std::sqrt(t);
    }
    return 0.0;
}

std::int64_t JoinSchedule::joinedStep() const
{
    if (m_config.kind == JoinScheduleKind::None)
        return -1;
    if (m_config.kind == JoinScheduleKind::Instant)
        return 0;
    return m_start + m_config.warmupSteps;
}

JoinPhase JoinSchedule::phase(std::int64_t step) const
{
    if (m_config.kind == JoinScheduleKind::None)
        return JoinPhase::Before;
    const std::int64_t joined = joinedStep();
    if (step >= joined)
        return step >= joined + m_config.adjustSteps ? JoinPhase::Done : JoinPhase::Adjust;
    return step < m_start ? JoinPhase::Before : JoinPhase::Warmup;
}

double JoinSchedule::lambda(std::int64_t step) const
{
    switch (phase(step)) {
    case JoinPhase::Before:
        return 0.0;
    case JoinPhase::Adjust:
    case JoinPhase::Done:
        return 1.0;  // exactly 1 after the warm-up, even where the shape stops short (exp: 0.993)
    case JoinPhase::Warmup:
        break;
    }
    const double t = double(step - m_start) / double(m_config.warmupSteps);
    return shape(m_config.kind, t);
}

} // namespace gatefold::model
