#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

namespace gatefold::json {

// The most a configuration file, grid, table spec or MLflow text may hold: far
// more than any real one, far less than /dev/zero.
constexpr qint64 kMaxTextBytes = qint64(16) << 20;

// The bytes of a text file a user named: `path`, or standard input for "-".
// nullopt with a sentence naming the file and what is wrong with it (missing,
// a folder, a device, a dangling or looping link, unreadable, empty, too
// large; userfile.h) and what to do. A fifo or a pipe (`--config <(gen)`) is
// read; a fifo nobody writes to reads as empty instead of blocking.
std::optional<QByteArray> readUserText(const QString &path, QString *error, qint64 maxBytes = kMaxTextBytes);

} // namespace gatefold::json
