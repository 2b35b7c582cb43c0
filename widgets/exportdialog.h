#pragma once

#include <QDialog>
#include <QJsonObject>
#include <QProcess>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTextBrowser;

namespace gatefold::widgets {

// Run ▸ Export model…: folds, verifies and writes the selected run's
// checkpoint as TorchScript, ONNX and/or safetensors + config by running
// `gatefold-cli export --json` as a child process (the window never runs
// torch work), then shows the verification numbers and the files written,
// or the error in place.
class ExportDialog : public QDialog
{
    Q_OBJECT
public:
    ExportDialog(QString cliPath, QString storePath, qint64 runId, const QString &runName, QWidget *parent = nullptr);
    ~ExportDialog() override;

    // Offers the epoch checkpoints the run keeps (train.keep_every) beside best and last.
    void setKeptEpochs(const QList<int> &epochs);

    // The options as chosen (for tests): the arguments the child gets.
    QStringList arguments() const;
    bool isRunning() const;
    // After a finished export: the CLI's JSON (empty on failure) and what is shown.
    QJsonObject result() const { return m_result; }
    QString shownText() const;

    // Controls, for tests.
    QComboBox *checkpointBox() const { return m_checkpoint; }
    QCheckBox *formatBox(const QString &format) const;
    QComboBox *foldBox() const { return m_fold; }
    QCheckBox *absorbBox() const { return m_absorb; }
    QCheckBox *forceBox() const { return m_force; }
    QLineEdit *outEdit() const { return m_out; }

public Q_SLOTS:
    void startExport();

Q_SIGNALS:
    void exportFinished(bool ok);

private:
    void readProgress();
    void finished(int exitCode, QProcess::ExitStatus status);
    void showResult(const QJsonObject &json);
    void showError(const QString &text);
    void setBusy(bool busy);

    QString m_cliPath;
    QString m_storePath;
    qint64 m_runId;
    QComboBox *m_checkpoint;
    QCheckBox *m_torchscript;
    QCheckBox *m_onnx;
    QCheckBox *m_safetensors;
    QComboBox *m_fold;
    QCheckBox *m_absorb;
    QCheckBox *m_force;
    QSpinBox *m_images;
    QLineEdit *m_out;
    QPushButton *m_browse;
    QPushButton *m_exportButton;
    QProgressBar *m_progress;
    QLabel *m_stage;
    QTextBrowser *m_report;
    QProcess *m_process = nullptr;
    QByteArray m_stderr;
    QJsonObject m_result;
};

} // namespace gatefold::widgets
