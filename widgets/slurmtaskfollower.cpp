#include "slurmtaskfollower.h"

#include "launch/engineevents.h"
#include "slurm/sbatchscript.h"

#include <QFile>
#include <QFileInfo>

#include <algorithm>

namespace gatefold::widgets {
namespace {

constexpr qint64 kFirstRead = 64 * 1024;  // a long task's output: its last progress lies near the end

} // namespace

SlurmTaskFollower::SlurmTaskFollower(QObject *parent)
    : QObject(parent)
{
}

void SlurmTaskFollower::follow(const std::map<qint64, store::SlurmJob> &running)
{
    for (auto it = m_tails.begin(); it != m_tails.end();)
        it = running.count(it->first) ? std::next(it) : m_tails.erase(it);
    for (const auto &[runId, job] : running) {
        const QString path = slurm::SbatchScript::taskOutputPath(QFileInfo(job.script).path(), job.jobId);
        Tail &tail = m_tails[runId];
        if (tail.path != path)  // submitted again: a new task, a new file
            tail = Tail{path, -1, {}};
        read(runId, tail);
    }
}

void SlurmTaskFollower::read(qint64 runId, Tail &tail)
{
    QFile file(tail.path);
    if (!file.open(QIODevice::ReadOnly))
        return;  // not written yet (the task waits), or not on a file system this machine sees
    const bool first = tail.offset < 0;
    if (first)
        tail.offset = std::max<qint64>(0, file.size() - kFirstRead);
    const qint64 from = tail.offset;
    file.seek(tail.offset);
    QByteArray bytes = tail.pending + file.readAll();
    tail.offset = file.pos();
    const qsizetype end = bytes.lastIndexOf('\n');
    tail.pending = bytes.mid(end + 1);
    bytes.truncate(end + 1);
    if (first && from > 0 && bytes.contains('\n'))
        bytes.remove(0, bytes.indexOf('\n') + 1);  // started inside a line
    std::optional<launch::RunProgress> last;
    for (const QByteArray &line : bytes.split('\n')) {
        const auto event = line.isEmpty() ? std::nullopt : launch::parseEventLine(line);
        if (const auto *progress = event ? std::get_if<launch::ProgressEvent>(&*event) : nullptr)
            if (progress->run == runId)
                last = *progress;
    }
    if (last)
        Q_EMIT progressed(runId, *last);
}

} // namespace gatefold::widgets
