#pragma once

#include <QDialog>
#include <QProcess>
#include <QString>

#include <memory>

class QLabel;

namespace gatefold::widgets {

// Help → About: Gatefold's and Qt's versions, the engine and the run store in
// use; what the engine runs on (its LibTorch, its devices) comes from the
// engine itself, a `gatefold-cli --version --json` child (the window loads no
// LibTorch to learn it): "asking the engine…" until it answers, then its
// answer or why there is none (e.g. no engine at that path).
class AboutDialog : public QDialog
{
    Q_OBJECT
public:
    AboutDialog(QString enginePath, const QString &storeName, QWidget *parent = nullptr);
    ~AboutDialog() override;

    // What the dialog says about the engine.
    QString engineText() const;
    // Until the engine has answered (or could not).
    bool isAsking() const { return !m_answered; }

Q_SIGNALS:
    void answered(bool ok);

private:
    void ask();
    void childFinished(int exitCode, QProcess::ExitStatus status);
    void showAnswer(bool ok, const QString &text);

    QString m_enginePath;
    QLabel *m_engine;
    std::unique_ptr<QProcess> m_process;
    bool m_answered = false;
};

} // namespace gatefold::widgets
