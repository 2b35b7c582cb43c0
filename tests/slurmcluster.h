#pragma once

// A private Slurm cluster of this one machine for the tests (and bench/bench_slurm): munged,
// slurmctld and slurmd of Debian's slurm-wlm and munge packages, configured in a temporary folder
// on free ports (TOOLCHAIN.md §11), started in the foreground as children that die with this
// process (PR_SET_PDEATHSIG), and stopped — jobs cancelled, every process that carries this
// cluster's SLURM_CONF in its environment (the daemons, slurmstepd, the tasks' engines) killed by
// its pid, the daemons by their pid files — by stop() or the destructor, also when a test fails.

#include "freeport.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QThread>

#include <csignal>
#include <memory>
#include <pwd.h>
#include <sys/prctl.h>
#include <unistd.h>

namespace gatefold::test {

class SlurmCluster
{
public:
    SlurmCluster() = default;
    SlurmCluster(const SlurmCluster &) = delete;
    SlurmCluster &operator=(const SlurmCluster &) = delete;
    ~SlurmCluster() { stop(); }

    // The programs a cluster needs that are not installed (empty: all are): a reason to skip.
    static QStringList missingPrograms()
    {
        QStringList missing;
        for (const char *program : {"munged", "slurmctld", "slurmd", "sbatch", "squeue", "scancel", "sinfo", "scontrol"})
            if (find(QString::fromLatin1(program)).isEmpty())
                missing << QString::fromLatin1(program);
        return missing;
    }

    // Starts the cluster with `cpus` CPUs on its node (more than the machine has is allowed: the
    // node's configuration overrides what slurmd finds), in partition "debug", plus a partition
    // "far" whose only node is not this machine (it never answers). The main scheduler looks at
    // pending jobs every second (Slurm's default: every 60 s), so a task waiting for a CPU starts as
    // soon as one is free. Empty on success, else what failed and the daemons' logs.
    QString start(int cpus = 2)
    {
        if (!m_dir.isValid())
            return QStringLiteral("cannot create a temporary folder");
        m_host = QSysInfo::machineHostName().section(QLatin1Char('.'), 0, 0);
        // munged wants everyone to reach its socket's folder (execute permission for all).
        QFile::setPermissions(m_dir.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner
                                                | QFileDevice::ReadGroup | QFileDevice::ExeGroup | QFileDevice::ReadOther
                                                | QFileDevice::ExeOther);
        QDir(m_dir.path()).mkpath(QStringLiteral("state"));
        QDir(m_dir.path()).mkpath(QStringLiteral("spool"));
        QString why = startMunge();
        if (why.isEmpty())
            why = writeConfig(cpus);
        if (why.isEmpty())
            why = startDaemon(m_ctld, QStringLiteral("slurmctld"), {QStringLiteral("-D"), QStringLiteral("-f"), conf()});
        if (why.isEmpty())
            why = startDaemon(m_slurmd, QStringLiteral("slurmd"),
                              {QStringLiteral("-D"), QStringLiteral("-f"), conf(), QStringLiteral("-N"), m_host});
        if (why.isEmpty())
            why = waitForIdleNode();
        return why.isEmpty() ? why : why + QStringLiteral("\n") + logs();
    }

    // Cancels every job, then ends every process of this cluster (safe to call twice).
    void stop()
    {
        if (!m_started)
            return;
        m_started = false;
        if (m_ctld && m_ctld->state() == QProcess::Running)
            run(QStringLiteral("scancel"), {QStringLiteral("--user=%1").arg(userName())}, nullptr, 5000);
        QThread::msleep(300);
        for (int pass = 0; pass < 2; ++pass) {  // tasks and steps first, then whatever they left
            for (qint64 pid : processesOfThisCluster())
                ::kill(pid_t(pid), pass == 0 ? SIGTERM : SIGKILL);
            QThread::msleep(pass == 0 ? 500 : 100);
        }
        for (const char *file : {"slurmd.pid", "slurmctld.pid", "munged.pid"})
            killByPidFile(m_dir.filePath(QString::fromLatin1(file)), mark());
        for (auto *process : {&m_slurmd, &m_ctld, &m_munged})
            if (*process && !(*process)->waitForFinished(5000))
                (*process)->kill();
    }

