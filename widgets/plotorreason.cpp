#include "plotorreason.h"

#include <QLabel>
#include <QToolTip>
#include <QVBoxLayout>

namespace gatefold::widgets {

PlotOrReason::PlotOrReason(QWidget *view)
    : QStackedWidget(view)
    , m_status(new QLabel(view))
    , m_message(new QLabel(this))
{
    m_status->setObjectName(QStringLiteral("status"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->setObjectName(QStringLiteral("message"));
    m_message->setAlignment(Qt::AlignCenter);
    m_message->setWordWrap(true);
    addWidget(m_message);
}

void PlotOrReason::setPage(QWidget *page)
{
    m_page = page;
    insertWidget(0, page);
}

void PlotOrReason::fillView(QWidget *plot, QLabel *caption)
{
    QWidget *view = parentWidget();
    auto *page = new QWidget(this);
    auto *pageLayout = new QVBoxLayout(page);
    pageLayout->setContentsMargins(0, 0, 0, 0);
    pageLayout->addWidget(plot, 1);
    pageLayout->addWidget(caption);
    setPage(page);
    auto *layout = new QVBoxLayout(view);
    const int gap = view->fontMetrics().averageCharWidth();
    layout->setContentsMargins(0, gap / 2, 0, 0);
    for (QLabel *label : {m_status, caption})
        label->setContentsMargins(gap, 0, gap, 0);
    layout->addWidget(m_status);
    layout->addWidget(this, 1);
}

void PlotOrReason::setReason(const QString &reason)
{
    m_message->setText(reason);
    setCurrentWidget(reason.isEmpty() ? m_page : m_message);
}

bool PlotOrReason::isAvailable() const
{
    return currentWidget() != m_message;
}

QString PlotOrReason::reason() const
{
    return isAvailable() ? QString() : m_message->text();
}

bool PlotOrReason::canExport(QString *error) const
{
    if (isAvailable())
        return true;
    if (error)
        *error = m_message->text();
    return false;
}

void PlotOrReason::setHover(const QString &text, const QString &hint)
{
    m_hover = text;
    m_status->setText(!text.isEmpty() ? text : isAvailable() ? hint : QString());
    if (text.isEmpty())
        QToolTip::hideText();
}

} // namespace gatefold::widgets
