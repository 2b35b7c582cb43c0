#include "datacheck.h"

#include "data/datasets.h"
#include "data/datasetsummary.h"
#include "files/userfile.h"
#include "config/joinschedule.h"

#include <algorithm>

namespace gatefold::train {
namespace {

QString number(std::int64_t v)
{
    return QString::number(v);
}

// Schedules measured in steps, for a run of `totalSteps` (`epochs` × `perEpoch`).
void joinWarnings(const RunConfig &config, std::int64_t perEpoch, std::vector<CheckItem> *out)
{
    const auto &join = config.model.join;
    if (join.branches < 2 || join.deployed || join.schedule.kind == model::JoinScheduleKind::None)
        return;
    const std::int64_t total = perEpoch * config.train.epochs;
    const model::JoinSchedule schedule(join.schedule, total);
    const QString run = QStringLiteral("the run's %1 steps (%2 epochs × %3 steps)")
                            .arg(number(total))
                            .arg(config.train.epochs)
                            .arg(number(perEpoch));
    if (schedule.startStep() >= total) {
        out->push_back({QStringLiteral("join.start_step"),
                        QStringLiteral("joining starts at step %1, after %2: the branches are never joined; start "
                                       "earlier or train longer")
                            .arg(number(schedule.startStep()), run)});
        return;
    }
    const std::int64_t joined = schedule.joinedStep();
    // (An adjustment cut short is no warning: the defaults assume long runs, and the model is joined all the same.)
    if (joined > total)
        out->push_back({QStringLiteral("join.warmup_steps"),
                        QStringLiteral("the joining warm-up ends at step %1, after %2: lambda never reaches 1 and "
                                       "the model cannot be folded; shorten join.warmup_steps or train longer")
                            .arg(number(joined), run)});
}

// What opening the data set found worth saying: files left out as bad, entries passed over.
std::vector<CheckItem> openingWarnings(const data::Dataset &data)
{
    std::vector<CheckItem> out;
    if (data.skippedImages() > 0)
        out.push_back({QStringLiteral("data.bad_images"),
                       QStringLiteral("%1 image file(s) cannot be read and will be left out (data.bad_images=skip), "
                                      "e.g. %2")
                           .arg(data.skippedImages())
                           .arg(QString::fromStdString(data.lastSkipped()))});
    for (const std::string &notice : data.notices())
        out.push_back({QStringLiteral("data.path"), QString::fromStdString(notice)});
    return out;
}

} // namespace

DataFacts dataFactsOf(const data::Dataset &data)
{
    const data::DatasetSummary summary = data::summarizeDataset(data);
    DataFacts facts{true,
                    QString::fromStdString(summary.name),
                    data.numClasses(),
                    summary.channels,
                    summary.trainSize,
                    summary.valSize,
                    {},
                    summary.trainPerClass,
                    summary.valPerClass};
    for (const std::string &name : summary.classNames)
        facts.classNames << QString::fromStdString(name);
    return facts;
}

std::vector<CheckItem> dataMismatchItems(const DataFacts &data, const RunConfig &config)
{
    std::vector<CheckItem> out;
    const QString &name = data.name;
    if (data.classes < 2)
        out.push_back({QStringLiteral("data.path"),
                       QStringLiteral("the data set %1 has %2 class(es)%3: a classifier needs at least 2 (with one, "
                                      "every prediction is right); add a class folder")
                           .arg(name)
                           .arg(data.classes)
                           .arg(data.classNames.isEmpty() ? QString()
                                                          : QStringLiteral(" (%1)").arg(data.classNames.join(", ")))});
    else if (data.classes != config.model.numClasses)
        out.push_back({QStringLiteral("num_classes"),
                       QStringLiteral("the data set %1 has %2 classes; set num_classes=%2").arg(name).arg(data.classes)});
    if (data.channels != config.model.inChannels)
        out.push_back({QStringLiteral("in_chans"),
                       QStringLiteral("the data set %1 delivers %2 channel(s); set in_chans=%2 (or data.channels)")
                           .arg(name)
                           .arg(data.channels)});
    const auto &mean = config.train.data.mean;
    if (!mean.empty() && int(mean.size()) != data.channels)
        out.push_back({QStringLiteral("data.mean"),
                       QStringLiteral("%1 value(s) given in data.mean and data.std, but the data set %2 delivers %3 "
                                      "channel(s); give one per channel")
                           .arg(mean.size())
                           .arg(name)
                           .arg(data.channels)});
    const std::int64_t train = data.trainImages;
    if (config.train.batchSize > train)
        out.push_back({QStringLiteral("train.batch_size"),
                       QStringLiteral("%1 is more than the %2 training images of %3: a step takes a full batch; set "
                                      "train.batch_size to at most %2")
                           .arg(config.train.batchSize)
                           .arg(number(train), name)});
    else if (std::int64_t(config.train.batchSize) * config.train.accumSteps > train)
        out.push_back({QStringLiteral("train.accum_steps"),
                       QStringLiteral("%1 micro-batches of %2 make %3 images per optimiser step, more than the %4 "
                                      "training images of %5; lower train.accum_steps or train.batch_size")
                           .arg(config.train.accumSteps)
                           .arg(config.train.batchSize)
                           .arg(number(std::int64_t(config.train.batchSize) * config.train.accumSteps))
                           .arg(number(train), name)});
    return out;
}

QStringList dataMismatch(const data::Dataset &data, const RunConfig &config)
{
    QStringList out;
    for (const auto &item : dataMismatchItems(dataFactsOf(data), config))
        out << item.line();
    return out;
}

std::vector<CheckItem> scheduleWarnings(const RunConfig &config, std::int64_t trainImages)
{
    std::vector<CheckItem> out;
    const std::int64_t perStep = std::int64_t(config.train.batchSize) * std::max(1, config.train.accumSteps);
    const std::int64_t perEpoch = perStep > 0 ? trainImages / perStep : 0;
    if (perEpoch < 1 || config.train.epochs < 1)
        return out;
    joinWarnings(config, perEpoch, &out);
    const std::int64_t total = perEpoch * config.train.epochs;
    if (config.train.logEvery > total)
        out.push_back({QStringLiteral("train.log_every"),
                       QStringLiteral("is %1, but the run has only %2 steps: no train/* metric will be recorded; "
                                      "lower it")
                           .arg(config.train.logEvery)
                           .arg(number(total))});
    if (config.train.keepEvery > config.train.epochs)
        out.push_back({QStringLiteral("train.keep_every"),
                       QStringLiteral("is %1, but the run has only %2 epochs: no epoch checkpoint will be kept")
                           .arg(config.train.keepEvery)
                           .arg(config.train.epochs)});
    return out;
}

DataCheck checkData(const RunConfig &config, DataCheckCache *cache)
{
    DataCheck check;
    const auto &initFrom = config.train.initFrom;
    if (!initFrom.empty())
        if (const std::string problem = files::regularFileProblem(initFrom); !problem.empty())
            check.problems.push_back({QStringLiteral("init.from"), QString::fromStdString(problem)});
    DataCheckCache local;
    DataCheckCache &known = cache ? *cache : local;
    auto entry = std::find_if(known.entries.begin(), known.entries.end(), [&](const DataCheckCache::Entry &e) {
        return e.data == config.train.data && e.imageSize == config.model.imageSize;
    });
    if (entry == known.entries.end()) {
        DataCheckCache::Entry fresh{config.train.data, config.model.imageSize, {}, {}, {}};
        std::string why, key;
        if (const auto data = data::openDataset(config.train.data, config.model.imageSize, &why, {}, &key)) {
            fresh.facts = dataFactsOf(*data);
            fresh.warnings = openingWarnings(*data);
        } else {
            fresh.problems.push_back({QString::fromStdString(key), QString::fromStdString(why)});
        }
        known.entries.push_back(std::move(fresh));
        entry = known.entries.end() - 1;
    }
    check.data = entry->facts;
    check.problems.insert(check.problems.end(), entry->problems.begin(), entry->problems.end());
    check.warnings = entry->warnings;
    if (!check.data.opened)
        return check;
    const auto mismatch = dataMismatchItems(check.data, config);
    check.problems.insert(check.problems.end(), mismatch.begin(), mismatch.end());
    const auto later = scheduleWarnings(config, check.data.trainImages);
    check.warnings.insert(check.warnings.end(), later.begin(), later.end());
    return check;
}

QStringList checkDataFits(const RunConfig &config)
{
    QStringList out;
    for (const auto &item : checkData(config).problems)
        out << item.line();
    return out;
}

} // namespace gatefold::train