    QString conf() const { return m_dir.filePath(QStringLiteral("slurm.conf")); }
    QString folder() const { return m_dir.path(); }
    QString host() const { return m_host; }

    // Runs a Slurm command against this cluster; its exit code (-1: did not run), output in `out`.
    int run(const QString &program, const QStringList &arguments, QString *out, int timeoutMs = 30000) const
    {
        QProcess p;
        p.setProcessEnvironment(environment());
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(find(program), arguments);
        const bool done = p.waitForFinished(timeoutMs);
        if (!done)
            p.kill();
        if (out)
            *out = QString::fromLocal8Bit(p.readAll());
        return done && p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    }

    QProcessEnvironment environment() const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("SLURM_CONF"), conf());
        return env;
    }

    // The daemons' logs, for a message when something failed.
    QString logs() const
    {
        QString text;
        for (const char *file : {"munged.out", "munged.log", "slurmctld.out", "ctld.log", "slurmd.out", "d.log"}) {
            QFile f(m_dir.filePath(QString::fromLatin1(file)));
            if (f.open(QIODevice::ReadOnly))
                text += QStringLiteral("--- %1 (end)\n%2\n").arg(QLatin1String(file),
                                                                 QString::fromLocal8Bit(f.readAll().right(1500)));
        }
        return text;
    }

