#include "settingsdialog.h"

#include "appsettings.h"

#include "store/runstore.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QThread>

namespace gatefold::widgets {

SettingsDialog::SettingsDialog(QWidget *parent)
    : QDialog(parent)
    , m_store(new QLineEdit(appsettings::storePath(), this))
    , m_threads(new QSpinBox(this))
    , m_device(new QComboBox(this))
    , m_theme(new QComboBox(this))
    , m_language(new QComboBox(this))
{
    setWindowTitle(tr("Settings"));
    m_store->setPlaceholderText(store::RunStore::defaultPath());
    auto *browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Run store"), m_store->text(),
                                                          tr("SQLite run store (*.sqlite)"), nullptr,
                                                          QFileDialog::DontConfirmOverwrite);
        if (!path.isEmpty())
            m_store->setText(path);
    });
    auto *storeRow = new QHBoxLayout;
    storeRow->addWidget(m_store, 1);
    storeRow->addWidget(browse);
    m_threads->setRange(0, 1024);
    m_threads->setSpecialValueText(tr("all cores, shared by the runs at a time"));
    m_threads->setValue(appsettings::threads());
    m_threads->setToolTip(tr("compute.threads of runs queued with 0 (this machine has %1 cores)")
                              .arg(QThread::idealThreadCount()));
    m_device->addItem(tr("automatic (CUDA when present)"), QStringLiteral("auto"));
    m_device->addItem(tr("CPU"), QStringLiteral("cpu"));
    m_device->addItem(tr("CUDA"), QStringLiteral("cuda"));
    m_device->setCurrentIndex(std::max(0, m_device->findData(appsettings::device())));
    m_theme->addItem(tr("System"), QStringLiteral("system"));
    m_theme->addItem(tr("Light"), QStringLiteral("light"));
    m_theme->addItem(tr("Dark"), QStringLiteral("dark"));
    m_theme->setCurrentIndex(std::max(0, m_theme->findData(appsettings::theme())));

    m_language->addItem(tr("System language"), QString());
    m_language->addItem(QStringLiteral("English"), QStringLiteral("en"));
    m_language->addItem(QStringLiteral("Deutsch"), QStringLiteral("de"));
    m_language->addItem(QStringLiteral("中文（简体）"), QStringLiteral("zh_CN"));
    m_language->setCurrentIndex(std::max(0, m_language->findData(appsettings::language())));

    auto *form = new QFormLayout;
    form->addRow(tr("Run store:"), storeRow);
    form->addRow(QString(), new QLabel(tr("A new store location applies at the next start."), this));
    form->addRow(tr("Threads per run:"), m_threads);
    form->addRow(tr("Device for new runs:"), m_device);
    form->addRow(tr("Theme:"), m_theme);
    form->addRow(tr("Language:"), m_language);
    form->addRow(QString(), new QLabel(tr("The language applies at the next start."), this));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

void SettingsDialog::accept()
{
    appsettings::setStorePath(m_store->text().trimmed());
    appsettings::setThreads(m_threads->value());
    appsettings::setDevice(m_device->currentData().toString());
    appsettings::setTheme(m_theme->currentData().toString());
    appsettings::setLanguage(m_language->currentData().toString());
    applyTheme(appsettings::theme());
    QDialog::accept();
}

} // namespace gatefold::widgets
