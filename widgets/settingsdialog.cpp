#include "settingsdialog.h"

#include "appsettings.h"
#include "filedialogs.h"
#include "slurmsettingsbox.h"

#include "store/runstore.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QThread>

namespace gatefold::widgets {

SettingsDialog::SettingsDialog(QWidget *parent)
    : QDialog(parent)
    , m_store(new QLineEdit(appsettings::storePath(), this))
    , m_storeStatus(new QLabel(this))
    , m_threads(new QSpinBox(this))
    , m_device(new QComboBox(this))
    , m_thisMachine(new QRadioButton(tr("This machine"), this))
    , m_slurm(new QRadioButton(tr("Slurm (submitted with sbatch)"), this))
    , m_slurmOptions(new SlurmSettingsBox(this))
    , m_theme(new QComboBox(this))
    , m_language(new QComboBox(this))
{
    setWindowTitle(tr("Settings"));
    QLayout *storeRow = buildStoreRow();
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
    form->addRow(QString(), m_storeStatus);
    form->addRow(QString(), new QLabel(tr("A new store location applies at the next start."), this));
    form->addRow(tr("Threads per run:"), m_threads);
    form->addRow(tr("Device for new runs:"), m_device);
    form->addRow(tr("Runs go to:"), buildPlace());
    form->addRow(m_slurmOptions);
    form->addRow(tr("Theme:"), m_theme);
    form->addRow(tr("Language:"), m_language);
    form->addRow(QString(), new QLabel(tr("The language applies at the next start."), this));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
    setMinimumWidth(640);
}

// The store's line with Browse… and Check; what Check found goes under it.
QLayout *SettingsDialog::buildStoreRow()
{
    m_store->setPlaceholderText(store::RunStore::defaultPath());
    auto *browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        // A store in use is picked, never replaced: no "overwrite?" question.
        const QString current = m_store->text().trimmed().isEmpty() ? store::RunStore::defaultPath() : m_store->text();
        const QString path = filedialogs::saveFile(this, tr("Run store"),
                                                   store::StoreLocation::looksLikeUrl(current) ? QString() : current,
                                                   tr("SQLite run store (*.sqlite)"),
                                                   filedialogs::SaveMode::ChooseStore);
        if (!path.isEmpty())
            m_store->setText(path);
    });
    m_store->setToolTip(tr("A run store file (SQLite), or a PostgreSQL database shared by a team or a cluster:\n"
                           "postgresql://user@host:5432/database?runs=/shared/gatefold\n"
                           "runs= is where checkpoints and logs go (a directory every machine sees); the "
                           "password comes from $PGPASSWORD or ~/.pgpass."));
    auto *check = new QPushButton(tr("Check"), this);
    check->setToolTip(tr("Open the store now and say what is in it"));
    connect(check, &QPushButton::clicked, this, &SettingsDialog::checkStore);
    connect(m_store, &QLineEdit::textChanged, m_storeStatus, &QLabel::clear);
    m_storeStatus->setWordWrap(true);
    m_storeStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *storeRow = new QHBoxLayout;
    storeRow->addWidget(m_store, 1);
    storeRow->addWidget(browse);
    storeRow->addWidget(check);
    return storeRow;
}

// This machine or Slurm: the Slurm options apply only with Slurm chosen.
QWidget *SettingsDialog::buildPlace()
{
    m_thisMachine->setObjectName(QStringLiteral("placeThisMachine"));
    m_slurm->setObjectName(QStringLiteral("placeSlurm"));
    m_thisMachine->setToolTip(tr("Runs and sweeps queued here train on this machine, as many at a time as the "
                                 "toolbar says"));
    m_slurm->setToolTip(tr("Runs and sweeps queued here are submitted to Slurm (gatefold-cli … --slurm) and wait "
                           "there; the run browser shows where Slurm has them. Resume submits a Slurm run again"));
    m_slurmOptions->setObjectName(QStringLiteral("slurmOptions"));
    m_slurmOptions->setOptions(appsettings::slurmOptions());
    const bool slurm = appsettings::runPlace() == appsettings::RunPlace::Slurm;
    (slurm ? m_slurm : m_thisMachine)->setChecked(true);
    m_slurmOptions->setEnabled(slurm);
    connect(m_slurm, &QRadioButton::toggled, m_slurmOptions, &QWidget::setEnabled);
    auto *row = new QWidget(this);
    auto *rowLayout = new QHBoxLayout(row);
    rowLayout->setContentsMargins(0, 0, 0, 0);
    rowLayout->addWidget(m_thisMachine);
    rowLayout->addWidget(m_slurm);
    rowLayout->addStretch(1);
    return row;
}

void SettingsDialog::checkStore()
{
    const QString where = m_store->text().trimmed().isEmpty() ? store::RunStore::defaultPath() : m_store->text();
    QString error;
    const auto location = store::StoreLocation::parse(where, &error);
    QString text;
    bool ok = false;
    if (location && !location->isPostgres() && !QFileInfo::exists(location->file)) {
        text = tr("No store there yet: the next start creates %1.").arg(location->display());
        ok = true;
    } else if (location) {
        QApplication::setOverrideCursor(Qt::WaitCursor);
        const auto opened = store::RunStore::open(where, &error);
        QApplication::restoreOverrideCursor();
        if (opened) {
            text = tr("%n run(s) in %1 (schema %2); files under %3.", nullptr, int(opened->runs().size()))
                       .arg(opened->displayName())
                       .arg(opened->schemaVersion())
                       .arg(QDir::toNativeSeparators(opened->dataDirectory()));
            ok = true;
        }
    }
    m_storeStatus->setText(ok ? text : error);
    m_storeStatus->setStyleSheet(ok ? QString() : QStringLiteral("color: #c0392b;"));
}

void SettingsDialog::accept()
{
    // A store URL that cannot be right is said here, not at the next start.
    QString error;
    if (!m_store->text().trimmed().isEmpty() && !store::StoreLocation::parse(m_store->text(), &error)) {
        m_storeStatus->setText(error);
        m_storeStatus->setStyleSheet(QStringLiteral("color: #c0392b;"));
        m_store->setFocus();
        return;
    }
    // Slurm options that sbatch would refuse are said where they were typed (also kept when not chosen).
    if (const QStringList problems = m_slurmOptions->problems(); !problems.isEmpty()) {
        if (m_slurm->isChecked())
            return;
    } else {
        appsettings::setSlurmOptions(m_slurmOptions->options());
    }
    appsettings::setRunPlace(m_slurm->isChecked() ? appsettings::RunPlace::Slurm : appsettings::RunPlace::ThisMachine);
    appsettings::setStorePath(m_store->text().trimmed());
    appsettings::setThreads(m_threads->value());
    appsettings::setDevice(m_device->currentData().toString());
    appsettings::setTheme(m_theme->currentData().toString());
    appsettings::setLanguage(m_language->currentData().toString());
    applyTheme(appsettings::theme());
    QDialog::accept();
}

} // namespace gatefold::widgets
