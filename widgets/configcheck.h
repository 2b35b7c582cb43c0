#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QProcess>
#include <QString>
#include <QTimer>

#include <memory>

namespace gatefold::widgets {

// The checks `gatefold-cli train` runs before it creates a run — the config,
// the data (path, channels, classes, split sizes), the memory the model and a
// batch need — run on the form's config by the engine itself:
// `gatefold-cli config --config - --check --json` as a child process (the
// window loads neither the data nor LibTorch for it). Requests are debounced;
// a request made while one is checked kills that check, so no stale answer
// is ever shown.
class ConfigCheck : public QObject
{
    Q_OBJECT
public:
    struct Finding {
        QString key;      // the setting it is about ("data.path"), or empty
        QString message;  // what is wrong and what to do, in the engine's words
    };
    struct Result {
        bool ok = false;
        QList<Finding> problems;  // the CLI would refuse the config
        QList<Finding> warnings;  // it would train, but look
        QJsonObject data;         // name, classes, channels, train, val
        QJsonObject resources;    // parameters, activation_bytes, checkpoint_bytes, memory_limit_bytes
    };

    explicit ConfigCheck(QString enginePath, QObject *parent = nullptr);
    ~ConfigCheck() override;

    // Checks `configJson` (a whole run config) once edits pause.
    void request(const QByteArray &configJson);
    // Forgets what was requested (e.g. the form has problems of its own): nothing is current.
    void clear();
    // The config last requested has been checked: result() is about it.
    bool isCurrent() const { return m_current; }
    bool isChecking() const { return !m_current && !m_requested.isEmpty(); }
    const Result &result() const { return m_result; }
    QString enginePath() const { return m_enginePath; }
    // The run store the checks look in (for distill.teacher's run); empty: the engine's default.
    void setStorePath(const QString &storePath) { m_storePath = storePath; }
    // How long edits must pause before a check starts (ms); tests set 0.
    void setDelay(int ms) { m_debounce.setInterval(ms); }

    // Reads the command's answer; problems name what went wrong when it is not one.
    static Result parse(int exitCode, QProcess::ExitStatus status, const QByteArray &out, const QByteArray &err,
                        const QString &enginePath);

Q_SIGNALS:
    void checking();
    void checked(const gatefold::widgets::ConfigCheck::Result &result);

private:
    void startCheck();
    void stopCheck();
    void answered(int exitCode, QProcess::ExitStatus status);

    QString m_enginePath;
    QString m_storePath;
    QTimer m_debounce;
    QByteArray m_requested;  // the config to check (the latest request)
    QByteArray m_checking;   // the config the running process checks
    std::unique_ptr<QProcess> m_process;
    Result m_result;
    bool m_current = false;
};

} // namespace gatefold::widgets
