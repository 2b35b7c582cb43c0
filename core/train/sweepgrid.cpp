#include "sweepgrid.h"

#include "runconfigjson.h"
#include "runfields.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace gatefold::train {
namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("cli", text);
}

QString valueText(const QJsonValue &v)
{
    if (v.isString())
        return v.toString();
    return QString::fromUtf8(QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
}

} // namespace

bool planSweep(const QByteArray &gridJson, const RunConfig &base, const std::vector<qint64> &seedsOverride,
               SweepPlan *plan, QStringList *errors)
{
    const qsizetype before = errors->size();
    QJsonParseError parseError;
    const auto doc = QJsonDocument::fromJson(gridJson, &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject()) {
        errors->append(parseError.error != QJsonParseError::NoError
                           ? tr("not valid JSON: %1 at offset %2").arg(parseError.errorString()).arg(parseError.offset)
                           : tr("a grid file is a JSON object: {\"name\", \"base\", \"grid\", \"seeds\"}"));
        return false;
    }
    const QJsonObject root = doc.object();
    for (auto it = root.begin(); it != root.end(); ++it)
        if (it.key() != "name" && it.key() != "base" && it.key() != "grid" && it.key() != "seeds")
            errors->append(tr("%1: unknown entry; a grid file has name, base, grid and seeds").arg(it.key()));
    plan->name = root.value("name").toString(QStringLiteral("sweep"));
    RunConfig common = base;
    if (root.contains("base")) {
        QStringList problems;
        if (!root.value("base").isObject())
            errors->append(tr("base: must be an object of settings"));
        else if (!runConfigFromJson(QJsonDocument(root.value("base").toObject()).toJson(), &common, &problems))
            for (const QString &p : problems)
                errors->append(tr("base: %1").arg(p));
    }
    // The grid: key → non-empty list of values.
    std::vector<std::pair<QString, QJsonArray>> axes;
    const QJsonObject grid = root.value("grid").toObject();
    if (!root.value("grid").isObject() || grid.isEmpty())
        errors->append(tr("grid: must be an object of settings to vary, e.g. {\"optim.lr\": [0.001, 0.0003]}"));
    for (auto it = grid.begin(); it != grid.end(); ++it) {
        if (!findRunField(it.key().toStdString()))
            errors->append(tr("grid: %1: unknown setting (gatefold-cli config --keys lists them)").arg(it.key()));
        else if (!it.value().isArray() || it.value().toArray().isEmpty())
            errors->append(tr("grid: %1: must be a non-empty list of values").arg(it.key()));
        else
            axes.emplace_back(it.key(), it.value().toArray());
    }
    std::vector<qint64> seeds = seedsOverride;
    if (seeds.empty() && root.contains("seeds")) {
        for (const QJsonValue &v : root.value("seeds").toArray()) {
            if (!v.isDouble() || v.toDouble() < 0 || v.toDouble() != double(v.toInteger()))
                errors->append(tr("seeds: %1 is not a whole number >= 0").arg(valueText(v)));
            else
                seeds.push_back(v.toInteger());
        }
        if (!root.value("seeds").isArray())
            errors->append(tr("seeds: must be a list of whole numbers"));
    }
    if (seeds.empty())
        seeds.push_back(qint64(common.train.seed));
    if (errors->size() != before)
        return false;

    // Cartesian product, the first axis slowest, then seeds.
    std::vector<size_t> index(axes.size(), 0);
    for (bool more = true; more;) {
        train::RunConfig config = common;
        QStringList label;
        QStringList problems;
        for (size_t a = 0; a < axes.size(); ++a) {
            const QJsonValue v = axes[a].second.at(qsizetype(index[a]));
            const auto *field = findRunField(axes[a].first.toStdString());
            QStringList valueProblems;
            if (runConfigFromJson(QJsonDocument(QJsonObject{{axes[a].first, v}}).toJson(), &config, &valueProblems))
                label << QStringLiteral("%1=%2").arg(axes[a].first, QString::fromStdString(field->get(config)));
            else
                label << QStringLiteral("%1=%2").arg(axes[a].first, valueText(v));
            problems << valueProblems;
        }
        for (qint64 seed : seeds) {
            train::RunConfig seeded = config;
            seeded.train.seed = std::uint64_t(seed);
            const QString name = (label + QStringList{QStringLiteral("seed=%1").arg(seed)}).join(' ');
            QStringList all = problems;
            for (const auto &p : train::validateRunConfig(seeded))
                all << QStringLiteral("%1: %2").arg(QString::fromStdString(p.field), QString::fromStdString(p.message));
            for (const QString &p : all)
                errors->append(QStringLiteral("[%1] %2").arg(name, p));
            plan->points.push_back({seeded, name});
        }
        more = false;
        for (size_t a = axes.size(); a-- > 0;) {
            if (++index[a] < size_t(axes[a].second.size())) {
                more = true;
                break;
            }
            index[a] = 0;
        }
    }
    return errors->size() == before;
}

} // namespace gatefold::train
