#include "asha.h"

#include <algorithm>
#include <cmath>

namespace gatefold::search {
namespace {

// The runs that reached rung k, best first (a value that is no number last; ties: the lower id).
std::vector<const AshaRun *> rankedAt(const std::vector<AshaRun> &runs, const AshaSettings &settings, int rung)
{
    std::vector<const AshaRun *> out;
    for (const AshaRun &r : runs)
        if (int(r.valueAt.size()) > rung && r.valueAt[size_t(rung)])
            out.push_back(&r);
    std::stable_sort(out.begin(), out.end(), [&](const AshaRun *a, const AshaRun *b) {
        const double x = *a->valueAt[size_t(rung)], y = *b->valueAt[size_t(rung)];
        if (std::isnan(x) != std::isnan(y))
            return std::isnan(y);
        if (!std::isnan(x) && x != y)
            return settings.maximise ? x > y : x < y;
        return a->id < b->id;
    });
    return out;
}

} // namespace

int AshaRun::reached() const
{
    for (int k = int(valueAt.size()) - 1; k >= 0; --k)
        if (valueAt[size_t(k)])
            return k;
    return -1;
}

int nextStop(const AshaSettings &settings, int from, int runEpochs)
{
    const int next = from + 1;
    if (next < int(settings.rungs.size()) && settings.rungs[size_t(next)] < runEpochs)
        return settings.rungs[size_t(next)];
    return -1;
}

Standing standingAt(const std::vector<AshaRun> &runs, const AshaSettings &settings, qint64 runId, int rung)
{
    const auto ranked = rankedAt(runs, settings, rung);
    Standing s;
    s.of = int(ranked.size());
    s.promotable = s.of / settings.eta;
    for (size_t i = 0; i < ranked.size(); ++i)
        if (ranked[i]->id == runId)
            s.rank = int(i) + 1;
    return s;
}

AshaJob nextJob(const std::vector<AshaRun> &runs, const AshaSettings &settings)
{
    for (const AshaRun &r : runs)
        if (r.phase == RunPhase::Interrupted) {
            const int from = r.reached();
            return {AshaJob::Kind::Continue, r.id, from, nextStop(settings, from, r.epochs)};
        }
    // Promotions, the highest rung first. A rung at or beyond a run's end has nowhere to go.
    for (int k = int(settings.rungs.size()) - 1; k >= 0; --k) {
        const auto ranked = rankedAt(runs, settings, k);
        const size_t promotable = ranked.size() / size_t(settings.eta);
        for (size_t i = 0; i < promotable; ++i) {
            const AshaRun &r = *ranked[i];
            if (r.phase == RunPhase::Waiting && r.reached() == k && r.promotedFrom < k
                && settings.rungs[size_t(k)] < r.epochs)
                return {AshaJob::Kind::Promote, r.id, k, nextStop(settings, k, r.epochs)};
        }
    }
    for (const AshaRun &r : runs)
        if (r.phase == RunPhase::Queued)
            return {AshaJob::Kind::Start, r.id, -1, nextStop(settings, -1, r.epochs)};
    return {};
}

} // namespace gatefold::search
