#include "sweepgrid.h"

#include "runconfigjson.h"
#include "fieldtable.h"
#include "runvalidation.h"

#include "json/strictjson.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>
#include <map>

namespace gatefold::train {
namespace {

using json::StrictJson;

// More runs than anyone queues on purpose: a grid that large is a mistake (and would fill memory).
constexpr qint64 kMaxPoints = 10000;

QString tr(const char *text)
{
    return QCoreApplication::translate("cli", text);
}

// Collects "line N: what" problems of one grid file.
class GridProblems
{
public:
    GridProblems(const StrictJson &doc, QStringList *out) : m_doc(doc), m_out(out), m_before(out->size()) {}
    void add(const QString &pointer, const QString &what)
    {
        const int line = m_doc.lineOf(pointer);
        m_out->append(line > 0 ? tr("line %1: %2").arg(line).arg(what) : what);
    }
    bool any() const { return m_out->size() != m_before; }

private:
    const StrictJson &m_doc;
    QStringList *m_out;
    qsizetype m_before;
};

struct Axis {
    QString key;
    const config::Field *field;
    std::vector<QJsonValue> values;
};

// The grid's axes, each value checked against its setting, none listed twice.
std::vector<Axis> readAxes(const StrictJson &doc, const RunConfig &common, GridProblems &problems)
{
    std::vector<Axis> axes;
    const QJsonValue grid = doc.root().toObject().value("grid");
    if (!grid.isObject() || grid.toObject().isEmpty()) {
        problems.add("/grid", tr("grid: must be an object of settings to vary, e.g. {\"optim.lr\": [0.001, 0.0003]}"));
        return axes;
    }
    const QJsonObject object = grid.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString at = StrictJson::member("/grid", it.key());
        const QString shown = json::quoteForMessage(it.key()).mid(1).chopped(1);
        const config::Field *field = config::findField(it.key().toStdString());
        if (!field) {
            problems.add(at, tr("grid: %1: unknown setting (gatefold-cli config --keys lists them)").arg(shown));
            continue;
        }
        if (!it.value().isArray() || it.value().toArray().isEmpty()) {
            problems.add(at, tr("grid: %1: must be a non-empty list of values, not %2")
                                 .arg(shown, json::describeJsonType(it.value())));
            continue;
        }
        Axis axis{it.key(), field, {}};
        std::map<std::string, qsizetype> seen;  // a value's text form → its index
        const QJsonArray list = it.value().toArray();
        for (qsizetype i = 0; i < list.size(); ++i) {
            RunConfig probe = common;
            QString why;
            const QString itemAt = StrictJson::item(at, i);
            if (!applyJsonSetting(&probe, *field, list.at(i), &why)) {
                problems.add(itemAt, tr("grid: %1: value %2 of %3: %4").arg(shown).arg(i + 1).arg(list.size()).arg(why));
                continue;
            }
            const auto [first, fresh] = seen.emplace(field->get(probe), i);
            if (!fresh)
                problems.add(itemAt, tr("grid: %1: values %2 and %3 are the same (%4); list each value once")
                                         .arg(shown)
                                         .arg(first->second + 1)
                                         .arg(i + 1)
                                         .arg(QString::fromStdString(first->first)));
            axis.values.push_back(list.at(i));
        }
        axes.push_back(std::move(axis));
    }
    return axes;
}

// The file's seeds: whole numbers >= 0, none twice.
std::vector<qint64> readSeeds(const StrictJson &doc, GridProblems &problems)
{
    std::vector<qint64> seeds;
    const QJsonValue list = doc.root().toObject().value("seeds");
    if (!list.isArray()) {
        problems.add("/seeds", tr("seeds: must be a list of whole numbers >= 0, not %1").arg(json::describeJsonType(list)));
        return seeds;
    }
    const QJsonArray items = list.toArray();
    for (qsizetype i = 0; i < items.size(); ++i) {
        const QJsonValue v = items.at(i);
        constexpr qint64 none = -1;
        const qint64 seed = v.isDouble() ? v.toInteger(none) : none;
        if (seed < 0)
            problems.add(StrictJson::item("/seeds", i),
                         tr("seeds: %1 is not a whole number >= 0").arg(json::describeJsonType(v)));
        else if (std::find(seeds.begin(), seeds.end(), seed) != seeds.end())
            problems.add(StrictJson::item("/seeds", i), tr("seeds: %1 is listed twice; list each seed once").arg(seed));
        else
            seeds.push_back(seed);
    }
    if (items.isEmpty())
        problems.add("/seeds", tr("seeds: the list is empty; give at least one seed or leave \"seeds\" out"));
    return seeds;
}

// Entries a grid file does not have, each a problem.
void checkEntries(const QJsonObject &root, GridProblems &problems)
{
    for (auto it = root.begin(); it != root.end(); ++it)
        if (it.key() != "name" && it.key() != "base" && it.key() != "grid" && it.key() != "seeds")
            problems.add(StrictJson::member(QString(), it.key()),
                         tr("%1: unknown entry; a grid file has name, base, grid and seeds")
                             .arg(json::quoteForMessage(it.key())));
}

// The sweep's name: "sweep" unless the file names it (one line of text).
QString readName(const QJsonObject &root, GridProblems &problems)
{
    if (!root.contains("name"))
        return QStringLiteral("sweep");
    const QJsonValue name = root.value("name");
    const QString text = name.toString();
    const bool control = std::any_of(text.begin(), text.end(),
                                     [](QChar c) { return c.unicode() < 0x20 || c.unicode() == 0x7f; });
    if (!name.isString() || text.trimmed().isEmpty() || control) {
        problems.add("/name", tr("name: must be a text on one line, not %1").arg(json::describeJsonType(name)));
        return QStringLiteral("sweep");
    }
    return name.toString();
}

// The seeds every grid point runs with: --seeds, else the file's, else the base's; none with a
// grid over train.seed (each point keeps the seed its grid value gives it).
std::vector<qint64> chooseSeeds(const StrictJson &doc, const std::vector<Axis> &axes, const RunConfig &common,
                                const std::vector<qint64> &seedsOverride, GridProblems &problems)
{
    const QJsonObject root = doc.root().toObject();
    // A grid over train.seed gives each run its seed: a seeds list beside it could only contradict it.
    const bool seedAxis = std::any_of(axes.begin(), axes.end(), [](const Axis &a) { return a.key == "train.seed"; });
    if (seedAxis && root.contains("seeds"))
        problems.add("/seeds", tr("seeds: the grid varies train.seed too; list the seeds in one place (remove "
                                  "\"seeds\", or train.seed from the grid)"));
    if (seedAxis && !seedsOverride.empty())
        problems.add("/grid", tr("--seeds cannot be combined with a grid over train.seed; list the seeds in one place"));
    std::vector<qint64> seeds = seedsOverride;
    if (seeds.empty() && root.contains("seeds") && !seedAxis)
        seeds = readSeeds(doc, problems);
    if (seeds.empty())
        seeds.push_back(qint64(common.train.seed));
    if (seedAxis)
        seeds.clear();
    return seeds;
}

// The Cartesian product of the axes, the first axis slowest, then the seeds (empty `seeds`: the
// grid's own train.seed), each point validated.
void expandGrid(const std::vector<Axis> &axes, const RunConfig &common, const std::vector<qint64> &seeds,
                SweepPlan *plan, QStringList *errors)
{
    const bool seedAxis = seeds.empty();
    std::vector<size_t> index(axes.size(), 0);
    for (bool more = true; more;) {
        RunConfig config = common;
        QStringList label;
        for (size_t a = 0; a < axes.size(); ++a) {
            QString why;
            applyJsonSetting(&config, *axes[a].field, axes[a].values[index[a]], &why);  // checked in readAxes
            label << QStringLiteral("%1=%2").arg(axes[a].key, QString::fromStdString(axes[a].field->get(config)));
        }
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

} // namespace

bool planSweep(const QByteArray &gridJson, const RunConfig &base, const std::vector<qint64> &seedsOverride,
               SweepPlan *plan, QStringList *errors)
{
    return planSweep(gridJson, base, seedsOverride, SearchOverrides{}, plan, errors);
}

std::map<QString, QString> sweepDistributions(const QByteArray &gridJson)
{
    std::map<QString, QString> kinds;
    QString error;
    const auto doc = StrictJson::parse(gridJson, &error);
    if (!doc)
        return kinds;
    const QJsonObject grid = doc->root().toObject().value("grid").toObject();
    for (auto it = grid.begin(); it != grid.end(); ++it) {
        if (it.value().isArray())
            kinds.emplace(it.key(), QStringLiteral("list"));
        else if (const QJsonObject o = it.value().toObject(); o.size() == 1)
            for (const char *kind : {"choice", "uniform", "log_uniform", "int_uniform"})
                if (o.contains(QLatin1String(kind)))
                    kinds.emplace(it.key(), QString::fromLatin1(kind));
    }
    return kinds;
}

bool planSweep(const QByteArray &gridJson, const RunConfig &base, const std::vector<qint64> &seedsOverride,
               const SearchOverrides &search, SweepPlan *plan, QStringList *errors)
{
    if (search.method && *search.method != QLatin1String("grid")) {
        errors->append(tr("random search is being built (issue 21)"));
        return false;
    }
    const qsizetype before = errors->size();
    QString parseError;
    const auto doc = StrictJson::parse(gridJson, &parseError);
    if (!doc) {
        errors->append(tr("not valid JSON: %1").arg(parseError));
        return false;
    }
    if (!doc->root().isObject()) {
        errors->append(tr("a grid file is a JSON object: {\"name\", \"base\", \"grid\", \"seeds\"}, not %1")
                           .arg(json::describeJsonType(doc->root())));
        return false;
    }
    GridProblems problems(*doc, errors);
    const QJsonObject root = doc->root().toObject();
    checkEntries(root, problems);
    plan->name = readName(root, problems);
    RunConfig common = base;
    if (root.contains("base")) {
        std::vector<ConfigTextProblem> found;
        readRunConfigObject(*doc, "/base", &common, &found);
        for (const auto &p : found)
            errors->append(p.line > 0 ? tr("line %1: base: %2").arg(p.line).arg(ConfigTextProblem{p.key, 0, p.message}.text())
                                      : tr("base: %1").arg(p.text()));
    }
    const std::vector<Axis> axes = readAxes(*doc, common, problems);
    const std::vector<qint64> seeds = chooseSeeds(*doc, axes, common, seedsOverride, problems);
    qint64 count = std::max<qint64>(1, qint64(seeds.size()));
    for (const Axis &a : axes)
        count = std::min(kMaxPoints + 1, count * std::max<qint64>(1, qint64(a.values.size())));
    if (count > kMaxPoints)
        problems.add("/grid", tr("grid: more than %1 runs (the product of the grid's lists and the seeds); split "
                                 "the sweep").arg(kMaxPoints));
    if (problems.any() || errors->size() != before)
        return false;
    expandGrid(axes, common, seeds, plan, errors);
    return errors->size() == before;
}

} // namespace gatefold::train
