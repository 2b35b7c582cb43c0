#include "settingcomparison.h"

#include "fieldtable.h"
#include "flatconfig.h"
#include "runconfigjson.h"

#include <QHash>
#include <QJsonDocument>
#include <QMutex>
#include <QMap>

#include <algorithm>
#include <cmath>
#include <map>

namespace gatefold::config {

namespace {

// A key's place in the field table (unknown keys after every field).
int formOrder(const QString &key)
{
    static const std::map<std::string, int> order = [] {
        std::map<std::string, int> m;
        int i = 0;
        for (const Field &f : fields())
            m[f.key] = i++;
        return m;
    }();
    const auto it = order.find(key.toStdString());
    return it == order.end() ? int(order.size()) : it->second;
}

// Entropy of the key's values over the runs it applies to, weighted by their share of the runs.
double splitEntropy(const std::vector<ComparedRun> &runs, const QString &key, int *applying)
{
    QMap<QString, int> counts;
    int n = 0;
    for (const ComparedRun &run : runs)
        if (run.applies(key)) {
            ++counts[settingText(run.flat.value(key))];
            ++n;
        }
    *applying = n;
    if (n < 2 || counts.size() < 2)
        return 0;
    double h = 0;
    for (const int c : counts) {
        const double p = double(c) / n;
        h -= p * std::log(p);
    }
    return h * n / double(runs.size());
}

} // namespace

QString ComparedRun::text(const QString &key) const
{
    return applies(key) ? settingText(flat.value(key)) : QStringLiteral("—");
}

namespace {

// Which of a config's keys apply, read from the config without its seed (no setting's `applies`
// looks at the seed): a sweep's seeds share one reading. Reading a config strictly is the costly part
// (≈ 0.25 ms); remembered for the last few thousand configs, behind a lock (the GUI and the CLI call
// this from one thread, a test's helper threads may not).
QSet<QString> applyingKeys(const QJsonObject &flatConfig)
{
    static QMutex mutex;
    static QHash<QByteArray, QSet<QString>> known;
    QJsonObject withoutSeed = flatConfig;
    withoutSeed.remove(QStringLiteral("train.seed"));
    const QByteArray nested = QJsonDocument(withoutSeed).toJson(QJsonDocument::Compact);
    {
        const QMutexLocker lock(&mutex);
        const auto it = known.constFind(nested);
        if (it != known.constEnd()) {
            QSet<QString> keys = *it;
            if (flatConfig.contains(QStringLiteral("train.seed")))
                keys.insert(QStringLiteral("train.seed"));
            return keys;
        }
    }
    train::RunConfig config;
    std::vector<train::ConfigTextProblem> problems;
    // Partially: the keys that read are applied, so one stale key does not blind the rest.
    train::readRunConfigJson(nested, &config, &problems, true);
    QSet<QString> keys;
    for (auto it = withoutSeed.begin(); it != withoutSeed.end(); ++it)
        if (fieldApplies(config, it.key().toStdString()))
            keys.insert(it.key());
    {
        const QMutexLocker lock(&mutex);
        if (known.size() >= 4096)
            known.clear();
        known.insert(nested, keys);
    }
    if (flatConfig.contains(QStringLiteral("train.seed")))
        keys.insert(QStringLiteral("train.seed"));
    return keys;
}

} // namespace

ComparedRun comparedRun(const QJsonObject &flatConfig)
{
    ComparedRun run;
    run.flat = flatConfig;
    run.applying = applyingKeys(flatConfig);
    return run;
}

ComparedRun comparedRun(const QByteArray &configJson)
{
    return comparedRun(flatConfig(configJson));
}

bool isSeedKey(const QString &key)
{
    return key == QLatin1String("train.seed");
}

bool isBookkeepingKey(const QString &key)
{
    static const QSet<QString> keys = {
        QStringLiteral("data.workers"),      QStringLiteral("data.prefetch"),       QStringLiteral("data.cache_mb"),
        QStringLiteral("train.log_every"),   QStringLiteral("train.keep_every"),    QStringLiteral("train.eval_batch_size"),
        QStringLiteral("compute.threads"),   QStringLiteral("compute.memory_limit"), QStringLiteral("compute.dist_timeout"),
        QStringLiteral("compute.dist_backend"),
    };
    return keys.contains(key);
}

QStringList differingSettings(const std::vector<ComparedRun> &runs)
{
    QSet<QString> all;
    for (const ComparedRun &run : runs)
        for (auto it = run.flat.begin(); it != run.flat.end(); ++it)
            all.insert(it.key());
    struct Ranked {
        QString key;
        double entropy;
        bool seed;
        int order;
    };
    std::vector<Ranked> ranked;
    for (const QString &key : all) {
        if (isBookkeepingKey(key))
            continue;
        int applying = 0;
        const double h = splitEntropy(runs, key, &applying);
        if (h > 0)
            ranked.push_back({key, h, isSeedKey(key), formOrder(key)});
    }
    std::sort(ranked.begin(), ranked.end(), [](const Ranked &a, const Ranked &b) {
        if (a.seed != b.seed)
            return b.seed;
        if (std::abs(a.entropy - b.entropy) > 1e-12)
            return a.entropy > b.entropy;
        if (a.order != b.order)
            return a.order < b.order;
        return a.key < b.key;
    });
    QStringList out;
    for (const Ranked &r : ranked)
        out << r.key;
    return out;
}

QStringList differingBeyondSeed(const std::vector<ComparedRun> &runs)
{
    QStringList keys = differingSettings(runs);
    keys.removeIf(isSeedKey);
    return keys;
}

QString describeSettings(const ComparedRun &run, const QStringList &keys, int maxKeys)
{
    QStringList parts;
    for (const QString &key : keys) {
        if (!run.applies(key))
            continue;
        if (parts.size() == maxKeys) {
            parts << QStringLiteral("…");
            break;
        }
        parts << QStringLiteral("%1=%2").arg(key, run.text(key));
    }
    return parts.join(QStringLiteral(", "));
}

std::vector<SettingGroup> groupBySettings(const std::vector<ComparedRun> &runs, const QStringList &keys,
                                          bool allButSeed)
{
    const QStringList by = allButSeed ? differingBeyondSeed(runs) : keys;
    std::vector<SettingGroup> groups;
    QMap<QString, size_t> index;  // identity → position (first appearance keeps the runs' order)
    for (int i = 0; i < int(runs.size()); ++i) {
        QStringList values;
        for (const QString &key : by)
            values << runs[size_t(i)].text(key);
        const QString identity = values.join(QChar(0x1f));
        auto it = index.find(identity);
        if (it == index.end()) {
            it = index.insert(identity, groups.size());
            QStringList parts;
            for (const QString &key : by)
                parts << QStringLiteral("%1=%2").arg(key, runs[size_t(i)].text(key));
            groups.push_back({{}, parts.join(QStringLiteral(", "))});
        }
        groups[*it].members.push_back(i);
    }
    return groups;
}

} // namespace gatefold::config
