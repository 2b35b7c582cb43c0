#include "runformpanel.h"

#include "appsettings.h"
#include "configcheck.h"
#include "configform.h"
#include "filedialogs.h"

#include "config/presets.h"
#include "config/runconfigjson.h"
#include "config/fieldtable.h"
#include "config/runvalidation.h"
#include "config/runpresets.h"

#include <QComboBox>
#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QVBoxLayout>

#include <algorithm>

namespace gatefold::widgets {

RunFormPanel::RunFormPanel(QWidget *parent)
    : QWidget(parent)
    , m_preset(new QComboBox(this))
    , m_name(new QLineEdit(this))
    , m_form(new ConfigForm(this))
    , m_launch(new QPushButton(tr("&Queue run"), this))
    , m_checkStatus(new QLabel(this))
    , m_launchResult(new QLabel(this))
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
    m_checkStatus->setObjectName(QStringLiteral("engineCheck"));
    m_checkStatus->setWordWrap(true);
    m_checkStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_checkStatus->hide();
    layout->addWidget(m_checkStatus);
    layout->addLayout(buttons);
    m_launchResult->setObjectName(QStringLiteral("launchResult"));
    m_launchResult->setWordWrap(true);
    m_launchResult->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_launchResult->hide();
    layout->addWidget(m_launchResult);

