#include "slurmoptions.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace gatefold::slurm {
namespace {

struct SlurmOptionsText {
    Q_DECLARE_TR_FUNCTIONS(SlurmOptionsText)
};


constexpr int kMaxNodes = 10000;
constexpr int kMaxRanksPerNode = 1024;
constexpr int kMaxCpusPerTask = 4096;

// `text` with control characters shown as '?', for a message.
QString printable(const QString &text)
{
    QString out = text.left(200);
    for (QChar &c : out)
        if (c.category() == QChar::Other_Control || c == QChar::LineSeparator || c == QChar::ParagraphSeparator)
            c = QLatin1Char('?');
    return out;
}

bool matches(const QString &text, const char *pattern)
{
    return QRegularExpression(QRegularExpression::anchoredPattern(QLatin1String(pattern))).match(text).hasMatch();
}

QString partitionProblem(const QString &partition)
{
    if (partition.isEmpty() || matches(partition, "[A-Za-z0-9_.-]+(,[A-Za-z0-9_.-]+)*"))
        return {};
    return SlurmOptionsText::tr("--partition '%1' is not a partition name (letters, digits, '_', '.', '-'; several separated by "
              "commas); `sinfo -s` lists them")
        .arg(printable(partition));
}

// Slurm's forms: minutes, MM:SS, HH:MM:SS, D-HH, D-HH:MM, D-HH:MM:SS, or UNLIMITED.
QString timeProblem(const QString &time)
{
    if (time.isEmpty() || matches(time, "\\d+(:\\d+){0,2}|\\d+-\\d+(:\\d+){0,2}|(?i:unlimited|infinite)"))
        return {};
    return SlurmOptionsText::tr("--time '%1' is not a Slurm time limit; write minutes (90), HH:MM:SS (1:30:00) or D-HH:MM:SS "
              "(2-00:00:00)")
        .arg(printable(time));
}

QString gresProblem(const QString &gres)
{
    if (gres.isEmpty() || matches(gres, "[A-Za-z0-9_:.,=/+-]+"))
        return {};
    return SlurmOptionsText::tr("--gres '%1' is not a generic resource list (e.g. gpu:1 or gpu:a100:2, without spaces)").arg(printable(gres));
}

// The options the script writes itself, by the long name sbatch knows them under (and their short names).
struct OwnOption {
    QStringList names;  // the long name first
    const char *why;
};
const QList<OwnOption> &ownOptions()
{
    static const QList<OwnOption> own = {
        {{"array", "a"}, QT_TRANSLATE_NOOP("SlurmOptionsText", "one task per run")},
        {{"output", "o"}, QT_TRANSLATE_NOOP("SlurmOptionsText", "the task's output beside the sweep")},
        {{"error", "e"}, QT_TRANSLATE_NOOP("SlurmOptionsText", "the task's errors beside the sweep")},
        {{"job-name", "J"}, QT_TRANSLATE_NOOP("SlurmOptionsText", "the sweep's or run's name")},
        {{"parsable"}, QT_TRANSLATE_NOOP("SlurmOptionsText", "to read the job id")},
        {{"wrap"}, QT_TRANSLATE_NOOP("SlurmOptionsText", "the script is the job")},
        {{"nodes", "N"}, QT_TRANSLATE_NOOP("SlurmOptionsText", "give it as --nodes")},
        {{"ntasks", "n"}, QT_TRANSLATE_NOOP("SlurmOptionsText", "give it as --nodes and --nproc")},
        {{"ntasks-per-node"}, QT_TRANSLATE_NOOP("SlurmOptionsText", "give it as --nproc")},
        {{"partition", "p"}, QT_TRANSLATE_NOOP("SlurmOptionsText", "give it as --partition")},
        {{"time", "t"}, QT_TRANSLATE_NOOP("SlurmOptionsText", "give it as --time")},
        {{"cpus-per-task", "c"}, QT_TRANSLATE_NOOP("SlurmOptionsText", "give it as --cpus-per-task")},
        {{"gres"}, QT_TRANSLATE_NOOP("SlurmOptionsText", "give it as --gres")},
    };
    return own;
}


// The option's name as sbatch reads it: "account" of --account=x, "A" of -Afoo.
QString optionName(const QString &arg)
{
    if (arg.startsWith(QLatin1String("--")))
        return arg.mid(2).section(QLatin1Char('='), 0, 0);
    return arg.mid(1, 1);
}

QString sbatchArgProblem(const QString &arg)
{
    if (!arg.startsWith(QLatin1Char('-')) || arg.size() < 2 || arg == QLatin1String("--"))
        return SlurmOptionsText::tr("--sbatch-arg '%1' is not an sbatch option; write one option each, as --name=value "
                  "(e.g. --sbatch-arg=--account=lab)")
            .arg(printable(arg));
    for (const QChar c : arg)
        if (c.isSpace() || c.category() == QChar::Other_Control || c == QLatin1Char('\'') || c == QLatin1Char('"'))
            return SlurmOptionsText::tr("--sbatch-arg '%1' holds a space, a quote or a control character; the script keeps one "
                      "option a line as written, so write it as --name=value without them")
                .arg(printable(arg));
    const QString name = optionName(arg);
    for (const OwnOption &own : ownOptions())
        if (own.names.contains(name))
            return SlurmOptionsText::tr("--sbatch-arg '%1': Gatefold writes --%2 itself (%3); leave it out")
                .arg(arg, own.names.first(), SlurmOptionsText::tr(own.why));
    return {};
}

// A whole number in [low, high] from the option `name`; `fallback` after adding why not to `problems`.
int wholeIn(const QString &text, const char *name, int low, int high, int fallback, QStringList *problems)
{
    bool ok = false;
    const int v = text.trimmed().toInt(&ok);
    if (ok && v >= low && v <= high)
        return v;
    problems->append(SlurmOptionsText::tr("--%1 must be a whole number from %2 to %3, not '%4'").arg(QLatin1String(name)).arg(low).arg(high).arg(text));
    return fallback;
}

} // namespace

