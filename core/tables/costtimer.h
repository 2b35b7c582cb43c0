#pragma once

#include <QByteArray>
#include <QString>

namespace gatefold::tables {

// One measured cost of a run's model (a latency in ms, a throughput in
// images/s): its value, or that it is still being measured, or why it
// cannot be.
struct TimedCost {
    enum class State { Measured, Pending, Failed };
    State state = State::Failed;
    double value = 0;   // Measured
    QString problem;    // Failed: what went wrong, in words for the user

    static TimedCost measured(double value) { return {State::Measured, value, {}}; }
    static TimedCost pending() { return {State::Pending, 0, {}}; }
    static TimedCost failed(QString problem) { return {State::Failed, 0, std::move(problem)}; }
};

// Who times the models of the latency and throughput columns (runcost.h
// describes what each measures). The engine (`gatefold-cli table`) times
// them in its own process (core/timing); the window asks a gatefold-cli
// child and answers Pending until the number is there, so computing a table
// never runs LibTorch in the window nor waits for a measurement.
class CostTimer
{
public:
    virtual ~CostTimer() = default;
    // `configJson`: a whole run config; `deployed`: time a joining run's folded form (runcost.h).
    virtual TimedCost latencyMs(const QByteArray &configJson, bool deployed) = 0;
    virtual TimedCost throughput(const QByteArray &configJson, bool deployed) = 0;
};

} // namespace gatefold::tables
