// gatefold: the workbench window. Every run it starts is a gatefold-cli child
// process; what it shows comes from the run store and the engines' JSON lines.

#include "widgets/appsettings.h"
#include "widgets/inspectpanel.h"
#include "widgets/mainwindow.h"
#include "widgets/runcontroller.h"

#include "report/reportviews.h"
#include "store/runstore.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QLibraryInfo>
#include <QLocale>
#include <QMessageBox>
#include <QTranslator>
#include <QTimer>

int main(int argc, char **argv)
{
    // Every engine this window starts would otherwise set these two and re-execute itself
    // (runtime/threadenvironment.h), loading LibTorch twice: set them once for all children.
    if (qEnvironmentVariableIsEmpty("GOMP_SPINCOUNT") && qEnvironmentVariableIsEmpty("OMP_WAIT_POLICY"))
        qputenv("GOMP_SPINCOUNT", "0");
    if (qEnvironmentVariableIsEmpty("OPENBLAS_THREAD_TIMEOUT"))
        qputenv("OPENBLAS_THREAD_TIMEOUT", "22");
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("gatefold"));
    QApplication::setOrganizationName(QStringLiteral("gatefold"));
    QApplication::setApplicationVersion(QStringLiteral(GATEFOLD_VERSION));
    // The packaged mark (resources/icons, compiled in); the desktop file name lets
    // Wayland compositors match the window to gatefold.desktop and its icon.
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/gatefold.svg")));
    QApplication::setDesktopFileName(QStringLiteral("gatefold"));

    // The interface language: Settings, else the system's; our strings and Qt's own (standard dialogs).
    const QString language = gatefold::widgets::appsettings::language();
    QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    if (locale.language() == QLocale::C)
        locale = QLocale(QLocale::English);  // plural forms ("1 run", "2 runs") come from gatefold_en
    QTranslator ours, qts;
    if (ours.load(locale, QStringLiteral("gatefold"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QApplication::installTranslator(&ours);
    if (qts.load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QApplication::installTranslator(&qts);

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main", "Gatefold: a workbench for Vision Transformer research."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption({"store", QApplication::translate("main", "Run store: a file, or a postgresql:// URL (default: the one in Settings, else %1).")
                                   .arg(gatefold::store::RunStore::defaultPath()),
                      QApplication::translate("main", "path")});
    parser.addOption({"select", QApplication::translate("main", "Select these runs (comma-separated ids)."),
                      QApplication::translate("main", "ids")});
    parser.addOption({"screenshot", QApplication::translate("main", "Save a picture of the window to this PNG after "
                                                                    "N ms (with --screenshot-after) and quit."),
                      QApplication::translate("main", "file")});
    parser.addOption({"inspect", QApplication::translate("main", "Open the Inspect tab on this view (%1) and compute "
                                                                 "it for the selected run; a screenshot waits for it.")
                                     .arg(gatefold::report::pageNames().join(QStringLiteral(", "))),
                      QApplication::translate("main", "view")});
    parser.addOption({"screenshot-after", QApplication::translate("main", "Milliseconds before the screenshot."),
                      QApplication::translate("main", "ms"), QStringLiteral("1500")});
    parser.process(app);

    gatefold::widgets::applyTheme(gatefold::widgets::appsettings::theme());
    QString storePath = parser.value("store");
    if (storePath.isEmpty())
        storePath = gatefold::widgets::appsettings::storePath();
    if (storePath.isEmpty())
        storePath = gatefold::store::RunStore::defaultPath();
    gatefold::widgets::RunController controller(gatefold::widgets::RunController::defaultEnginePath(), storePath);
    if (!controller.isOpen()) {
        QMessageBox::critical(nullptr, QApplication::translate("main", "Gatefold"),
                              QApplication::translate("main", "The run store cannot be opened:\n%1").arg(controller.error()));
        return 1;
    }
    controller.queue()->setParallel(gatefold::widgets::appsettings::runsAtATime());  // as last set
    gatefold::widgets::MainWindow window(&controller);
    window.show();
    if (parser.isSet("select")) {
        QList<qint64> ids;
        for (const QString &id : parser.value("select").split(','))
            ids << id.toLongLong();
        window.selectRuns(ids);
    }
    const bool inspecting = parser.isSet("inspect") && window.inspect(parser.value("inspect"));
    // Runs queued by a window or queue that is gone, or crashed with their engine: the user decides.
    if (!parser.isSet("screenshot"))
        QTimer::singleShot(0, &window, [&window] { window.offerStrandedRuns(); });
    if (parser.isSet("screenshot")) {
        const QString path = parser.value("screenshot");
        const int after = parser.value("screenshot-after").toInt();
        const auto shoot = [&window, path] {
            window.grab().save(path);
            QApplication::quit();
        };
        if (inspecting)  // after the views are filled (or the reason they are not is shown)
            QObject::connect(window.inspectPanel(), &gatefold::widgets::InspectPanel::computed, &window,
                             [&window, after, shoot] { QTimer::singleShot(after, &window, shoot); });
        else
            QTimer::singleShot(after, &window, shoot);
    }
    return app.exec();
}
