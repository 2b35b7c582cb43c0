#include "killtestchecks.h"

#include "train/checkpoint.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <cstring>

namespace gatefold::killtest {
namespace {

bool sameBits(double a, double b)
{
    return std::memcmp(&a, &b, sizeof a) == 0;
}

QString pointName(const std::pair<QString, qint64> &p)
{
    return QStringLiteral("%1@%2").arg(p.first).arg(p.second);
}

// The record of `kind` and its file: present, the same bytes, the facts of the file.
CheckpointFacts recordedCheckpoint(const QString &storeFile, const RunRow &run, const QString &kind, Problems *problems)
{
    const ArtifactRow *record = run.artifact(kind);
    if (!record) {
        problems->add(QStringLiteral("record-missing"), QStringLiteral("run %1 has no %2 record").arg(run.id).arg(kind));
        return {};
    }
    const QString path = artifactPath(storeFile, *record);
    CheckpointFacts facts = readCheckpoint(path);
    if (!facts.ok) {
        problems->add(QStringLiteral("checkpoint-unreadable"), QStringLiteral("run %1 %2: %3").arg(run.id).arg(kind, facts.error));
        return facts;
    }
    if (facts.fileSha256 != record->sha256)
        problems->add(QStringLiteral("record-disagrees"),
                      QStringLiteral("run %1 %2: the file %3 is not the bytes recorded (sha256 %4 recorded, %5 found)")
                          .arg(run.id)
                          .arg(kind, path, record->sha256.left(12), facts.fileSha256.left(12)));
    const qint64 infoStep = QJsonDocument::fromJson(record->info).object().value("step").toInteger(-1);
    if (infoStep >= 0 && infoStep != facts.step)
        problems->add(QStringLiteral("record-disagrees"),
                      QStringLiteral("run %1 %2: recorded as step %3, the file holds step %4")
                          .arg(run.id).arg(kind).arg(infoStep).arg(facts.step));
    return facts;
}

} // namespace

bool isTimingMetric(const QString &key)
{
    return key == QLatin1String("train/images_per_s") || key == QLatin1String("data/wait_fraction")
        || key == QLatin1String("dist/comm_wait_fraction")
        || key.contains(QLatin1String("seconds"));
}

std::int64_t bestStepOf(const RunRow &run)
{
    std::int64_t step = -1;
    double best = -1;
    for (const auto &[key, value] : run.metrics)  // ordered by (key, step): the first maximum wins
        if (key.first == QLatin1String("val/top1") && value > best) {
            best = value;
            step = key.second;
        }
    return step;
}

RunReference referenceOf(const QString &storeFile, const RunRow &run, QString *error)
{
    RunReference ref;
    ref.metrics = run.metrics;
    ref.bestStep = bestStepOf(run);
    Problems problems;
    ref.last = recordedCheckpoint(storeFile, run, QStringLiteral("checkpoint/last"), &problems);
    ref.best = recordedCheckpoint(storeFile, run, QStringLiteral("checkpoint/best"), &problems);
    if (!problems.empty() || run.status != QLatin1String("finished"))
        *error = QStringLiteral("the reference run %1 (%2) is not a clean finished run: %3")
                     .arg(run.id)
                     .arg(run.status, problems.items().join(QStringLiteral("; ")));
    return ref;
}

void Problems::add(const QString &category, const QString &detail)
{
    m_items << category + QStringLiteral(": ") + detail;
}

QStringList Problems::categories() const
{
    QStringList out;
    for (const QString &item : m_items)
        out << item.section(QLatin1Char(':'), 0, 0);
    return out;
}

void checkAfterKill(const StoreState &state, Problems *problems)
{
    if (!state.exists)
        return;  // killed before the store was created: nothing to check
    if (!state.error.isEmpty())
        problems->add(QStringLiteral("store-unreadable"), state.error);
    else if (state.integrity != QLatin1String("ok"))
        problems->add(QStringLiteral("integrity"), state.integrity);
    for (const QString &m : state.summaryMismatches)
        problems->add(QStringLiteral("summary"), m);
}

void checkCommittedKept(const RunRow &before, const RunRow &final, Problems *problems)
{
    int lost = 0, changed = 0;
    QString first;
    for (const auto &[key, value] : before.metrics) {
        const auto it = final.metrics.find(key);
        if (it == final.metrics.end()) {
            if (lost++ == 0 && first.isEmpty())
                first = pointName(key);
        } else if (!isTimingMetric(key.first) && !sameBits(it->second, value)) {
            if (changed++ == 0 && first.isEmpty())
                first = pointName(key);
        }
    }
    if (lost > 0 || changed > 0)
        problems->add(QStringLiteral("committed-lost"),
                      QStringLiteral("run %1: %2 committed point(s) gone, %3 changed after the kill (first %4)")
                          .arg(final.id).arg(lost).arg(changed).arg(first));
}

void checkFinishedRun(const QString &storeFile, const RunRow &run, const RunReference &reference, Problems *problems)
{
    if (run.status != QLatin1String("finished")) {
        problems->add(QStringLiteral("not-finished"), QStringLiteral("run %1 is %2: %3").arg(run.id).arg(run.status, run.message));
        return;
    }
    if (run.duplicatePoints > 0)
        problems->add(QStringLiteral("duplicate-points"),
                      QStringLiteral("run %1 has %2 (key, step) recorded twice").arg(run.id).arg(run.duplicatePoints));
    QStringList lostSteps, extra, differs;
    for (const auto &[key, value] : reference.metrics) {
        const auto it = run.metrics.find(key);
        if (it == run.metrics.end())
            lostSteps << pointName(key);
        else if (!isTimingMetric(key.first) && !sameBits(it->second, value))
            differs << QStringLiteral("%1 (%2 vs %3)").arg(pointName(key)).arg(it->second, 0, 'g', 17).arg(value, 0, 'g', 17);
    }
    for (const auto &[key, value] : run.metrics)
        if (!reference.metrics.count(key))
            extra << pointName(key);
    if (!lostSteps.isEmpty())
        problems->add(QStringLiteral("lost-steps"), QStringLiteral("run %1 lacks %2 point(s) an uninterrupted run has: %3")
                                                       .arg(run.id).arg(lostSteps.size()).arg(lostSteps.mid(0, 6).join(", ")));
    if (!extra.isEmpty())
        problems->add(QStringLiteral("extra-points"), QStringLiteral("run %1 has %2 point(s) an uninterrupted run has not: %3")
                                                         .arg(run.id).arg(extra.size()).arg(extra.mid(0, 6).join(", ")));
    if (!differs.isEmpty())
        problems->add(QStringLiteral("values-differ"), QStringLiteral("run %1: %2 value(s) differ from an uninterrupted run: %3")
                                                          .arg(run.id).arg(differs.size()).arg(differs.mid(0, 4).join(", ")));
    const CheckpointFacts last = recordedCheckpoint(storeFile, run, QStringLiteral("checkpoint/last"), problems);
    const CheckpointFacts best = recordedCheckpoint(storeFile, run, QStringLiteral("checkpoint/best"), problems);
    if (last.ok && last.weights != reference.last.weights)
        problems->add(QStringLiteral("weights-differ"),
                      QStringLiteral("run %1: the last checkpoint's weights (step %2) differ from an uninterrupted run's (step %3)")
                          .arg(run.id).arg(last.step).arg(reference.last.step));
    const std::int64_t runBest = bestStepOf(run);
    if (best.ok && (best.step != runBest || best.weights != reference.best.weights))
        problems->add(QStringLiteral("best-stale"),
                      QStringLiteral("run %1: the best checkpoint holds step %2, the run's best val/top1 is at step %3 "
                                     "(uninterrupted: step %4)%5")
                          .arg(run.id).arg(best.step).arg(runBest).arg(reference.bestStep)
                          .arg(best.weights != reference.best.weights ? QStringLiteral("; its weights differ") : QString()));
    if (last.ok && best.ok && last.bestStep != best.step)
        problems->add(QStringLiteral("best-stale"), QStringLiteral("run %1: the last checkpoint says best at step %2, best.pt is step %3")
                                                        .arg(run.id).arg(last.bestStep).arg(best.step));
}

} // namespace gatefold::killtest
