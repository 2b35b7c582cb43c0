#include "exportdialog.h"

#include "filedialogs.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace gatefold::widgets {
namespace {

QString threeDigits(double v)
{
    return QString::number(v, 'g', 3);
}

} // namespace

ExportDialog::ExportDialog(QString cliPath, QString storePath, qint64 runId, const QString &runName, QWidget *parent)
    : QDialog(parent)
    , m_cliPath(std::move(cliPath))
    , m_storePath(std::move(storePath))
    , m_runId(runId)
{
    setWindowTitle(tr("Export model — run %1 %2").arg(runId).arg(runName));
    auto *form = new QFormLayout;
    m_checkpoint = new QComboBox;
    m_checkpoint->setEditable(true);
    m_checkpoint->addItems({QStringLiteral("best"), QStringLiteral("last")});
    m_checkpoint->setToolTip(tr("best, last, or epoch:N for a checkpoint the run keeps"));
    form->addRow(tr("Checkpoint:"), m_checkpoint);

    auto *formats = new QHBoxLayout;
    m_torchscript = new QCheckBox(tr("TorchScript"));
    m_onnx = new QCheckBox(tr("ONNX (opset 13)"));
    m_safetensors = new QCheckBox(tr("safetensors + config"));
    m_torchscript->setChecked(true);
    m_safetensors->setChecked(true);
    for (auto *box : {m_torchscript, m_onnx, m_safetensors})
        formats->addWidget(box);
    formats->addStretch();
    form->addRow(tr("Formats:"), formats);

    m_fold = new QComboBox;
    m_fold->addItem(tr("As the run's join variant gives"), QStringLiteral("auto"));
    m_fold->addItem(tr("Plain (timm-shaped; projections variant)"), QStringLiteral("plain"));
    m_fold->addItem(tr("Wide"), QStringLiteral("wide"));
    m_fold->addItem(tr("None (export as trained; single-branch runs)"), QStringLiteral("none"));
    form->addRow(tr("Fold:"), m_fold);
    m_absorb = new QCheckBox(tr("Absorb LayerNorm affines into the following linear maps"));
    form->addRow(QString(), m_absorb);
    m_force = new QCheckBox(tr("Fold even if the branches are not fully joined (λ < 1)"));
    form->addRow(QString(), m_force);
    m_images = new QSpinBox;
    m_images->setRange(1, 100000);
    m_images->setValue(32);
    m_images->setToolTip(tr("Validation images the exported files are checked on"));
    form->addRow(tr("Verify on images:"), m_images);
    auto *outRow = new QHBoxLayout;
    m_out = new QLineEdit;
    m_out->setPlaceholderText(tr("default: the run's folder, export/<checkpoint>"));
    m_browse = new QPushButton(tr("Browse…"));
    connect(m_browse, &QPushButton::clicked, this, [this] {
        const QString dir = filedialogs::outputDirectory(this, tr("Output folder"), m_out->text());
        if (!dir.isEmpty())
            m_out->setText(dir);
    });
    outRow->addWidget(m_out, 1);
    outRow->addWidget(m_browse);
    form->addRow(tr("Output folder:"), outRow);

    m_progress = new QProgressBar;
    m_progress->setRange(0, 0);
    m_progress->setVisible(false);
    m_stage = new QLabel;
    m_report = new QTextBrowser;
    m_report->setOpenExternalLinks(false);
    m_report->setMinimumSize(560, 180);
    m_report->setPlaceholderText(tr("The verification numbers and the files written appear here."));

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    m_exportButton = buttons->addButton(tr("Export"), QDialogButtonBox::ActionRole);
    m_exportButton->setDefault(true);
    connect(m_exportButton, &QPushButton::clicked, this, &ExportDialog::startExport);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_progress);
    layout->addWidget(m_stage);
    layout->addWidget(m_report, 1);
    layout->addWidget(buttons);
}

ExportDialog::~ExportDialog()
{
    if (m_process && m_process->state() != QProcess::NotRunning) {
        m_process->kill();
        m_process->waitForFinished(5000);
    }
}

QCheckBox *ExportDialog::formatBox(const QString &format) const
{
    if (format == QLatin1String("torchscript"))
        return m_torchscript;
    if (format == QLatin1String("onnx"))
        return m_onnx;
    return m_safetensors;
}

void ExportDialog::setKeptEpochs(const QList<int> &epochs)
{
    for (int epoch : epochs)
        m_checkpoint->addItem(QStringLiteral("epoch:%1").arg(epoch));
}

QStringList ExportDialog::arguments() const
{
    QStringList formats;
    if (m_torchscript->isChecked())
        formats << QStringLiteral("torchscript");
    if (m_onnx->isChecked())
        formats << QStringLiteral("onnx");
    if (m_safetensors->isChecked())
        formats << QStringLiteral("safetensors");
    QStringList args{QStringLiteral("export"), QStringLiteral("--store"), m_storePath,
                     QStringLiteral("--run"), QString::number(m_runId),
                     QStringLiteral("--checkpoint"), m_checkpoint->currentText().trimmed(),
                     QStringLiteral("--format"), formats.join(QLatin1Char(',')),
                     QStringLiteral("--fold"), m_fold->currentData().toString(),
                     QStringLiteral("--images"), QString::number(m_images->value()),
                     QStringLiteral("--json")};
    if (m_absorb->isChecked())
        args << QStringLiteral("--absorb-norms");
    if (m_force->isChecked())
        args << QStringLiteral("--force");
    if (!m_out->text().trimmed().isEmpty())
        args << QStringLiteral("--out") << m_out->text().trimmed();
    return args;
}