private:
    static QString find(const QString &program)
    {
        QString path = QStandardPaths::findExecutable(program);
        if (path.isEmpty())
            path = QStandardPaths::findExecutable(program, {QStringLiteral("/usr/sbin"), QStringLiteral("/sbin")});
        return path;
    }

    static QString userName()
    {
        const passwd *pw = ::getpwuid(::getuid());
        return pw ? QString::fromLocal8Bit(pw->pw_name) : QString::number(::getuid());
    }

    QString startMunge()
    {
        QFile key(m_dir.filePath(QStringLiteral("munge.key")));
        QFile random(QStringLiteral("/dev/urandom"));
        if (!key.open(QIODevice::WriteOnly) || !random.open(QIODevice::ReadOnly) || key.write(random.read(1024)) != 1024)
            return QStringLiteral("cannot write the munge key");
        key.close();
        key.setPermissions(QFileDevice::ReadOwner);
        const QString d = m_dir.path();
        return startDaemon(m_munged, QStringLiteral("munged"),
                           {QStringLiteral("--foreground"), QStringLiteral("--key-file=%1/munge.key").arg(d),
                            QStringLiteral("--socket=%1/munge.socket").arg(d),
                            QStringLiteral("--pid-file=%1/munged.pid").arg(d),
                            QStringLiteral("--log-file=%1/munged.log").arg(d),
                            QStringLiteral("--seed-file=%1/munge.seed").arg(d)});
    }

    QString writeConfig(int cpus) const
    {
        const int ctldPort = freeLocalPort();
        int slurmdPort = freeLocalPort();
        while (slurmdPort == ctldPort)
            slurmdPort = freeLocalPort();
        if (ctldPort == 0 || slurmdPort == 0)
            return QStringLiteral("no free TCP ports on 127.0.0.1");
        const QString d = m_dir.path();
        const QString text = QStringLiteral(
            "ClusterName=gftest\nSlurmctldHost=%1(127.0.0.1)\nSlurmUser=%2\nSlurmdUser=%2\n"
            "SlurmctldPort=%3\nSlurmdPort=%4\nAuthType=auth/munge\nAuthInfo=socket=%5/munge.socket\n"
            "StateSaveLocation=%5/state\nSlurmdSpoolDir=%5/spool\nSlurmctldPidFile=%5/slurmctld.pid\n"
            "SlurmdPidFile=%5/slurmd.pid\nSlurmctldLogFile=%5/ctld.log\nSlurmdLogFile=%5/d.log\n"
            "ProctrackType=proctrack/linuxproc\nTaskPlugin=task/none\nSchedulerType=sched/backfill\n"
            "SelectType=select/cons_tres\nSelectTypeParameters=CR_Core\nReturnToService=2\nMpiDefault=none\n"
            "JobAcctGatherType=jobacct_gather/none\nAccountingStorageType=accounting_storage/none\n"
            "SlurmdParameters=config_overrides\nSchedulerParameters=sched_interval=1\nKillWait=20\n"
            "NodeName=%1 NodeAddr=127.0.0.1 CPUs=%6 RealMemory=1000 State=UNKNOWN\n"
            "NodeName=gfghost NodeAddr=192.0.2.1 CPUs=1 RealMemory=1000 State=DOWN Reason=elsewhere\n"
            "PartitionName=debug Nodes=%1 Default=YES MaxTime=INFINITE State=UP\n"
            "PartitionName=far Nodes=gfghost MaxTime=INFINITE State=UP\n")
                                 .arg(m_host, userName())
                                 .arg(ctldPort)
                                 .arg(slurmdPort)
                                 .arg(d)
                                 .arg(cpus);
        QFile file(conf());
        if (!file.open(QIODevice::WriteOnly) || file.write(text.toUtf8()) < 0)
            return QStringLiteral("cannot write %1").arg(conf());
        return {};
    }

    // A daemon in the foreground, a child that gets SIGTERM when this process dies.
    QString startDaemon(std::unique_ptr<QProcess> &process, const QString &program, const QStringList &arguments)
    {
        process = std::make_unique<QProcess>();
        process->setProcessEnvironment(environment());
        process->setProcessChannelMode(QProcess::MergedChannels);
        process->setStandardOutputFile(m_dir.filePath(program + QStringLiteral(".out")));
        process->setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGTERM); });
        process->start(find(program), arguments);
        m_started = true;
        if (!process->waitForStarted(10000))
            return QStringLiteral("%1 did not start: %2").arg(program, process->errorString());
        if (process->waitForFinished(program == QLatin1String("munged") ? 1000 : 300))
            return QStringLiteral("%1 exited at once (exit %2)").arg(program).arg(process->exitCode());
        return {};
    }

    QString waitForIdleNode() const
    {
        QElapsedTimer waited;
        waited.start();
        QString out;
        while (waited.elapsed() < 30000) {
            if (run(QStringLiteral("sinfo"), {QStringLiteral("--noheader"), QStringLiteral("--partition=debug"),
                                               QStringLiteral("--format=%T")},
                    &out)
                    == 0
                && out.trimmed() == QLatin1String("idle"))
                return {};
            QThread::msleep(250);
        }
        return QStringLiteral("the node did not become idle within 30 s (sinfo: %1)").arg(out.trimmed());
    }

    // What the environment of every process of this cluster holds (the daemons got it from
    // start(), the tasks from the sbatch that submitted them, which the tests run with it).
    QByteArray mark() const { return "SLURM_CONF=" + conf().toLocal8Bit(); }

    static bool carries(qint64 pid, const QByteArray &mark)
    {
        QFile environ(QStringLiteral("/proc/%1/environ").arg(pid));
        return environ.open(QIODevice::ReadOnly) && environ.readAll().split('\0').contains(mark);
    }

    // Every process of this cluster but this one.
    QList<qint64> processesOfThisCluster() const
    {
        QList<qint64> pids;
        for (const QString &entry : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            bool ok = false;
            const qint64 pid = entry.toLongLong(&ok);
            if (ok && pid != ::getpid() && carries(pid, mark()))
                pids << pid;
        }
        return pids;
    }

    // The daemon a pid file names, if that pid is still one of this cluster's (never a reused pid).
    static void killByPidFile(const QString &path, const QByteArray &mark)
    {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return;
        const qint64 pid = file.readAll().trimmed().toLongLong();
        if (pid > 1 && pid != ::getpid() && carries(pid, mark))
            ::kill(pid_t(pid), SIGKILL);
    }

    QTemporaryDir m_dir;
    QString m_host;
    bool m_started = false;
    std::unique_ptr<QProcess> m_munged;
    std::unique_ptr<QProcess> m_ctld;
    std::unique_ptr<QProcess> m_slurmd;
};

} // namespace gatefold::test
