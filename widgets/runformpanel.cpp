#include "runformpanel.h"

#include "appsettings.h"
#include "configform.h"

#include "model/presets.h"
#include "train/runconfigjson.h"
#include "train/runfields.h"
#include "train/runpresets.h"

#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QVBoxLayout>

namespace gatefold::widgets {

RunFormPanel::RunFormPanel(QWidget *parent)
    : QWidget(parent)
    , m_preset(new QComboBox(this))
    , m_name(new QLineEdit(this))
    , m_form(new ConfigForm(this))
    , m_launch(new QPushButton(tr("&Queue run"), this))
{
    for (const auto &p : train::runPresets())
        m_preset->addItem(QString::fromStdString(p.name), QString::fromStdString(p.description));
    for (const auto &p : model::presets::all())
        m_preset->addItem(QString::fromStdString(p.name), QString::fromStdString(p.description));
    for (int i = 0; i < m_preset->count(); ++i)
        m_preset->setItemData(i, m_preset->itemData(i), Qt::ToolTipRole);
    m_name->setPlaceholderText(tr("run name"));
    m_launch->setDefault(true);
    auto *load = new QPushButton(tr("Load…"), this);
    auto *save = new QPushButton(tr("Save…"), this);
    load->setToolTip(tr("Read a JSON run config (as gatefold-cli config --json writes it)"));
    save->setToolTip(tr("Write this config as a JSON file for gatefold-cli train --config"));

    auto *top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Preset:"), this));
    top->addWidget(m_preset, 1);
    auto *nameRow = new QHBoxLayout;
    nameRow->addWidget(new QLabel(tr("Name:"), this));
    nameRow->addWidget(m_name, 1);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(load);
    buttons->addWidget(save);
    buttons->addStretch(1);
    buttons->addWidget(m_launch);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addLayout(nameRow);
    layout->addWidget(m_form, 1);
    layout->addLayout(buttons);

    connect(m_preset, &QComboBox::activated, this, [this] { loadPreset(m_preset->currentText()); });
    connect(m_form, &ConfigForm::validityChanged, m_launch, &QPushButton::setEnabled);
    connect(m_launch, &QPushButton::clicked, this, [this] { Q_EMIT launchRequested(m_form->config(), runName()); });
    connect(load, &QPushButton::clicked, this, &RunFormPanel::chooseLoad);
    connect(save, &QPushButton::clicked, this, &RunFormPanel::chooseSave);
    loadPreset(QStringLiteral("demo"));
}

void RunFormPanel::setConfig(const train::RunConfig &config, const QString &name)
{
    m_form->setConfig(config);
    m_name->setText(name);
    m_launch->setEnabled(m_form->isValid());
}

QString RunFormPanel::runName() const
{
    return m_name->text().trimmed().isEmpty() ? m_preset->currentText() : m_name->text().trimmed();
}

void RunFormPanel::loadPreset(const QString &name)
{
    auto config = train::runPresetByName(name.toStdString());
    if (!config)
        return;
    std::string why;
    train::applyRunAssignment(*config, "compute.device=" + appsettings::device().toStdString(), &why);
    m_preset->setCurrentText(name);
    setConfig(*config, name);
}

bool RunFormPanel::loadJson(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = tr("cannot read %1: %2").arg(path, file.errorString());
        return false;
    }
    train::RunConfig config = m_form->config();
    QStringList problems;
    if (!train::runConfigFromJson(file.readAll(), &config, &problems, /*partial=*/true)) {
        *error = tr("%1 is not a valid run config:\n%2").arg(path, problems.join('\n'));
        return false;  // the form keeps what it had
    }
    setConfig(config, QFileInfo(path).completeBaseName());
    return true;
}

bool RunFormPanel::saveJson(const QString &path, QString *error) const
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(train::runConfigToJson(m_form->config())) < 0 || !file.commit()) {
        *error = tr("cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

void RunFormPanel::chooseLoad()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Load run config"), QString(), tr("JSON (*.json)"));
    QString error;
    if (!path.isEmpty() && !loadJson(path, &error))
        QMessageBox::warning(this, tr("Load run config"), error);
}

void RunFormPanel::chooseSave()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Save run config"), runName() + ".json",
                                                      tr("JSON (*.json)"));
    QString error;
    if (!path.isEmpty() && !saveJson(path, &error))
        QMessageBox::warning(this, tr("Save run config"), error);
}

} // namespace gatefold::widgets
