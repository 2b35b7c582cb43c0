#include "datarecord.h"

#include "config/runconfigjson.h"

#include "data/datasets.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace gatefold::train {
namespace {

QJsonArray countsToJson(const std::vector<std::int64_t> &counts)
{
    QJsonArray out;
    for (std::int64_t n : counts)
        out.append(qint64(n));
    return out;
}

std::vector<std::int64_t> countsFromJson(const QJsonValue &value)
{
    std::vector<std::int64_t> out;
    for (const QJsonValue &n : value.toArray())
        out.push_back(std::int64_t(n.toDouble()));
    return out;
}

QString classList(const QStringList &names)
{
    const int shown = 8;
    QString out = names.mid(0, shown).join(QStringLiteral(", "));
    if (names.size() > shown)
        out += QStringLiteral(" … (%1 in all)").arg(names.size());
    return out;
}

// The first class whose count differs, as "class b: 4 instead of 5".
QString firstCountChange(const QStringList &names, const std::vector<std::int64_t> &was,
                         const std::vector<std::int64_t> &now)
{
    for (size_t c = 0; c < was.size() && c < now.size(); ++c)
        if (was[c] != now[c])
            return QStringLiteral("class %1: %2 instead of %3")
                .arg(c < size_t(names.size()) ? names[int(c)] : QString::number(c))
                .arg(now[c])
                .arg(was[c]);
    return QString();
}

QString splitChange(const char *split, std::int64_t was, std::int64_t now, const QStringList &names,
                    const std::vector<std::int64_t> &wasPerClass, const std::vector<std::int64_t> &nowPerClass)
{
    if (was == now && wasPerClass == nowPerClass)
        return QString();
    const QString detail = firstCountChange(names, wasPerClass, nowPerClass);
    return QStringLiteral("it now has %1 %2 images, the run was created with %3%4")
        .arg(now)
        .arg(QLatin1String(split))
        .arg(was)
        .arg(detail.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(detail));
}

} // namespace

std::optional<store::Artifact> dataSetArtifact(qint64 runId, const DataFacts &facts, const RunConfig &config)
{
    if (config.train.data.path.empty() || !facts.opened)
        return std::nullopt;
    store::Artifact a;
    a.runId = runId;
    a.kind = QLatin1String(dataSetArtifactKind);
    a.path = QString::fromStdString(config.train.data.path);
    a.infoJson = QJsonDocument(QJsonObject{{"name", facts.name},
                                           {"classes", QJsonArray::fromStringList(facts.classNames)},
                                           {"channels", facts.channels},
                                           {"train_images", qint64(facts.trainImages)},
                                           {"val_images", qint64(facts.valImages)},
                                           {"train_per_class", countsToJson(facts.trainPerClass)},
                                           {"val_per_class", countsToJson(facts.valPerClass)}})
                     .toJson(QJsonDocument::Compact);
    return a;
}

std::optional<DataFacts> recordedDataSet(store::RunStore &store, qint64 runId)
{
    const auto records = store.artifacts(runId, QLatin1String(dataSetArtifactKind));
    if (records.empty())
        return std::nullopt;
    const QJsonObject info = QJsonDocument::fromJson(records.back().infoJson).object();
    DataFacts facts;
    facts.opened = true;
    facts.name = info.value("name").toString();
    for (const QJsonValue &name : info.value("classes").toArray())
        facts.classNames << name.toString();
    facts.classes = int(facts.classNames.size());
    facts.channels = info.value("channels").toInt();
    facts.trainImages = std::int64_t(info.value("train_images").toDouble());
    facts.valImages = std::int64_t(info.value("val_images").toDouble());
    facts.trainPerClass = countsFromJson(info.value("train_per_class"));
    facts.valPerClass = countsFromJson(info.value("val_per_class"));
    return facts;
}

QString dataSetChange(const DataFacts &recorded, const DataFacts &now)
{
    if (recorded.classNames != now.classNames)
        return QStringLiteral("it now has %1 classes (%2); the run was created with %3 (%4)")
            .arg(now.classNames.size())
            .arg(classList(now.classNames))
            .arg(recorded.classNames.size())
            .arg(classList(recorded.classNames));
    if (recorded.channels != now.channels)
        return QStringLiteral("it now delivers %1 channel(s); the run was created with %2")
            .arg(now.channels)
            .arg(recorded.channels);
    const QString train = splitChange("training", recorded.trainImages, now.trainImages, now.classNames,
                                      recorded.trainPerClass, now.trainPerClass);
    if (!train.isEmpty())
        return train;
    return splitChange("validation", recorded.valImages, now.valImages, now.classNames, recorded.valPerClass,
                       now.valPerClass);
}

// A resume's data set, opened before the run is touched: it must open, fit the config and be the one
// the run was recorded with; else `refusal` says why and what to do (the run stays as it was). A config
// that cannot be read or is invalid is left to trainClaimedRun, which fails the run for it.
std::unique_ptr<data::Dataset> openResumeData(store::RunStore &store, const store::RunRecord &record, QString *refusal)
{
    RunConfig config;
    QStringList errors;
    if (!runConfigFromJson(record.configJson, &config, &errors) || !validateRunConfig(config).empty())
        return nullptr;
    const QString unchanged = QStringLiteral("Nothing was changed: run %1 is still %2.")
                                  .arg(record.id)
                                  .arg(store::toString(record.status));
    std::string why, key;
    auto data = data::openDataset(config.train.data, config.model.imageSize, &why, config.train.augment, &key);
    if (!data) {
        *refusal = QStringLiteral("cannot resume run %1: %2: %3. %4 Make the data set readable there again, then "
                                  "resume.")
                       .arg(record.id)
                       .arg(QString::fromStdString(key), QString::fromStdString(why), unchanged);
        return nullptr;
    }
    QStringList mismatch = dataMismatch(*data, config);
    if (const auto recorded = recordedDataSet(store, record.id)) {
        const QString change = dataSetChange(*recorded, dataFactsOf(*data));
        if (!change.isEmpty())
            mismatch << QStringLiteral("the data set at %1 is not the one the run was created with: %2")
                            .arg(QString::fromStdString(config.train.data.path), change);
    }
    if (!mismatch.isEmpty()) {
        *refusal = QStringLiteral("cannot resume run %1: %2. %3 Resuming would train it on other data: restore "
                                  "the data set, or start a new run on it as it is now.")
                       .arg(record.id)
                       .arg(mismatch.join(QStringLiteral("; ")), unchanged);
        return nullptr;
    }
    return data;
}

// Records the data set of a run the first time it trains; later starts must find the same one.
bool noteDataSet(store::RunStore &store, qint64 runId, const RunConfig &config, const data::Dataset &data,
                 TrainEvents *events, QString *error)
{
    const DataFacts now = dataFactsOf(data);
    if (const auto recorded = recordedDataSet(store, runId)) {
        const QString change = dataSetChange(*recorded, now);
        if (change.isEmpty())
            return true;
        *error = QStringLiteral("the data set is not the one run %1 was created with: %2; restore it, or start a "
                                "new run on it as it is now")
                     .arg(runId)
                     .arg(change);
        return false;
    }
    const auto record = dataSetArtifact(runId, now, config);
    if (record && !store.addArtifact(*record) && events)
        events->message(QStringLiteral("the data set could not be recorded with the run (%1); a resume cannot check "
                                       "that it is still the same")
                            .arg(store.lastError()));
    return true;
}

} // namespace gatefold::train
