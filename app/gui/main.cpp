// gatefold: the workbench window. Every run it starts is a gatefold-cli child
// process; what it shows comes from the run store and the engines' JSON lines.

#include "widgets/appsettings.h"
#include "widgets/inspectpanel.h"
#include "widgets/interfacelanguage.h"
#include "widgets/mainwindow.h"
#include "widgets/runcontroller.h"

#include "report/reportviews.h"
#include "store/runstore.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QLocale>
#include <QMessageBox>
#include <QProcess>
#include <QTranslator>
#include <QTimer>

namespace {

using gatefold::widgets::MainWindow;
using gatefold::widgets::RunController;
namespace appsettings = gatefold::widgets::appsettings;

// Every engine this window starts would otherwise set these two and re-execute itself
// (runtime/threadenvironment.h), loading LibTorch twice: set them once for all children.
void setEngineEnvironment()
{
    if (qEnvironmentVariableIsEmpty("GOMP_SPINCOUNT") && qEnvironmentVariableIsEmpty("OMP_WAIT_POLICY"))
        qputenv("GOMP_SPINCOUNT", "0");
    if (qEnvironmentVariableIsEmpty("OPENBLAS_THREAD_TIMEOUT"))
        qputenv("OPENBLAS_THREAD_TIMEOUT", "22");
}

void setApplicationIdentity()
{
    QApplication::setApplicationName(QStringLiteral("gatefold"));
    QApplication::setOrganizationName(QStringLiteral("gatefold"));
    QApplication::setApplicationVersion(QStringLiteral(GATEFOLD_VERSION));
    // The packaged mark (resources/icons, compiled in); the desktop file name lets
    // Wayland compositors match the window to gatefold.desktop and its icon.
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/gatefold.svg")));
    QApplication::setDesktopFileName(QStringLiteral("gatefold"));
}

// After installTranslators: the options' help is translated as it is added.
void addOptions(QCommandLineParser &parser)
{
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
}

// --store, else the one in Settings, else the default.
QString storePath(const QCommandLineParser &parser)
{
    QString path = parser.value("store");
    if (path.isEmpty())
        path = appsettings::storePath();
    if (path.isEmpty())
        path = gatefold::store::RunStore::defaultPath();
    return path;
}

// The exit code when the store cannot be opened, after saying why.
int storeNotOpened(const RunController &controller)
{
    QMessageBox::critical(nullptr, QApplication::translate("main", "Gatefold"),
                          QApplication::translate("main", "The run store cannot be opened:\n%1").arg(controller.error()));
    return 1;
}

// --select and --inspect; whether the Inspect tab is computing a view.
bool showRequested(MainWindow &window, const QCommandLineParser &parser)
{
    if (parser.isSet("select")) {
        QList<qint64> ids;
        for (const QString &id : parser.value("select").split(','))
            ids << id.toLongLong();
        window.selectRuns(ids);
    }
    return parser.isSet("inspect") && window.inspect(parser.value("inspect"));
}

// --screenshot: the window saved to `path` `after` ms after it shows (or after the Inspect
// view is computed, or the reason it is not is shown), then the application quits.
void screenshotAndQuit(MainWindow &window, const QString &path, int after, bool inspecting)
{
    const auto shoot = [&window, path] {
        window.grab().save(path);
        QApplication::quit();
    };
    if (inspecting)
        QObject::connect(window.inspectPanel(), &gatefold::widgets::InspectPanel::computed, &window,
                         [&window, after, shoot] { QTimer::singleShot(after, &window, shoot); });
    else
        QTimer::singleShot(after, &window, shoot);
}

} // namespace

int main(int argc, char **argv)
{
    setEngineEnvironment();
    QApplication app(argc, argv);
    setApplicationIdentity();
    QTranslator ours, qts;
    // Qt's own strings (Yes/No, file dialogs) come from qt6-translations-l10n (setup-deps.sh, the .deb's Recommends).
    if (!gatefold::widgets::installTranslators(gatefold::widgets::interfaceLocale(appsettings::language()), ours, qts))
        qWarning("Qt's own strings are not translated: install qt6-translations-l10n");
    QCommandLineParser parser;
    addOptions(parser);
    parser.process(app);

    gatefold::widgets::applyTheme(appsettings::theme());
    RunController controller(RunController::defaultEnginePath(), storePath(parser));
    if (!controller.isOpen())
        return storeNotOpened(controller);
    controller.queue()->setParallel(appsettings::runsAtATime());  // as last set
    MainWindow window(&controller);
    // Another store chosen (File → Open store…, the first-start page): remembered, and the window starts
    // again on it once this one has closed (a quit question about runs under way may keep it open).
    QObject::connect(&window, &MainWindow::storeChosen, &window, [&window](const QString &path) {
        if (!window.close())
            return;
        appsettings::setStorePath(path);
        QProcess::startDetached(QCoreApplication::applicationFilePath(), {QStringLiteral("--store"), path});
    });
    window.show();
    const bool inspecting = showRequested(window, parser);
    if (parser.isSet("screenshot"))
        screenshotAndQuit(window, parser.value("screenshot"), parser.value("screenshot-after").toInt(), inspecting);
    else  // runs queued by a window or queue that is gone, or crashed with their engine: the user decides
        QTimer::singleShot(0, &window, [&window] { window.offerStrandedRuns(); });
    return app.exec();
}
