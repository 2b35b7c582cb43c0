#pragma once

// What the kill test aims by: inotify on a folder tree (the store's folder,
// the run directories, an export folder as they appear). The moment a file is
// renamed into place or the store's -wal is written, the tool learns it within
// microseconds and can SIGKILL the writer in the window that follows.

#include <QString>

#include <cstdint>
#include <functional>
#include <map>
#include <optional>

namespace gatefold::killtest {

struct FileEvent {
    enum Kind { Created, Written, Closed, MovedIn, Deleted };
    Kind kind;
    QString path;  // absolute
    QString name() const;
};

QString toString(FileEvent::Kind kind);

class FileEvents
{
public:
    FileEvents();
    ~FileEvents();
    FileEvents(const FileEvents &) = delete;
    FileEvents &operator=(const FileEvents &) = delete;

    // Watches `dir` and every folder that exists or appears below it.
    void watchTree(const QString &dir);
    // The next event `match` accepts, within `timeoutMs`; nullopt on timeout
    // or as soon as `giveUp()` says so (checked every few milliseconds).
    std::optional<FileEvent> waitFor(const std::function<bool(const FileEvent &)> &match, int timeoutMs,
                                     const std::function<bool()> &giveUp);
    // Forgets the events that happened so far.
    void drain();

private:
    void addWatch(const QString &dir);
    // Reads what is pending; calls `seen` for each event (false stops).
    bool readPending(const std::function<bool(const FileEvent &)> &seen);

    int m_fd = -1;
    std::map<int, QString> m_dirs;  // watch descriptor → folder
};

} // namespace gatefold::killtest
