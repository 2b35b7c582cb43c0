#include "sectionlist.h"

#include <QFontMetrics>
#include <QScrollBar>

#include <algorithm>

namespace gatefold::widgets {
namespace {

const QColor kProblem(0xc6, 0x28, 0x28);
const QColor kWarning(0xb2, 0x6a, 0x00);

QString marked(const QString &title, int problems, int warnings)
{
    if (problems > 0)
        return QStringLiteral("%1 (%2)").arg(title).arg(problems);
    return warnings > 0 ? title + QStringLiteral(" ⚠") : title;
}

} // namespace

SectionList::SectionList(const QStringList &titles, QWidget *parent)
    : QListWidget(parent)
    , m_titles(titles)
{
    setObjectName(QStringLiteral("sections"));
    setSelectionMode(QAbstractItemView::SingleSelection);
    setViewMode(QListView::ListMode);
    setMovement(QListView::Static);
    setFlow(QListView::LeftToRight);
    setWrapping(true);
    setResizeMode(QListView::Adjust);
    setUniformItemSizes(true);
    setAutoScroll(false);
    setTextElideMode(Qt::ElideNone);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    for (const QString &title : titles)
        addItem(title);
    const QFontMetrics metrics(font());
    int width = 0;
    for (const QString &title : titles)
        width = std::max({width, metrics.horizontalAdvance(marked(title, 99, 0)),
                          metrics.horizontalAdvance(marked(title, 0, 1))});
    m_cell = QSize(width + 12, std::max(sizeHintForRow(0), metrics.height() + 4));
    setGridSize(m_cell);
    for (int i = 0; i < count(); ++i)
        item(i)->setSizeHint(m_cell);  // every cell the widest title's, not the first item's
    setFixedHeight(heightForWidth(sizeHint().width()));
    setCurrentRow(0);
}

// Rows of as many cells as fit the width, every item on show.
int SectionList::heightForWidth(int width) const
{
    const int frame = 2 * frameWidth();
    const int columns = std::max(1, (width - frame - 2) / m_cell.width());
    const int rows = (int(m_titles.size()) + columns - 1) / columns;
    return rows * m_cell.height() + frame + 2;
}

void SectionList::resizeEvent(QResizeEvent *event)
{
    QListWidget::resizeEvent(event);
    const int height = heightForWidth(width());
    if (height != this->height())
        setFixedHeight(height);
}

void SectionList::setMarks(int section, int problems, int warnings)
{
    QListWidgetItem *it = item(section);
    if (!it)
        return;
    it->setText(marked(m_titles.value(section), problems, warnings));
    it->setForeground(problems > 0 ? QBrush(kProblem) : warnings > 0 ? QBrush(kWarning) : QBrush());
    it->setToolTip(problems > 0   ? tr("%n problem(s) in this section", nullptr, problems)
                   : warnings > 0 ? tr("%n value(s) here look unintended", nullptr, warnings)
                                  : QString());
}

QSize SectionList::sizeHint() const
{
    return QSize(3 * m_cell.width() + 2 * frameWidth() + 2, heightForWidth(3 * m_cell.width() + 2 * frameWidth() + 2));
}

QSize SectionList::minimumSizeHint() const
{
    return QSize(m_cell.width() + 2 * frameWidth() + 2, heightForWidth(m_cell.width() + 2 * frameWidth() + 2));
}

// Every item fits: nothing may scroll the list (a click, the keyboard, a wheel).
void SectionList::scrollContentsBy(int, int)
{
    verticalScrollBar()->setValue(0);
    horizontalScrollBar()->setValue(0);
}

} // namespace gatefold::widgets
