#pragma once

#include "vitconfig.h"

#include <cstdint>

namespace gatefold::model {

enum class JoinPhase {
    Before,  // λ = 0: the joining has not started (stages C, D)
    Warmup,  // λ rises along the schedule's shape
    Adjust,  // λ = 1, the model trains in its joined form
    Done,    // λ = 1 and the adjustment is over: ready to fold
};

// Maps a training step to the joining strength λ (core/model/README.md,
// joining "Schedule"). The trainer asks it every step and sets λ on the model;
// plain C++ (configcore), so the run form draws the same λ(t) without LibTorch.
class JoinSchedule
{
public:
    // `totalSteps` of the run places stages C and D; A, B and Step ignore it.
    JoinSchedule(const JoinScheduleConfig &config, std::int64_t totalSteps);

    double lambda(std::int64_t step) const;
    JoinPhase phase(std::int64_t step) const;
    std::int64_t startStep() const { return m_start; }
    // First step at λ = 1 (the warm-up's end); for None there is none: -1.
    std::int64_t joinedStep() const;

    // The shape λ(t) on the warm-up, t ∈ [0, 1] the fraction elapsed:
    // linear t, cosine (1 − cos πt)/2, exponential 1 − e^{−5t}, square-root √t;
    // None 0 and Instant 1 for every t.
    static double shape(JoinScheduleKind kind, double t);

private:
    JoinScheduleConfig m_config;
    std::int64_t m_start = 0;
};

} // namespace gatefold::model
