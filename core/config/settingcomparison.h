#pragma once

// Stored runs' settings as comparisons read them: the legend, Compare, Groups,
// the curves' groups and the result tables ask the same questions here — which
// settings tell these runs apart, and which runs are the same experiment but
// for the seed.

#include <QByteArray>
#include <QJsonObject>
#include <QSet>
#include <QString>
#include <QStringList>

#include <vector>

namespace gatefold::config {

// One stored run's flat config (flatconfig.h) and the settings that mean
// something for it (Field::applies: no gate.* on an ungated run, no joining
// steps on a single branch), judged on the config as far as it reads (an
// unknown or bad key is kept and counts as applying).
struct ComparedRun {
    QJsonObject flat;
    QSet<QString> applying;

    bool applies(const QString &key) const { return applying.contains(key); }
    // The value's text where the setting applies, "—" where it does not.
    QString text(const QString &key) const;
};

ComparedRun comparedRun(const QByteArray &configJson);
ComparedRun comparedRun(const QJsonObject &flatConfig);

// The seed a researcher repeats a run with (train.seed).
bool isSeedKey(const QString &key);
// Settings that change how a run is carried out, not what it measures (threads,
// loader workers, cache size, logging and checkpoint intervals, the evaluation
// batch, the memory limit): never called a difference, never split a group.
bool isBookkeepingKey(const QString &key);

// The settings that tell `runs` apart: keys that apply to at least two of the
// runs and whose values differ among the runs they apply to (a setting that
// applies to one run only is told by the setting that switches it on, e.g.
// gate.kind). Most discriminative first — the more evenly a key splits the runs
// (entropy of its values), the earlier — ties in the field table's order, the
// seed last. Bookkeeping keys are left out.
QStringList differingSettings(const std::vector<ComparedRun> &runs);

// differingSettings without the seed: what keeps runs from being one
// experiment repeated over seeds ("all but seed"). Empty: seeds only.
QStringList differingBeyondSeed(const std::vector<ComparedRun> &runs);

// "key=value, key=value" of the keys that apply to `run` (at most `maxKeys`, then "…").
QString describeSettings(const ComparedRun &run, const QStringList &keys, int maxKeys = 4);

// Runs grouped by their values of `keys` ("—" where a key does not apply), in
// the order of each group's first run. With `allButSeed`, `keys` is ignored
// and runs group by every setting but the seed and bookkeeping.
struct SettingGroup {
    std::vector<int> members;   // indices into the runs
    QString label;              // "key=value, …" of the grouping keys (the first member's)
};
std::vector<SettingGroup> groupBySettings(const std::vector<ComparedRun> &runs, const QStringList &keys,
                                          bool allButSeed);

} // namespace gatefold::config