bool ExportDialog::isRunning() const
{
    return m_process && m_process->state() != QProcess::NotRunning;
}

QString ExportDialog::shownText() const
{
    return m_report->toPlainText();
}

void ExportDialog::setBusy(bool busy)
{
    m_progress->setVisible(busy);
    m_exportButton->setEnabled(!busy);
}

void ExportDialog::startExport()
{
    if (isRunning())
        return;
    if (!m_torchscript->isChecked() && !m_onnx->isChecked() && !m_safetensors->isChecked()) {
        showError(tr("Choose at least one format."));
        return;
    }
    if (QString refused; !filedialogs::mayWriteInto(m_out->text().trimmed(), &refused)) {
        showError(refused);
        return;
    }
    m_result = {};
    m_stderr.clear();
    m_report->clear();
    m_stage->setText(tr("Starting gatefold-cli export…"));
    delete m_process;
    m_process = new QProcess(this);
    connect(m_process, &QProcess::readyReadStandardError, this, &ExportDialog::readProgress);
    connect(m_process, &QProcess::finished, this, &ExportDialog::finished);
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart) {
            setBusy(false);
            showError(tr("Could not start %1: %2").arg(m_cliPath, m_process->errorString()));
            Q_EMIT exportFinished(false);
        }
    });
    setBusy(true);
    m_process->start(m_cliPath, arguments());
}

void ExportDialog::readProgress()
{
    m_stderr += m_process->readAllStandardError();
    const auto lines = QString::fromUtf8(m_stderr).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    if (!lines.isEmpty() && !lines.last().startsWith(QLatin1String("error")))
        m_stage->setText(lines.last().trimmed());
}

void ExportDialog::finished(int exitCode, QProcess::ExitStatus status)
{
    m_stderr += m_process->readAllStandardError();
    setBusy(false);
    m_stage->clear();
    if (status == QProcess::NormalExit && exitCode == 0) {
        const auto doc = QJsonDocument::fromJson(m_process->readAllStandardOutput());
        if (doc.isObject()) {
            m_result = doc.object();
            showResult(m_result);
            Q_EMIT exportFinished(true);
            return;
        }
    }
    QStringList errors;
    for (const QString &line : QString::fromUtf8(m_stderr).split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        if (!line.startsWith(QLatin1String("  ")))
            errors << line;
    if (status != QProcess::NormalExit)
        errors << tr("gatefold-cli export crashed.");
    showError(errors.isEmpty() ? tr("gatefold-cli export failed with exit status %1.").arg(exitCode)
                               : errors.join(QLatin1Char('\n')));
    Q_EMIT exportFinished(false);
}

void ExportDialog::showResult(const QJsonObject &json)
{
    auto agreement = [](const QJsonObject &a) {
        return QStringLiteral("<td align=right>%1</td><td align=right>%2</td><td align=right>%3%</td>")
            .arg(threeDigits(a.value("max_abs_diff").toDouble()), threeDigits(a.value("relative").toDouble()),
                 QString::number(a.value("top1_agreement").toDouble() * 100.0, 'f', 1));
    };
    QString html = QStringLiteral("<p>%1</p>")
                       .arg(tr("Run %1, %2 checkpoint (step %3): %4 fold, verified on %5 validation images.")
                                .arg(json.value("run").toInteger())
                                .arg(json.value("checkpoint").toString().toHtmlEscaped())
                                .arg(json.value("step").toInteger())
                                .arg(json.value("fold").toString())
                                .arg(json.value("images").toInt()));
    html += QStringLiteral("<table cellspacing=6><tr><th align=left>%1</th><th>%2</th><th>%3</th><th>%4</th></tr>")
                .arg(tr("Against the trained model"), tr("max |Δlogit|"), tr("relative"), tr("top-1 agreement"));
    html += QStringLiteral("<tr><td>%1</td>%2</tr>")
                .arg(tr("folded model"), agreement(json.value("fold_verification").toObject()));
    QStringList files;
    for (const auto &value : json.value("files").toArray()) {
        const auto f = value.toObject();
        html += QStringLiteral("<tr><td>%1</td>%2</tr>")
                    .arg(f.value("format").toString(), agreement(f.value("verification").toObject()));
        files << f.value("path").toString().toHtmlEscaped();
        if (f.contains("config"))
            files << f.value("config").toString().toHtmlEscaped();
    }
    html += QStringLiteral("</table><p>%1</p><p>%2</p>")
                .arg(tr("Files written (each recorded as an artifact of the run):"), files.join(QStringLiteral("<br>")));
    if (json.value("timm_shaped").toBool())
        html += QStringLiteral("<p>%1</p>")
                    .arg(tr("timm-shaped: the safetensors weights load into timm's VisionTransformer built from config.json."));
    m_report->setHtml(html);
}

void ExportDialog::showError(const QString &text)
{
    m_report->setHtml(QStringLiteral("<p style='color:#b00020'>%1</p>")
                          .arg(text.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>"))));
}

} // namespace gatefold::widgets
