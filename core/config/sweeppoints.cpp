#include "sweeppoints.h"

#include "runconfigjson.h"
#include "runvalidation.h"
#include "sweepsampler.h"

namespace gatefold::train {
namespace {

// The setting `config` with each seed (or its own), named by `label` and validated.
void addPoints(const RunConfig &config, const QStringList &label, const std::vector<qint64> &seeds, SweepPlan *plan,
               QStringList *errors)
{
    const bool seedAxis = seeds.empty();
    const std::vector<qint64> pointSeeds = seedAxis ? std::vector<qint64>{qint64(config.train.seed)} : seeds;
    for (qint64 seed : pointSeeds) {
        RunConfig seeded = config;
        seeded.train.seed = std::uint64_t(seed);
        const QString name = seedAxis ? label.join(' ')
                                      : (label + QStringList{QStringLiteral("seed=%1").arg(seed)}).join(' ');
        for (const auto &p : validateRunConfig(seeded))
            errors->append(QStringLiteral("[%1] %2: %3")
                               .arg(name, QString::fromStdString(p.field), QString::fromStdString(p.message)));
        plan->points.push_back({seeded, name});
    }
}

// Applies `value` to the axis' setting and names it ("optim.lr=0.001"): the name shows the value
// as the config holds it. False with the problem in `errors` when the setting refuses it.
bool applyAxis(const Axis &axis, const QJsonValue &value, RunConfig *config, QStringList *label, QStringList *errors)
{
    QString why;
    const bool applied = applyJsonSetting(config, *axis.field, value, &why);
    if (!applied)
        errors->append(QStringLiteral("[%1] %2: %3").arg(label->join(' '), axis.key, why));
    *label << QStringLiteral("%1=%2").arg(axis.key, QString::fromStdString(axis.field->get(*config)));
    return applied;
}

} // namespace

void expandGrid(const std::vector<Axis> &axes, const RunConfig &common, const std::vector<qint64> &seeds,
                SweepPlan *plan, QStringList *errors)
{
    std::vector<size_t> index(axes.size(), 0);
    for (bool more = true; more;) {
        RunConfig config = common;
        QStringList label;
        for (size_t a = 0; a < axes.size(); ++a)
            applyAxis(axes[a], axes[a].values[index[a]], &config, &label, errors);  // each value checked already
        addPoints(config, label, seeds, plan, errors);
        more = false;
        for (size_t a = axes.size(); a-- > 0;) {
            if (++index[a] < axes[a].values.size()) {
                more = true;
                break;
            }
            index[a] = 0;
        }
    }
}

void sampleRandom(const std::vector<Axis> &axes, const RunConfig &common, const std::vector<qint64> &seeds, int runs,
                  quint64 searchSeed, SweepPlan *plan, QStringList *errors)
{
    SearchRandom random(searchSeed);
    for (int run = 0; run < runs; ++run) {
        RunConfig config = common;
        QStringList label;
        for (const Axis &axis : axes)
            applyAxis(axis, sampleAxis(axis, random), &config, &label, errors);
        addPoints(config, label, seeds, plan, errors);
    }
}

} // namespace gatefold::train
