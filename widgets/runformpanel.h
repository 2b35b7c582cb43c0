#pragma once

#include "config/trainconfig.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace gatefold::widgets {

class ConfigCheck;
class ConfigForm;

// The run form with what surrounds it: a preset to start from, the run's
// name, load/save as a JSON config file, and "Queue run" (enabled only while
// the config is valid). With an engine set, every config is also put through
// the checks `gatefold-cli train` makes before it creates a run (ConfigCheck:
// the data, the memory) and a run is queued only once the engine accepts it.
class RunFormPanel : public QWidget
{
    Q_OBJECT
public:
    explicit RunFormPanel(QWidget *parent = nullptr);

    ConfigForm *form() const { return m_form; }
    void setConfig(const train::RunConfig &config, const QString &name);
    QString runName() const;
    void loadPreset(const QString &name);
    bool loadJson(const QString &path, QString *error);
    bool saveJson(const QString &path, QString *error) const;
    // Checks each config with this gatefold-cli before it may be queued (off by default).
    // The engine that checks the form's config, and the run store it looks for a teacher run in.
    void setEngine(const QString &enginePath, const QString &storePath = QString());
    ConfigCheck *check() const { return m_check; }
    // The config is valid and the engine (if set) has accepted this very config.
    bool canQueue() const;
    // What Queue run does: emits launchRequested when canQueue(), or once the engine's check
    // under way accepts the config; otherwise the problems stay on show and nothing is queued.
    void requestQueue();
    // What became of the last run or sweep queued (submitted to Slurm as job …, or why not), under
    // the buttons; `ok` false says it in red. An empty text hides it.
    void showLaunchResult(const QString &text, bool ok);

Q_SIGNALS:
    void launchRequested(const gatefold::train::RunConfig &config, const QString &name);

private:
    void chooseLoad();
    void chooseSave();
    void recheck();
    void showCheck();

    QComboBox *m_preset;
    QLineEdit *m_name;
    ConfigForm *m_form;
    QPushButton *m_launch;
    QLabel *m_checkStatus;
    QLabel *m_launchResult;
    ConfigCheck *m_check = nullptr;
    bool m_queueWhenChecked = false;
};

} // namespace gatefold::widgets
