#include "killtestwatch.h"

#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>

#include <poll.h>
#include <sys/inotify.h>
#include <unistd.h>

namespace gatefold::killtest {

QString FileEvent::name() const
{
    return QFileInfo(path).fileName();
}

QString toString(FileEvent::Kind kind)
{
    switch (kind) {
    case FileEvent::Created: return QStringLiteral("created");
    case FileEvent::Written: return QStringLiteral("written");
    case FileEvent::Closed: return QStringLiteral("closed");
    case FileEvent::MovedIn: return QStringLiteral("renamed into place");
    case FileEvent::Deleted: return QStringLiteral("deleted");
    }
    return {};
}

FileEvents::FileEvents()
    : m_fd(inotify_init1(IN_NONBLOCK | IN_CLOEXEC))
{
}

FileEvents::~FileEvents()
{
    if (m_fd >= 0)
        close(m_fd);
}

void FileEvents::addWatch(const QString &dir)
{
    for (const auto &[wd, path] : m_dirs)
        if (path == dir)
            return;
    const int wd = inotify_add_watch(m_fd, QFile::encodeName(dir).constData(),
                                     IN_CREATE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE | IN_ONLYDIR);
    if (wd >= 0)
        m_dirs[wd] = dir;
}

void FileEvents::watchTree(const QString &dir)
{
    QDir().mkpath(dir);
    addWatch(QFileInfo(dir).absoluteFilePath());
    QDirIterator it(dir, QDir::Dirs | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext())
        addWatch(QFileInfo(it.next()).absoluteFilePath());
}

bool FileEvents::readPending(const std::function<bool(const FileEvent &)> &seen)
{
    alignas(inotify_event) char buffer[64 * 1024];
    for (;;) {
        const ssize_t n = read(m_fd, buffer, sizeof buffer);
        if (n <= 0)
            return true;
        for (char *p = buffer; p < buffer + n;) {
            const auto *e = reinterpret_cast<const inotify_event *>(p);
            p += sizeof(inotify_event) + e->len;
            const auto dir = m_dirs.find(e->wd);
            if (dir == m_dirs.end() || e->len == 0)
                continue;
            FileEvent event;
            event.path = dir->second + '/' + QFile::decodeName(e->name);
            if ((e->mask & IN_ISDIR) && (e->mask & (IN_CREATE | IN_MOVED_TO)))
                watchTree(event.path);  // a run directory appears: watch it before anything is written there
            if (e->mask & IN_MOVED_TO)
                event.kind = FileEvent::MovedIn;
            else if (e->mask & IN_CREATE)
                event.kind = FileEvent::Created;
            else if (e->mask & IN_CLOSE_WRITE)
                event.kind = FileEvent::Closed;
            else if (e->mask & IN_MODIFY)
                event.kind = FileEvent::Written;
            else
                event.kind = FileEvent::Deleted;
            if (!seen(event))
                return false;
        }
    }
}

std::optional<FileEvent> FileEvents::waitFor(const std::function<bool(const FileEvent &)> &match, int timeoutMs,
                                             const std::function<bool()> &giveUp)
{
    QElapsedTimer clock;
    clock.start();
    std::optional<FileEvent> found;
    for (;;) {
        readPending([&](const FileEvent &e) {
            if (match(e)) {
                found = e;
                return false;
            }
            return true;
        });
        if (found || clock.elapsed() > timeoutMs || giveUp())
            return found;
        pollfd pfd{m_fd, POLLIN, 0};
        poll(&pfd, 1, 5);
    }
}

void FileEvents::drain()
{
    readPending([](const FileEvent &) { return true; });
}

} // namespace gatefold::killtest
