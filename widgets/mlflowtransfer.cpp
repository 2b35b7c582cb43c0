#include "mlflowtransfer.h"

#include "filedialogs.h"

#include "mlflow/mlflowexport.h"
#include "mlflow/mlflowimport.h"
#include "store/runstore.h"
#include "config/settingsconfig.h"

#include <QApplication>
#include <QFileInfo>
#include <QInputDialog>
#include <QMainWindow>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>

namespace gatefold::widgets {
namespace {

// The last MLflow directory, offered next time.
const char *const kDirKey = "mlflow/lastDirectory";

struct WaitCursor {
    WaitCursor() { QApplication::setOverrideCursor(Qt::WaitCursor); }
    ~WaitCursor() { QApplication::restoreOverrideCursor(); }
};

} // namespace

MlflowTransfer::Outcome MlflowTransfer::exportRuns(store::RunStore &store, const QList<qint64> &ids, const QString &dir,
                                                   const QString &experiment)
{
    Outcome out;
    if (ids.isEmpty()) {
        out.text = tr("Select the runs to export in the run table first.");
        return out;
    }
    QString refused;
    if (!filedialogs::mayWriteInto(dir, &refused)) {
        out.text = tr("Nothing was exported: %1").arg(refused);
        return out;
    }
    mlflow::ExportOptions options;
    options.outDir = dir;
    options.experiment = experiment;
    options.runIds.assign(ids.begin(), ids.end());
    QString error;
    const auto result = mlflow::exportRuns(store, options, &error);
    if (!result) {
        out.text = tr("Nothing was exported: %1").arg(error);
        return out;
    }
    out.ok = true;
    out.text = tr("Exported %n run(s) to MLflow experiment '%1' in %2 — mlflow ui --backend-store-uri file:%2", nullptr,
                  int(result->runs.size()))
                   .arg(experiment, QFileInfo(dir).absoluteFilePath());
    for (const auto &run : result->runs)  // what could not be written as recorded (core/mlflow says it in English)
        for (const QString &note : run.notes)
            out.text += QLatin1Char('\n') + tr("Run %1: %2").arg(run.runId).arg(note);
    return out;
}

MlflowTransfer::Outcome MlflowTransfer::importRuns(store::RunStore &store, const QString &dir, const QString &experiment)
{
    Outcome out;
    mlflow::ImportOptions options;
    options.dir = dir;
    options.experiment = experiment;
    QString error;
    const auto result = mlflow::importMlflow(store, options, &error);
    if (!result) {
        out.text = tr("Nothing was imported: %1").arg(error);
        return out;
    }
    out.ok = true;
    out.imported = int(result->newIds.size());
    const int skipped = int(result->runs.size()) - out.imported;
    out.text = tr("Imported %n run(s) from %1", nullptr, out.imported).arg(QFileInfo(dir).absoluteFilePath());
    if (skipped > 0)
        out.text += QLatin1String("; ") + tr("skipped %n (imported before, or deleted in MLflow)", nullptr, skipped);
    return out;
}

void MlflowTransfer::exportDialog(QMainWindow *window, store::RunStore &store, const QList<qint64> &ids)
{
    if (ids.isEmpty()) {
        window->statusBar()->showMessage(tr("Select the runs to export in the run table first."), 5000);
        return;
    }
    QSettings settings;
    const QString dir = filedialogs::outputDirectory(window, tr("Export runs to an MLflow file store (new, empty or existing)"),
                                                          settings.value(kDirKey).toString());
    if (dir.isEmpty())
        return;
    bool ok = false;
    const QString experiment = QInputDialog::getText(window, tr("Export runs to MLflow"), tr("MLflow experiment:"),
                                                     QLineEdit::Normal, QStringLiteral("Gatefold"), &ok);
    if (!ok)
        return;
    settings.setValue(kDirKey, dir);
    Outcome out;
    {
        WaitCursor wait;
        out = exportRuns(store, ids, dir, experiment.trimmed().isEmpty() ? QStringLiteral("Gatefold") : experiment.trimmed());
    }
    if (out.ok)
        window->statusBar()->showMessage(out.text, 15000);
    else
        QMessageBox::warning(window, tr("Export runs to MLflow"), out.text);
}

bool MlflowTransfer::importDialog(QMainWindow *window, store::RunStore &store)
{
    QSettings settings;
    const QString dir = filedialogs::existingDirectory(window, tr("Import runs from an MLflow file store (e.g. mlruns)"),
                                                          settings.value(kDirKey).toString());
    if (dir.isEmpty())
        return false;
    settings.setValue(kDirKey, dir);
    Outcome out;
    {
        WaitCursor wait;
        out = importRuns(store, dir, QString());
    }
    if (out.ok)
        window->statusBar()->showMessage(out.text, 15000);
    else
        QMessageBox::warning(window, tr("Import from MLflow"), out.text);
    return out.imported > 0;
}

} // namespace gatefold::widgets
