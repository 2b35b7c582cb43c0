#pragma once

// gatefold-cli engines as child processes for the durability and integrity
// tests: a tiny run's settings, runs with extra environment, the JSON lines
// they print, and a run's metrics and checkpoint records read from the store.

#include "clirun.h"
#include "store/runstore.h"
#include "train/checkpointchoice.h"
#include "train/runexecution.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>

#include <functional>
#include <map>
#include <optional>
#include <vector>

namespace gatefold::test {

// A run of `epochs` epochs that trains in about a second each: 16 px, d 32, 2 blocks,
// 512 images, 16 steps per epoch, one thread.
inline QStringList tinyArgs(int epochs, const QStringList &extra = {})
{
    QStringList args;
    for (const QString &kv : QStringList{"img_size=16", "patch_size=4", "embed_dim=32", "depth=2", "num_heads=2",
                                         "mlp_ratio=2", "data.train_size=512", "data.val_size=64",
                                         "train.batch_size=32", "train.log_every=2", "compute.threads=1",
                                         QStringLiteral("train.epochs=%1").arg(epochs)}
                             + extra)
        args << "--set" << kv;
    return args;
}

// The child's environment with `extra` ("NAME=value") added.
inline QProcessEnvironment environmentWith(const QStringList &extra)
{
    auto env = QProcessEnvironment::systemEnvironment();
    for (const QString &kv : extra)
        env.insert(kv.section('=', 0, 0), kv.section('=', 1));
    return env;
}

// Like runCli, with extra environment; exitCode -1 when it crashed (e.g. a kill point's SIGKILL).
inline CliRun runCliWith(const QStringList &arguments, const QStringList &environment, int timeoutMs = 180000)
{
    QProcess process;
    process.setProcessEnvironment(environmentWith(environment));
    process.start(QStringLiteral(GATEFOLD_CLI_PATH), arguments);
    CliRun r;
    const bool finished = process.waitForFinished(timeoutMs);
    r.out = QString::fromUtf8(process.readAllStandardOutput());
    r.err = QString::fromUtf8(process.readAllStandardError());
    if (!finished) {
        process.kill();
        process.waitForFinished();
        return r;
    }
    r.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    return r;
}

inline std::vector<QJsonObject> jsonLines(const QString &out)
{
    std::vector<QJsonObject> lines;
    for (const QString &line : out.split('\n', Qt::SkipEmptyParts))
        lines.push_back(QJsonDocument::fromJson(line.toUtf8()).object());
    return lines;
}

// The run id a `train --json` child printed in its "created" line (0: none).
inline qint64 createdRun(const QString &out)
{
    for (const auto &o : jsonLines(out))
        if (o.value("event") == QLatin1String("created"))
            return o.value("run").toInteger();
    return 0;
}

// key@step → value of every metric of a run except timings.
inline std::map<QString, double> metricsOf(store::RunStore &s, qint64 run)
{
    std::map<QString, double> out;
    for (const QString &key : s.metricKeys(run))
        if (key != "train/images_per_s" && key != "data/wait_fraction" && key != "dist/comm_wait_fraction")
            for (const auto &p : s.metrics(run, key))
                out[QStringLiteral("%1@%2").arg(key).arg(p.step)] = p.value;
    return out;
}

// "" when `a` and `b` hold the same keys with bit-identical values, else the first difference.
inline QString differenceOf(const std::map<QString, double> &a, const std::map<QString, double> &b)
{
    for (const auto &[key, value] : a) {
        const auto it = b.find(key);
        if (it == b.end())
            return QStringLiteral("%1 is missing").arg(key);
        if (!(it->second == value))
            return QStringLiteral("%1: %2 vs %3").arg(key).arg(value, 0, 'g', 17).arg(it->second, 0, 'g', 17);
    }
    for (const auto &[key, value] : b)
        if (!a.count(key))
            return QStringLiteral("%1 is extra (%2)").arg(key).arg(value, 0, 'g', 17);
    return {};
}

// The checkpoint record of `kind`, if any.
inline std::optional<train::CheckpointChoice> checkpointRecord(store::RunStore &s, qint64 run, const QString &kind)
{
    const auto found = s.artifacts(run, kind);
    if (found.empty())
        return std::nullopt;
    return train::choiceOf(s, found.back());
}

} // namespace gatefold::test
