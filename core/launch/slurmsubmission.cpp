#include "slurmsubmission.h"

#include "store/runstore.h"
#include "store/storelocation.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QRegularExpression>
#include <QUrl>

namespace gatefold::launch {
namespace {

struct SlurmSubmissionText {
    Q_DECLARE_TR_FUNCTIONS(SlurmSubmissionText)
};


const char *const kPostgresExample = "postgresql://USER@HOST/DATABASE?runs=/shared/gatefold";

QString nodeNames(const QList<slurm::SlurmNode> &nodes)
{
    QStringList names;
    for (const auto &n : nodes)
        names << n.name;
    return names.size() > 6 ? names.mid(0, 6).join(QStringLiteral(", ")) + QStringLiteral(", …")
                            : names.join(QStringLiteral(", "));
}

} // namespace

SlurmSubmission::SlurmSubmission(store::RunStore &store, const slurm::SlurmClient &client)
    : m_store(store)
    , m_client(client)
{
}

QString SlurmSubmission::storeRefusal(const store::StoreLocation &location, const slurm::SlurmOptions &options,
                                      const slurm::SlurmClient &client)
{
    if (location.isPostgres())
        return {};
    const QString what = SlurmSubmissionText::tr("the run store %1 is an SQLite file").arg(location.display());
    const QString todo = SlurmSubmissionText::tr("use a PostgreSQL store every node reaches, --store '%1' with runs= a folder on the file "
                            "system the nodes share (README, \"Run store\" and \"Cluster\"). Nothing was created")
                             .arg(QLatin1String(kPostgresExample));
    if (options.nodes > 1)
        return SlurmSubmissionText::tr("a run on %1 nodes needs a store every node reaches, and %2: SQLite over a network file system "
                  "corrupts (its locks do not hold there); %3.")
            .arg(options.nodes)
            .arg(what, todo);
    QString error;
    const auto nodes = client.partitionNodes(options.partition, &error);
    if (!nodes)
        return SlurmSubmissionText::tr("cannot tell whether the cluster is this machine alone (%1), and %2, which only a cluster of this "
                  "one machine may use; %3.")
            .arg(error, what, todo);
    for (const auto &node : *nodes)
        if (!node.isThisMachine())
            return SlurmSubmissionText::tr("the partition's nodes (%1) are not all this machine: a task may run on another one, and %2, "
                      "which must not be shared over a network file system (it corrupts); %3.")
                .arg(nodeNames(*nodes), what, todo);
    return {};
}

QStringList SlurmSubmission::storeNotices(const store::StoreLocation &location)
{
    QStringList notices;
    if (!location.isPostgres())
        return notices;
    if (!location.password.isEmpty())
        notices << SlurmSubmissionText::tr("the store URL holds a password; the script gets the URL without it, so the nodes need it in "
                      "~/.pgpass or $PGPASSWORD (sbatch passes your environment on)");
    if (!QUrl(location.given).query().contains(QLatin1String("runs=")))
        notices << SlurmSubmissionText::tr("the store URL has no runs=: each node keeps the runs' checkpoints and logs under %1 on its own "
                      "disk unless that folder is shared; add runs=/a/shared/folder to the URL")
                       .arg(QDir::toNativeSeparators(location.dataDir));
    return notices;
}

QString SlurmSubmission::storeForTasks(const store::StoreLocation &location)
{
    if (!location.isPostgres())
        return location.file;
    QString url = location.given;
    // postgresql://user:secret@host/… → postgresql://user@host/…
    url.replace(QRegularExpression(QStringLiteral("^(postgres(?:ql)?://[^:/@]*):[^@/]*@")), QStringLiteral("\\1@"));
    return url;
}

QString SlurmSubmission::sweepFolder(const store::RunStore &store, qint64 sweepId)
{
    return QDir(store.dataDirectory()).filePath(QStringLiteral("sweeps/%1").arg(sweepId));
}

std::optional<SlurmSubmitted> SlurmSubmission::submit(const SlurmBatch &batch, QString *error)
{
    if (const QString problem = slurm::SbatchScript::logDirectoryProblem(batch.folder); !problem.isEmpty()) {
        *error = problem;
        return std::nullopt;
    }
    const slurm::SbatchScript script({batch.jobName, batch.description, batch.madeBy, QDateTime::currentDateTime(),
                                      batch.cliPath, storeForTasks(m_store.location()), batch.runIds, batch.command,
                                      batch.options, batch.folder, batch.stopAtEpoch});
    SlurmSubmitted submitted;
    const auto path = script.writeInto(batch.folder, error);
    if (!path)
        return std::nullopt;
    submitted.scriptPath = *path;
    const auto jobId = m_client.submit(*path, error);
    if (!jobId)
        return std::nullopt;
    submitted.arrayJobId = *jobId;
    const QByteArray options = slurm::toJson(batch.options);
    for (size_t i = 0; i < batch.runIds.size(); ++i)
        submitted.jobs.push_back({0, batch.runIds[i], slurm::SbatchScript::taskJobId(*jobId, int(i)), *path, options,
                                  double(QDateTime::currentMSecsSinceEpoch()) / 1000.0});
    if (m_store.recordSlurmJobs(submitted.jobs))
        return submitted;
    QString cancelError;
    const bool cancelled = m_client.cancel({*jobId}, &cancelError);
    *error = SlurmSubmissionText::tr("Slurm accepted job %1, but the store could not record it (%2); %3")
                 .arg(*jobId, m_store.lastError(),
                      cancelled ? SlurmSubmissionText::tr("the job was cancelled again") : SlurmSubmissionText::tr("cancel it with `scancel %1` (%2)").arg(*jobId, cancelError));
    return std::nullopt;
}

} // namespace gatefold::launch
