#include "inprocesstimer.h"

#include "forwardtiming.h"

namespace gatefold::timing {
namespace {

tables::TimedCost timed(const std::optional<double> &value, const QString &error)
{
    return value ? tables::TimedCost::measured(*value) : tables::TimedCost::failed(error);
}

} // namespace

tables::TimedCost InProcessTimer::latencyMs(const QByteArray &configJson, bool deployed)
{
    QString error;
    const auto ms = runLatencyMs(configJson, deployed, &error);
    return timed(ms, error);
}

tables::TimedCost InProcessTimer::throughput(const QByteArray &configJson, bool deployed)
{
    QString error;
    const auto images = runThroughput(configJson, deployed, &error);
    return timed(images, error);
}

} // namespace gatefold::timing
