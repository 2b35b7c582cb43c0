#include "sbatchscript.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

namespace gatefold::slurm {
namespace {

struct SbatchScriptText {
    Q_DECLARE_TR_FUNCTIONS(SbatchScriptText)
};

// One line of a comment: control characters (a name from the store) cannot end it.
QString commentText(const QString &text)
{
    QString out = text;
    for (QChar &c : out)
        if (c.category() == QChar::Other_Control || c == QChar::LineSeparator || c == QChar::ParagraphSeparator)
            c = QLatin1Char('?');
    return out;
}

QString commandWord(EngineCommand command)
{
    return command == EngineCommand::Resume ? QStringLiteral("resume") : QStringLiteral("train");
}

} // namespace

SbatchScript::SbatchScript(SbatchJob job)
    : m_job(std::move(job))
{
}

QString SbatchScript::shellQuoted(const QString &text)
{
    QString quoted = text;
    quoted.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

QString SbatchScript::logDirectoryProblem(const QString &directory)
{
    for (const QChar c : directory)
        if (c.isSpace() || c.category() == QChar::Other_Control || c == QLatin1Char('%') || c == QLatin1Char('"')
            || c == QLatin1Char('\''))
            return SbatchScriptText::tr("the folder %1, where the tasks' output goes, holds a space, a quote or '%', "
                                        "which an #SBATCH line cannot carry; keep the store (or its runs= folder) "
                                        "under a path without them")
                .arg(commentText(QDir::toNativeSeparators(directory)));
    return {};
}

QString SbatchScript::taskJobId(const QString &arrayJobId, int task)
{
    return QStringLiteral("%1_%2").arg(arrayJobId).arg(task);
}

QString SbatchScript::taskOutputPath(const QString &logDirectory, const QString &taskJobId)
{
    return QDir(logDirectory).filePath(QStringLiteral("slurm-%1.out").arg(taskJobId));  // %A_%a of --output
}

QStringList SbatchScript::header() const
{
    const SlurmOptions &o = m_job.options;
    const QString layout = o.distributed()
        ? QStringLiteral("as %1 node(s) x %2 rank(s), started by srun (data-parallel)").arg(o.nodes).arg(o.nproc)
        : QStringLiteral("as one engine process");
    return {
        QStringLiteral("#!/bin/bash"),
        QStringLiteral("# Gatefold: %1. A Slurm job array, one task per run.").arg(commentText(m_job.description)),
        QStringLiteral("# Made by %1, %2.")
            .arg(commentText(m_job.madeBy), m_job.made.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss 'UTC'"))),
        QStringLiteral("# Store: %1").arg(commentText(m_job.store)),
        QStringLiteral("# Task i runs `gatefold-cli %1 --run RUNS[i]%3` %2.")
            .arg(commandWord(m_job.command), layout,
                 m_job.stopAtEpoch > 0 ? QStringLiteral(" --stop-at-epoch %1").arg(m_job.stopAtEpoch) : QString()),
        QStringLiteral("# The engine claims its run in the store and ends it finished, failed or cancelled; rank 0"),
        QStringLiteral("# alone writes the store and the checkpoints. scancel sends SIGTERM: the engine saves a"),
        QStringLiteral("# checkpoint and ends cancelled (resumable). Each task's output: slurm-<job>_<task>.out/.err."),
        QStringLiteral("# State: gatefold-cli runs list. Cancel: gatefold-cli runs cancel ID. Again: gatefold-cli"),
        QStringLiteral("# resume --run ID --slurm. Submitted by Gatefold with sbatch --parsable."),
    };
}

QStringList SbatchScript::directives() const
{
    const SlurmOptions &o = m_job.options;
    const QString logs = QDir(m_job.logDirectory).filePath(QStringLiteral("slurm-%A_%a"));
    QStringList lines = {
        QStringLiteral("#SBATCH --job-name=%1").arg(m_job.jobName),
        QStringLiteral("#SBATCH --array=0-%1").arg(qsizetype(m_job.runIds.size()) - 1),
        QStringLiteral("#SBATCH --output=%1.out").arg(logs),
        QStringLiteral("#SBATCH --error=%1.err").arg(logs),
        QStringLiteral("#SBATCH --nodes=%1").arg(o.nodes),
        o.distributed() ? QStringLiteral("#SBATCH --ntasks-per-node=%1").arg(o.nproc) : QStringLiteral("#SBATCH --ntasks=1"),
    };
    if (!o.partition.isEmpty())
        lines << QStringLiteral("#SBATCH --partition=%1").arg(o.partition);
    if (!o.time.isEmpty())
        lines << QStringLiteral("#SBATCH --time=%1").arg(o.time);
    if (o.cpusPerTask > 0)
        lines << QStringLiteral("#SBATCH --cpus-per-task=%1").arg(o.cpusPerTask);
    if (!o.gres.isEmpty())
        lines << QStringLiteral("#SBATCH --gres=%1").arg(o.gres);
    for (const QString &arg : o.sbatchArgs)
        lines << QStringLiteral("#SBATCH %1").arg(arg);
    return lines;
}

QStringList SbatchScript::body() const
{
    QStringList ids;
    for (qint64 id : m_job.runIds)
        ids << QString::number(id);
    QString engine = QStringLiteral("\"$GATEFOLD_CLI\" %1 --run \"$RUN\" --store \"$GATEFOLD_STORE\" --json")
                         .arg(commandWord(m_job.command));
    if (m_job.stopAtEpoch > 0)
        engine += QStringLiteral(" --stop-at-epoch %1").arg(m_job.stopAtEpoch);
    QStringList lines = {
        QString(),
        QStringLiteral("set -eu"),
        QStringLiteral("GATEFOLD_CLI=%1").arg(shellQuoted(m_job.cliPath)),
        QStringLiteral("GATEFOLD_STORE=%1").arg(shellQuoted(m_job.store)),
        QStringLiteral("RUNS=(%1)").arg(ids.join(QLatin1Char(' '))),
        QStringLiteral("RUN=${RUNS[$SLURM_ARRAY_TASK_ID]}"),
        QStringLiteral("if [ ! -x \"$GATEFOLD_CLI\" ]; then"),
        QStringLiteral("    echo \"gatefold: $GATEFOLD_CLI is not on $(hostname); install Gatefold at the same path on "
                       "every node\" >&2"),
        QStringLiteral("    exit 1"),
        QStringLiteral("fi"),
    };
    if (!m_job.options.distributed())
        return lines << QStringLiteral("exec %1").arg(engine);
    // The ranks' rendezvous (c10d TCPStore on rank 0): the first node, and a port that differs for
    // the tasks of one array running at once (task ids differ) and, mostly, between arrays.
    return lines << QStringLiteral("export MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n1)")
                 << QStringLiteral("export MASTER_PORT=$(( 20000 + (${SLURM_ARRAY_JOB_ID:-$SLURM_JOB_ID} * 7919 + "
                                   "${SLURM_ARRAY_TASK_ID:-0}) % 20000 ))")
                 << QStringLiteral("# srun (Slurm 22.05 and later) does not take --cpus-per-task from sbatch by itself")
                 << QStringLiteral("export SRUN_CPUS_PER_TASK=${SLURM_CPUS_PER_TASK:-1}")
                 << QStringLiteral("srun %1").arg(engine);
}

QString SbatchScript::text() const
{
    return (header() + directives() + body()).join(QLatin1Char('\n')) + QLatin1Char('\n');
}

std::optional<QString> SbatchScript::writeInto(const QString &directory, QString *error) const
{
    if (!QDir().mkpath(directory)) {
        *error = SbatchScriptText::tr("cannot make the folder %1 for the sbatch script; check that it may be written")
                     .arg(QDir::toNativeSeparators(directory));
        return std::nullopt;
    }
    int n = 1;
    QString path;
    do
        path = QDir(directory).filePath(QStringLiteral("slurm-%1.sbatch").arg(n++));
    while (QFileInfo::exists(path) || QFileInfo(path).isSymLink());
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text().toUtf8()) < 0 || !file.commit()) {
        *error = SbatchScriptText::tr("cannot write the sbatch script %1: %2")
                     .arg(QDir::toNativeSeparators(path), file.errorString());
        return std::nullopt;
    }
    return path;
}

} // namespace gatefold::slurm
