#pragma once

#include <QString>

#include <exception>

namespace gatefold::train {

// What an exception that escaped LibTorch, the allocator or the C++ library
// means to a person, in one sentence without LibTorch's backtrace: "out of
// memory (…)", or the first line of its message. `detail` (if given) gets
// the whole text for the engine log.
QString describeFailure(const std::exception &e, QString *detail = nullptr);
bool isOutOfMemory(const std::exception &e);

// The engine log that failures are written to: <run dir>/engine.log while a
// run is executed (the window's log of that run), else
// <user data dir>/gatefold/engine.log.
void setEngineLogFile(const QString &path);
QString engineLogFile();
// Appends "<time> <context>: <detail>" to it; false if it cannot be written.
bool logEngineDetail(const QString &context, const QString &detail);

// The run this process executes (set while executeRun holds it), so that a
// failure no handler caught (std::terminate on another thread) can still mark
// it failed through a connection of its own.
void setCurrentRun(const QString &storePath, qint64 runId);
void markCurrentRunFailed(const QString &reason);

} // namespace gatefold::train
