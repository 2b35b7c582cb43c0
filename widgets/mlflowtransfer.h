#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>

class QMainWindow;

namespace gatefold::store {
class RunStore;
}

namespace gatefold::widgets {

// The File menu's "Export runs to MLflow…" and "Import from MLflow…" (core/mlflow).
class MlflowTransfer
{
    Q_DECLARE_TR_FUNCTIONS(MlflowTransfer)
public:
    struct Outcome {
        bool ok = false;
        QString text;      // what happened, or what was wrong and what to do
        int imported = 0;  // runs added to the store
    };

    static Outcome exportRuns(store::RunStore &store, const QList<qint64> &ids, const QString &dir, const QString &experiment);
    static Outcome importRuns(store::RunStore &store, const QString &dir, const QString &experiment);

    // Ask for the directory (and, for an export, the experiment name), do it,
    // and show the outcome: the status bar when it worked, a message box when
    // not. importDialog returns whether runs were added (refresh the table).
    static void exportDialog(QMainWindow *window, store::RunStore &store, const QList<qint64> &ids);
    static bool importDialog(QMainWindow *window, store::RunStore &store);
};

} // namespace gatefold::widgets
