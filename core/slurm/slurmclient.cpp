#include "slurmclient.h"

#include "slurmcommand.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QSet>
#include <QSysInfo>

namespace gatefold::slurm {
namespace {

struct SlurmClientText {
    Q_DECLARE_TR_FUNCTIONS(SlurmClientText)
};

// "12345" of "12345_3" (an array task) or of "12345".
QString baseJobId(const QString &jobId)
{
    return jobId.section(QLatin1Char('_'), 0, 0);
}

QStringList baseJobIds(const QStringList &jobIds)
{
    QStringList ids;
    for (const QString &id : jobIds)
        if (!ids.contains(baseJobId(id)))
            ids << baseJobId(id);
    return ids;
}

QStringList lines(const QString &text)
{
    return text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

// "key=value" of one `scontrol show node -o` line.
QString field(const QString &line, const QString &key)
{
    const auto match = QRegularExpression(QStringLiteral("(?:^|\\s)%1=(\\S*)").arg(key)).match(line);
    return match.hasMatch() ? match.captured(1) : QString();
}

} // namespace

bool SlurmNode::isThisMachine() const
{
    const QString full = QSysInfo::machineHostName();
    const QString shortName = full.section(QLatin1Char('.'), 0, 0);
    for (const QString &n : {name, hostName, address}) {
        if (n.isEmpty())
            continue;
        if (n == full || n == shortName || n.section(QLatin1Char('.'), 0, 0) == shortName)
            return true;
    }
    return address == QLatin1String("localhost") || address == QLatin1String("::1")
        || address.startsWith(QLatin1String("127."));
}

SlurmClient::SlurmClient(int timeoutMs)
    : m_timeoutMs(timeoutMs)
{
}

std::optional<QString> SlurmClient::submit(const QString &scriptPath, QString *error) const
{
    const CommandResult r = SlurmCommand::run(QStringLiteral("sbatch"), {QStringLiteral("--parsable"), scriptPath}, m_timeoutMs);
    if (!r.ok) {
        *error = r.error;
        return std::nullopt;
    }
    // --parsable: "12345" or "12345;cluster".
    const QString id = r.out.trimmed().section(QLatin1Char(';'), 0, 0);
    if (QRegularExpression(QStringLiteral("^\\d+$")).match(id).hasMatch())
        return id;
    *error = SlurmClientText::tr("sbatch answered '%1', not a job id; look at the cluster with `squeue --me`")
                 .arg(r.out.trimmed().left(200));
    return std::nullopt;
}

QHash<QString, JobState> SlurmClient::squeueStates(const QStringList &jobIds, QString *error, bool *asked) const
{
    QHash<QString, JobState> states;
    const CommandResult r = SlurmCommand::run(
        QStringLiteral("squeue"),
        {QStringLiteral("--noheader"), QStringLiteral("--states=all"), QStringLiteral("--array"),
         QStringLiteral("--jobs=%1").arg(baseJobIds(jobIds).join(QLatin1Char(','))), QStringLiteral("--format=%i|%T")},
        m_timeoutMs);
    // squeue refuses a list of jobs it has all forgotten ("Invalid job id specified"): none known.
    *asked = r.ok || (r.exitCode > 0 && r.err.contains(QLatin1String("Invalid job id")));
    if (!*asked) {
        *error = r.error;
        return states;
    }
    for (const QString &line : lines(r.out)) {
        const QString id = line.section(QLatin1Char('|'), 0, 0).trimmed();
        if (jobIds.contains(id))
            states.insert(id, jobStateFromSlurm(line.section(QLatin1Char('|'), 1)));
    }
    return states;
}

void SlurmClient::addAccountedStates(const QStringList &jobIds, QHash<QString, JobState> *states) const
{
    // Without an accounting daemon sacct fails ("Slurm accounting storage is disabled"): nothing to add.
    const CommandResult r = SlurmCommand::run(
        QStringLiteral("sacct"),
        {QStringLiteral("--noheader"), QStringLiteral("--parsable2"), QStringLiteral("--allocations"),
         QStringLiteral("--jobs=%1").arg(jobIds.join(QLatin1Char(','))), QStringLiteral("--format=JobID,State")},
        m_timeoutMs);
    if (!r.ok)
        return;
    for (const QString &line : lines(r.out)) {
        const QString id = line.section(QLatin1Char('|'), 0, 0).trimmed();
        if (jobIds.contains(id))
            states->insert(id, jobStateFromSlurm(line.section(QLatin1Char('|'), 1)));
    }
}

std::optional<QHash<QString, JobState>> SlurmClient::states(const QStringList &jobIds, QString *error) const
{
    if (jobIds.isEmpty())
        return QHash<QString, JobState>();
    bool asked = false;
    QHash<QString, JobState> states = squeueStates(jobIds, error, &asked);
    if (!asked)
        return std::nullopt;
    QStringList forgotten;
    for (const QString &id : jobIds)
        if (!states.contains(id))
            forgotten << id;
    if (!forgotten.isEmpty())
        addAccountedStates(forgotten, &states);
    for (const QString &id : jobIds)
        if (!states.contains(id))
            states.insert(id, JobState::Unknown);
    return states;
}

bool SlurmClient::cancel(const QStringList &jobIds, QString *error) const
{
    const CommandResult r = SlurmCommand::run(QStringLiteral("scancel"), jobIds, m_timeoutMs);
    if (!r.ok)
        *error = r.error;
    return r.ok;
}

std::optional<QString> SlurmClient::defaultPartition(QString *error) const
{
    const CommandResult r = SlurmCommand::run(QStringLiteral("sinfo"),
                                              {QStringLiteral("--noheader"), QStringLiteral("--format=%P")}, m_timeoutMs);
    if (!r.ok) {
        *error = r.error;
        return std::nullopt;
    }
    for (const QString &p : lines(r.out))
        if (p.trimmed().endsWith(QLatin1Char('*')))  // sinfo marks the default partition so
            return p.trimmed().chopped(1);
    *error = SlurmClientText::tr("the cluster has no default partition (`sinfo` marks none with *); give one with "
                                 "--partition");
    return std::nullopt;
}

std::optional<QList<SlurmNode>> SlurmClient::partitionNodes(const QString &partition, QString *error) const
{
    const auto name = partition.isEmpty() ? defaultPartition(error) : std::optional<QString>(partition.section(QLatin1Char(','), 0, 0));
    if (!name)
        return std::nullopt;
    const CommandResult listed = SlurmCommand::run(
        QStringLiteral("sinfo"), {QStringLiteral("--noheader"), QStringLiteral("--Node"),
                                  QStringLiteral("--partition=%1").arg(*name), QStringLiteral("--format=%N")},
        m_timeoutMs);
    if (!listed.ok) {
        *error = listed.error;
        return std::nullopt;
    }
    QList<SlurmNode> nodes;
    QSet<QString> seen;
    for (const QString &n : lines(listed.out)) {
        if (seen.contains(n.trimmed()))
            continue;
        seen.insert(n.trimmed());
        const CommandResult shown = SlurmCommand::run(
            QStringLiteral("scontrol"), {QStringLiteral("--oneliner"), QStringLiteral("show"), QStringLiteral("node"), n.trimmed()},
            m_timeoutMs);
        if (!shown.ok) {
            *error = shown.error;
            return std::nullopt;
        }
        nodes.append({n.trimmed(), field(shown.out, QStringLiteral("NodeHostName")), field(shown.out, QStringLiteral("NodeAddr"))});
    }
    if (nodes.isEmpty())
        *error = SlurmClientText::tr("the partition %1 has no nodes (`sinfo --partition=%1` lists none); give another "
                                     "with --partition")
                     .arg(*name);
    return nodes.isEmpty() ? std::nullopt : std::optional(nodes);
}

} // namespace gatefold::slurm