    connect(m_preset, &QComboBox::activated, this, [this] { loadPreset(m_preset->currentText()); });
    connect(m_form, &ConfigForm::validityChanged, m_launch, &QPushButton::setEnabled);
    connect(m_launch, &QPushButton::clicked, this, &RunFormPanel::requestQueue);
    connect(m_form, &ConfigForm::configChanged, this, &RunFormPanel::recheck);
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
    config::applyAssignment(*config, "compute.device=" + appsettings::device().toStdString(), &why);
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
    if (!filedialogs::mayWrite(path, error))
        return false;
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(train::runConfigToJson(m_form->config())) < 0 || !file.commit()) {
        *error = tr("cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

void RunFormPanel::setEngine(const QString &enginePath, const QString &storePath)
{
    delete m_check;
    m_check = new ConfigCheck(enginePath, this);
    m_check->setStorePath(storePath);
    connect(m_check, &ConfigCheck::checking, this, &RunFormPanel::showCheck);
    connect(m_check, &ConfigCheck::checked, this, [this](const ConfigCheck::Result &result) {
        std::multimap<std::string, QString> problems;
        for (const auto &p : result.problems)
            problems.emplace(p.key.toStdString(), p.message);
        m_form->setCheckProblems(problems);
        if (result.ok)  // the steps per epoch of the λ preview, also for a folder
            m_form->setTrainImages(result.data.value(QStringLiteral("train")).toInteger());
        showCheck();
        if (std::exchange(m_queueWhenChecked, false) && canQueue())
            Q_EMIT launchRequested(m_form->config(), runName());
    });
    recheck();
}

bool RunFormPanel::canQueue() const
{
    return m_form->isValid() && (!m_check || (m_check->isCurrent() && m_check->result().ok));
}

void RunFormPanel::requestQueue()
{
    if (canQueue()) {
        Q_EMIT launchRequested(m_form->config(), runName());
        return;
    }
    m_queueWhenChecked = m_check && m_form->isLocallyValid() && m_check->isChecking();
    showCheck();
}

void RunFormPanel::recheck()
{
    if (!m_check)
        return;
    if (!m_form->isLocallyValid()) {  // the engine would say the same first: no check, no stale answer
        m_check->clear();
        m_queueWhenChecked = false;
        m_form->setCheckProblems({});
        showCheck();
        return;
    }
    m_check->request(train::runConfigToJson(m_form->config()));
}

void RunFormPanel::showCheck()
{
    m_launch->setEnabled(m_form->isValid());
    if (!m_check || (!m_check->isChecking() && !m_check->isCurrent())) {
        m_checkStatus->hide();
        return;
    }
    QString text;
    QString colour = QStringLiteral("#555555");
    if (m_check->isChecking()) {
        text = m_queueWhenChecked ? tr("Checking the config with the engine; the run is queued once it accepts it…")
                                  : tr("Checking the config with the engine…");
    } else if (const auto &r = m_check->result(); r.ok) {
        text = tr("The engine accepts this config.");
        const QJsonObject data = r.data;
        if (!data.isEmpty())
            text += QLatin1Char(' ')
                  + tr("Data %1: %2 classes, %3 channel(s), %4 training and %5 validation images.")
                        .arg(data.value(QStringLiteral("name")).toString())
                        .arg(data.value(QStringLiteral("classes")).toInteger())
                        .arg(data.value(QStringLiteral("channels")).toInteger())
                        .arg(data.value(QStringLiteral("train")).toInteger())
                        .arg(data.value(QStringLiteral("val")).toInteger());
        if (const qint64 parameters = r.resources.value(QStringLiteral("parameters")).toInteger(); parameters > 0)
            text += QLatin1Char(' ') + tr("%1 M parameters.").arg(double(parameters) / 1e6, 0, 'f', 2);
        int shownWarnings = 0;
        for (const auto &w : r.warnings) {
            if (!w.key.isEmpty() && !m_form->warningFor(w.key).isEmpty())
                continue;  // the form says it under the setting, in the user's language
            text += QStringLiteral("\n⚠ ") + (w.key.isEmpty() ? w.message : QStringLiteral("%1: %2").arg(w.key, w.message));
            ++shownWarnings;
        }
        colour = shownWarnings == 0 ? QStringLiteral("#2e7d32") : QStringLiteral("#b26a00");
    } else {
        // Said here too: the setting may sit in a section that is not on show.
        constexpr int kShown = 3;
        text = tr("The engine would refuse this config; nothing is queued until this is fixed:");
        for (int i = 0; i < std::min<int>(kShown, int(r.problems.size())); ++i) {
            const auto &p = r.problems.at(i);
            text += QStringLiteral("\n• ")
                  + (p.key.isEmpty() ? p.message : QStringLiteral("%1: %2").arg(p.key, p.message));
        }
        if (r.problems.size() > kShown)
            text += QLatin1Char('\n') + tr("…and %n more, shown at their settings.", nullptr, int(r.problems.size()) - kShown);
        colour = QStringLiteral("#c62828");
    }
    // While the engine checks (a keystroke away from the last answer), the line keeps the height of
    // that answer: the form above would otherwise jump up and back down with every key typed.
    const bool wasShown = m_checkStatus->isVisible();
    m_checkStatus->setMinimumHeight(m_check->isChecking() && wasShown ? m_checkStatus->height() : 0);
    m_checkStatus->setText(text);
    m_checkStatus->setStyleSheet(QStringLiteral("color: %1;").arg(colour));
    m_checkStatus->show();
}

void RunFormPanel::showLaunchResult(const QString &text, bool ok)
{
    m_launchResult->setText(text);
    m_launchResult->setStyleSheet(ok ? QString() : QStringLiteral("color: #c62828;"));
    m_launchResult->setVisible(!text.isEmpty());
}

void RunFormPanel::chooseLoad()
{
    const QString path = filedialogs::openFile(this, tr("Load run config"), QString(), tr("JSON (*.json)"));
    QString error;
    if (!path.isEmpty() && !loadJson(path, &error))
        QMessageBox::warning(this, tr("Load run config"), error);
}

void RunFormPanel::chooseSave()
{
    const QString path = filedialogs::saveFile(this, tr("Save run config"), runName() + ".json",
                                                      tr("JSON (*.json)"));
    QString error;
    if (!path.isEmpty() && !saveJson(path, &error))
        QMessageBox::warning(this, tr("Save run config"), error);
}

} // namespace gatefold::widgets