bool SlurmOptions::operator==(const SlurmOptions &o) const
{
    return partition == o.partition && time == o.time && cpusPerTask == o.cpusPerTask && gres == o.gres
        && nodes == o.nodes && nproc == o.nproc && sbatchArgs == o.sbatchArgs;
}

QStringList slurmOptionProblems(const SlurmOptions &o)
{
    QStringList problems;
    for (const QString &p : {partitionProblem(o.partition), timeProblem(o.time), gresProblem(o.gres)})
        if (!p.isEmpty())
            problems << p;
    if (o.cpusPerTask < 0 || o.cpusPerTask > kMaxCpusPerTask)
        problems << SlurmOptionsText::tr("--cpus-per-task must be a whole number from 1 to %1, not %2").arg(kMaxCpusPerTask).arg(o.cpusPerTask);
    if (o.nodes < 1 || o.nodes > kMaxNodes)
        problems << SlurmOptionsText::tr("--nodes must be a whole number from 1 to %1, not %2").arg(kMaxNodes).arg(o.nodes);
    if (o.nproc < 1 || o.nproc > kMaxRanksPerNode)
        problems << SlurmOptionsText::tr("--nproc must be a whole number from 1 to %1, not %2").arg(kMaxRanksPerNode).arg(o.nproc);
    for (const QString &arg : o.sbatchArgs)
        if (const QString p = sbatchArgProblem(arg); !p.isEmpty())
            problems << p;
    return problems;
}

std::optional<SlurmOptions> readSlurmOptions(const SlurmOptionTexts &texts, const SlurmOptions &base,
                                             QStringList *problems)
{
    SlurmOptions o = base;
    QStringList found;
    o.partition = texts.partition.value_or(o.partition);
    o.time = texts.time.value_or(o.time);
    o.gres = texts.gres.value_or(o.gres);
    if (texts.cpusPerTask)
        o.cpusPerTask = wholeIn(*texts.cpusPerTask, "cpus-per-task", 1, kMaxCpusPerTask, 1, &found);
    if (texts.nodes)
        o.nodes = wholeIn(*texts.nodes, "nodes", 1, kMaxNodes, 1, &found);
    if (texts.nproc)
        o.nproc = wholeIn(*texts.nproc, "nproc", 1, kMaxRanksPerNode, 1, &found);
    if (texts.sbatchArgs) {  // in place of the base's; an empty one (--sbatch-arg=) alone clears them
        o.sbatchArgs = *texts.sbatchArgs;
        o.sbatchArgs.removeAll(QString());
    }
    found << slurmOptionProblems(o);
    found.removeDuplicates();
    if (found.isEmpty())
        return o;
    problems->append(found);
    return std::nullopt;
}

QByteArray toJson(const SlurmOptions &o)
{
    const QJsonObject object{{"partition", o.partition}, {"time", o.time},       {"cpus_per_task", o.cpusPerTask},
                             {"gres", o.gres},           {"nodes", o.nodes},     {"nproc", o.nproc},
                             {"sbatch_args", QJsonArray::fromStringList(o.sbatchArgs)}};
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

std::optional<SlurmOptions> slurmOptionsFromJson(const QByteArray &json, QString *error)
{
    const QJsonDocument document = QJsonDocument::fromJson(json);
    const QJsonObject o = document.object();
    const auto text = [&](const char *key) { return o.value(QLatin1String(key)).toString(); };
    const auto whole = [&](const char *key, int fallback) { return o.value(QLatin1String(key)).toInt(fallback); };
    SlurmOptions options;
    bool typed = document.isObject();
    for (const char *key : {"partition", "time", "gres"})
        typed = typed && (!o.contains(QLatin1String(key)) || o.value(QLatin1String(key)).isString());
    for (const char *key : {"cpus_per_task", "nodes", "nproc"})
        typed = typed && (!o.contains(QLatin1String(key)) || o.value(QLatin1String(key)).isDouble());
    if (typed) {
        options = {text("partition"), text("time"), whole("cpus_per_task", 0), text("gres"),
                   whole("nodes", 1),  whole("nproc", 1), {}};
        for (const QJsonValue &arg : o.value(QLatin1String("sbatch_args")).toArray())
            options.sbatchArgs << arg.toString();
    }
    const QStringList problems = typed ? slurmOptionProblems(options) : QStringList();
    if (typed && problems.isEmpty())
        return options;
    if (error)
        *error = typed ? problems.join(QStringLiteral("; "))
                       : SlurmOptionsText::tr("the recorded Slurm options are not an object of partition, time, cpus_per_task, gres, "
                            "nodes, nproc and sbatch_args: %1")
                             .arg(QString::fromUtf8(json.left(200)));
    return std::nullopt;
}

} // namespace gatefold::slurm
