#include "ashastore.h"

#include "config/runconfigjson.h"
#include "store/runstore.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

namespace gatefold::search {
namespace {

constexpr double kEpochSlack = 1e-6;  // epochs are stored as reals: rung 3 is reached at 2.9999999

QString tr(const char *text)
{
    return QCoreApplication::translate("cli", text);
}

// The metric at each rung the run reached: the last point at or before the rung's epoch, once a point
// at or after it exists.
std::vector<std::optional<double>> valuesAtRungs(store::RunStore &store, qint64 runId, const AshaSettings &settings)
{
    const auto points = store.metrics(runId, settings.metric);
    double lastEpoch = -1;
    for (const auto &p : points)
        lastEpoch = std::max(lastEpoch, p.epoch);
    std::vector<std::optional<double>> out(settings.rungs.size());
    for (size_t k = 0; k < settings.rungs.size(); ++k) {
        const double rung = settings.rungs[k];
        if (lastEpoch < rung - kEpochSlack)
            break;
        for (const auto &p : points)  // in step order: the last one at or before the rung wins
            if (p.epoch <= rung + kEpochSlack)
                out[k] = p.value;
    }
    return out;
}

int promotedFrom(store::RunStore &store, qint64 runId)
{
    int highest = -1;
    for (const auto &s : store.snapshots(runId, QStringLiteral("asha"))) {
        const QJsonObject o = QJsonDocument::fromJson(s.dataJson).object();
        if (o.value("decision").toString() == QLatin1String("promoted"))
            highest = std::max(highest, o.value("rung").toInt(-1));
    }
    return highest;
}

RunPhase phaseOf(const store::RunRecord &record, const AshaRun &run, const std::set<qint64> &leftAlone)
{
    switch (record.status) {
    case store::RunStatus::Queued: return RunPhase::Queued;
    case store::RunStatus::Running: return RunPhase::Training;
    case store::RunStatus::Stopped: break;
    case store::RunStatus::Finished:
    case store::RunStatus::Failed: return RunPhase::Done;
    case store::RunStatus::Cancelled:
    case store::RunStatus::Crashed: break;
    }
    if (leftAlone.count(record.id))
        return RunPhase::Done;
    // At a rung it was not promoted from it waits (stopped there, or interrupted right there); one
    // promoted whose engine never got going (stopped still) or was interrupted on its way goes on.
    const int reached = run.reached();
    return reached >= 0 && run.promotedFrom < reached ? RunPhase::Waiting : RunPhase::Interrupted;
}

} // namespace

std::vector<AshaRun> readAshaRuns(store::RunStore &store, qint64 sweepId, const AshaSettings &settings,
                                  const std::set<qint64> &leftAlone, QString *error)
{
    std::vector<AshaRun> out;
    auto records = store.runs(sweepId);
    if (records.empty() && !store.lastError().isEmpty()) {
        *error = store.lastError();
        return out;
    }
    std::sort(records.begin(), records.end(), [](const auto &a, const auto &b) { return a.id < b.id; });
    for (const auto &record : records) {
        if (!record.damage.isEmpty())
            continue;  // a damaged record is no run to train (runs list names it)
        AshaRun run;
        run.id = record.id;
        train::RunConfig config;
        QStringList problems;
        run.epochs = train::runConfigFromJson(record.configJson, &config, &problems) ? config.train.epochs : 0;
        run.valueAt = valuesAtRungs(store, record.id, settings);
        run.promotedFrom = promotedFrom(store, record.id);
        run.phase = phaseOf(record, run, leftAlone);
        out.push_back(std::move(run));
    }
    return out;
}

QString standingText(const AshaSettings &settings, int rung, double value, const Standing &standing)
{
    const QString head = tr("ASHA rung %1 of %2 (epoch %3): %4 %5 ranks %6 of %7")
                             .arg(rung + 1)
                             .arg(settings.rungs.size())
                             .arg(settings.rungs.at(size_t(rung)))
                             .arg(settings.metric)
                             .arg(value, 0, 'f', 4)
                             .arg(standing.rank)
                             .arg(standing.of);
    if (standing.promotable == 0)
        return tr("%1; none go on until %2 runs reach it").arg(head).arg(settings.eta);
    return tr("%1; the best %2 go on").arg(head).arg(standing.promotable);
}

bool recordDecision(store::RunStore &store, qint64 runId, const AshaSettings &settings, int rung, double value,
                    const Standing &standing, bool promoted, QString *error)
{
    store::Snapshot s;
    s.runId = runId;
    s.kind = QStringLiteral("asha");
    s.step = std::max<qint64>(0, store.lastMetricStep(runId));
    s.epoch = settings.rungs.at(size_t(rung));
    const QJsonObject data{{"rung", rung},
                           {"epoch", settings.rungs.at(size_t(rung))},
                           {"metric", settings.metric},
                           {"value", std::isfinite(value) ? QJsonValue(value) : QJsonValue()},
                           {"rank", standing.rank},
                           {"of", standing.of},
                           {"promotable", standing.promotable},
                           {"decision", promoted ? "promoted" : "stopped"}};
    s.dataJson = QJsonDocument(data).toJson(QJsonDocument::Compact);
    if (!store.addSnapshot(s)) {
        *error = store.lastError();
        return false;
    }
    if (!promoted && !store.setEndedMessage(runId, store::RunStatus::Stopped, standingText(settings, rung, value, standing))) {
        *error = store.lastError();
        return false;
    }
    return true;
}

std::optional<RecordedRung> newestDecision(store::RunStore &store, qint64 runId)
{
    const auto snapshots = store.snapshots(runId, QStringLiteral("asha"));
    if (snapshots.empty())
        return std::nullopt;
    const QJsonObject o = QJsonDocument::fromJson(snapshots.back().dataJson).object();
    RecordedRung r;
    r.rung = o.value("rung").toInt(-1);
    r.epoch = o.value("epoch").toInt();
    r.promoted = o.value("decision").toString() == QLatin1String("promoted");
    r.text = tr("rung %1 (epoch %2): %3 %4, %5 of %6, %7")
                 .arg(r.rung + 1)
                 .arg(r.epoch)
                 .arg(o.value("metric").toString())
                 .arg(o.value("value").toDouble(), 0, 'f', 4)
                 .arg(o.value("rank").toInt())
                 .arg(o.value("of").toInt())
                 .arg(r.promoted ? tr("promoted") : tr("stopped"));
    return r;
}

} // namespace gatefold::search
