#pragma once

#include "train/trainconfig.h"

#include <QWidget>

class QComboBox;
class QLineEdit;
class QPushButton;

namespace gatefold::widgets {

class ConfigForm;

// The run form with what surrounds it: a preset to start from, the run's
// name, load/save as a JSON config file, and "Queue run" (enabled only while
// the config is valid).
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

Q_SIGNALS:
    void launchRequested(const gatefold::train::RunConfig &config, const QString &name);

private:
    void chooseLoad();
    void chooseSave();

    QComboBox *m_preset;
    QLineEdit *m_name;
    ConfigForm *m_form;
    QPushButton *m_launch;
};

} // namespace gatefold::widgets
