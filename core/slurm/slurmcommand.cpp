#include "slurmcommand.h"

#include <QCoreApplication>
#include <QProcess>
#include <QStandardPaths>

namespace gatefold::slurm {
namespace {

struct SlurmCommandText {
    Q_DECLARE_TR_FUNCTIONS(SlurmCommandText)
};


// stderr as a message shows it: its lines joined, not endless.
QString said(const QByteArray &bytes)
{
    QString text = QString::fromLocal8Bit(bytes).trimmed();
    text.replace(QLatin1Char('\n'), QStringLiteral(" / "));
    return text.size() > 600 ? text.left(600) + QStringLiteral("…") : text;
}

} // namespace

QString SlurmCommand::shown(const QString &program, const QStringList &arguments)
{
    QStringList words{program};
    for (const QString &a : arguments)
        words << (a.contains(QLatin1Char(' ')) || a.isEmpty() ? QStringLiteral("'%1'").arg(a) : a);
    return words.join(QLatin1Char(' '));
}

CommandResult SlurmCommand::run(const QString &program, const QStringList &arguments, int timeoutMs)
{
    CommandResult r;
    const QString path = QStandardPaths::findExecutable(program);
    if (path.isEmpty()) {
        r.error = SlurmCommandText::tr("%1 not found: install slurm-client (Debian: apt-get install slurm-client) or run on a login "
                     "node of the cluster, where the Slurm commands are")
                      .arg(program);
        return r;
    }
    QProcess process;
    process.start(path, arguments);
    if (!process.waitForStarted(timeoutMs)) {
        r.error = SlurmCommandText::tr("%1 could not be started: %2").arg(program, process.errorString());
        return r;
    }
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished(5000);
        r.error = SlurmCommandText::tr("`%1` did not answer within %2 s and was stopped; the Slurm controller may be down or busy "
                     "(`scontrol ping` says), try again")
                      .arg(shown(program, arguments))
                      .arg(timeoutMs / 1000.0, 0, 'g', 3);
        return r;
    }
    r.out = QString::fromLocal8Bit(process.readAllStandardOutput());
    r.err = said(process.readAllStandardError());
    if (process.exitStatus() != QProcess::NormalExit) {
        r.error = SlurmCommandText::tr("`%1` crashed: %2").arg(shown(program, arguments), r.err);
        return r;
    }
    r.exitCode = process.exitCode();
    r.ok = r.exitCode == 0;
    if (!r.ok)
        r.error = SlurmCommandText::tr("`%1` failed (exit %2): %3")
                      .arg(shown(program, arguments))
                      .arg(r.exitCode)
                      .arg(r.err.isEmpty() ? SlurmCommandText::tr("it said nothing on stderr") : r.err);
    return r;
}

} // namespace gatefold::slurm
