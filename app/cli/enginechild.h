#pragma once

#include "sweepprinter.h"

#include <QByteArray>
#include <QProcess>
#include <QString>
#include <QStringList>

#include <memory>

namespace gatefold::cli {

// One engine a sweep started for one of its runs (`gatefold-cli train|resume --run ID --json …`),
// followed through its JSON lines: forwarded by the printer, its end event kept.
class EngineChild
{
public:
    EngineChild(qint64 runId, QString label);
    EngineChild(EngineChild &&) = default;
    EngineChild &operator=(EngineChild &&) = default;

    // Starts this program with `arguments`; false with `error` when it cannot start.
    bool start(const QStringList &arguments, QString *error);
    // Reads what it wrote, waiting up to `waitMs` for more; true once it has exited and all is read.
    bool follow(const SweepPrinter &printer, int waitMs);
    void terminate();  // SIGTERM: the engine saves and ends as cancelled

    qint64 runId() const { return m_runId; }
    const QString &label() const { return m_label; }
    // From its end event; "crashed" when it died without one (or not normally).
    QString status() const;
    const QString &message() const { return m_message; }
    int exitCode() const;

private:
    void drain(const SweepPrinter &printer);

    qint64 m_runId = 0;
    QString m_label;
    std::unique_ptr<QProcess> m_process;
    QByteArray m_pending;  // a line not read to its end yet
    QString m_status;
    QString m_message;
};

} // namespace gatefold::cli
