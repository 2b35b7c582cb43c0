#include "toast.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTimer>

namespace gatefold::widgets {

Toast::Toast(QWidget *parent)
    : QFrame(parent)
    , m_text(new QLabel)
    , m_action(new QPushButton)
    , m_close(new QPushButton(QStringLiteral("×")))
    , m_timer(new QTimer(this))
{
    setObjectName(QStringLiteral("toast"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    // The tooltip colours: readable over the table in light and dark themes alike.
    setBackgroundRole(QPalette::ToolTipBase);
    m_text->setForegroundRole(QPalette::ToolTipText);
    m_text->setWordWrap(true);
    m_close->setFlat(true);
    m_close->setToolTip(tr("Dismiss"));
    m_close->setFixedWidth(m_close->fontMetrics().horizontalAdvance(QStringLiteral("××")) + 8);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 6, 6, 6);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_action);
    layout->addWidget(m_close);
    m_timer->setSingleShot(true);
    connect(m_timer, &QTimer::timeout, this, &QWidget::hide);
    connect(m_close, &QPushButton::clicked, this, &QWidget::hide);
    connect(m_action, &QPushButton::clicked, this, [this] {
        hide();
        if (m_callback)
            m_callback();
    });
    parent->installEventFilter(this);
    hide();
}

void Toast::showMessage(const QString &text, const QString &actionText, std::function<void()> action, int milliseconds)
{
    m_text->setText(text);
    m_action->setText(actionText);
    m_action->setVisible(!actionText.isEmpty());
    m_callback = std::move(action);
    place();
    show();
    raise();
    m_timer->start(milliseconds);
}

QString Toast::text() const
{
    return m_text->text();
}

bool Toast::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == parent() && event->type() == QEvent::Resize && isVisible())
        place();
    return QFrame::eventFilter(watched, event);
}

// Bottom centre of the parent, at most 560 px wide, inside it.
void Toast::place()
{
    const QWidget *host = parentWidget();
    const int width = std::min(560, host->width() - 16);
    const int height = heightForWidth(width) > 0 ? heightForWidth(width) : sizeHint().height();
    setGeometry((host->width() - width) / 2, host->height() - height - 12, width, height);
}

} // namespace gatefold::widgets
