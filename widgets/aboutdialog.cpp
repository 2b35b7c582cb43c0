#include "aboutdialog.h"

#include "launch/engineinfo.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QLabel>
#include <QTimer>
#include <QVBoxLayout>

namespace gatefold::widgets {

AboutDialog::AboutDialog(QString enginePath, const QString &storeName, QWidget *parent)
    : QDialog(parent)
    , m_enginePath(std::move(enginePath))
    , m_engine(new QLabel(this))
{
    setWindowTitle(tr("About Gatefold"));
    auto *about = new QLabel(tr("<h3>Gatefold %1</h3><p>A workbench for Vision Transformer research: CDE gates and "
                                "progressive joining.</p><p>Qt %2</p><p>Engine: %3</p><p>Run store: %4</p>")
                                 .arg(QApplication::applicationVersion(), QString::fromLatin1(qVersion()),
                                      m_enginePath.toHtmlEscaped(), storeName.toHtmlEscaped()),
                             this);
    about->setTextInteractionFlags(Qt::TextSelectableByMouse);
    about->setWordWrap(true);
    m_engine->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_engine->setWordWrap(true);
    m_engine->setObjectName(QStringLiteral("engineAnswer"));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(about);
    layout->addWidget(m_engine);
    layout->addWidget(buttons);
    layout->setSizeConstraint(QLayout::SetFixedSize);  // grows with the engine's answer
    m_engine->setText(tr("LibTorch and devices: asking the engine…"));
    QTimer::singleShot(0, this, &AboutDialog::ask);  // once the dialog is shown and its caller listens
}

AboutDialog::~AboutDialog()
{
    if (m_process) {
        m_process->disconnect(this);
        m_process->kill();
        m_process->waitForFinished(2000);
    }
}

QString AboutDialog::engineText() const
{
    return m_engine->text();
}

void AboutDialog::ask()
{
    m_process = std::make_unique<QProcess>();
    connect(m_process.get(), &QProcess::finished, this, &AboutDialog::childFinished);
    connect(m_process.get(), &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error != QProcess::FailedToStart)
            return;
        const QString why = m_process->errorString();
        m_process.release()->deleteLater();  // still inside its signal
        showAnswer(false, tr("The engine %1 could not be started (%2): LibTorch and devices are unknown. Install "
                       "gatefold-cli beside gatefold, or name it with $GATEFOLD_CLI.")
                        .arg(m_enginePath, why));
    });
    m_process->start(m_enginePath, {QStringLiteral("--version"), QStringLiteral("--json")});
}

void AboutDialog::childFinished(int exitCode, QProcess::ExitStatus status)
{
    const QByteArray out = m_process->readAllStandardOutput();
    const QString err = QString::fromUtf8(m_process->readAllStandardError()).trimmed();
    m_process.release()->deleteLater();  // still inside its signal
    if (status != QProcess::NormalExit || exitCode != 0) {
        showAnswer(false, tr("The engine %1 did not answer (%2)%3.")
                        .arg(m_enginePath,
                             status != QProcess::NormalExit ? tr("it crashed") : tr("exit status %1").arg(exitCode),
                             err.isEmpty() ? QString() : QStringLiteral(": ") + err.section(QLatin1Char('\n'), -1)));
        return;
    }
    QString error;
    const auto info = launch::engineInfoFromJson(out, &error);
    if (!info) {
        showAnswer(false, tr("The engine %1 answered, but %2").arg(m_enginePath, error));
        return;
    }
    showAnswer(true, tr("Engine gatefold-cli %1 · LibTorch %2 · Qt %3<br>Devices: %4")
                   .arg(info->gatefold.toHtmlEscaped(), info->libtorch.toHtmlEscaped(), info->qt.toHtmlEscaped(),
                        info->deviceNames().join(QStringLiteral(", ")).toHtmlEscaped()));
}

void AboutDialog::showAnswer(bool ok, const QString &text)
{
    m_answered = true;
    m_engine->setText(ok ? text : QStringLiteral("<span style='color:#c0392b'>%1</span>").arg(text.toHtmlEscaped()));
    Q_EMIT answered(ok);
}

} // namespace gatefold::widgets
