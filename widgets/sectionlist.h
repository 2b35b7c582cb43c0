#pragma once

#include <QListWidget>
#include <QStringList>

namespace gatefold::widgets {

// The run form's sections as a fixed grid of names above the page in front (issue 20: the tab
// strip did not fit a narrow dock and scrolled itself after each click, so the next click landed
// on another tab). Every name is on show at once, in as many equal columns as the width holds and
// as many rows as that takes (the list's height follows its width): no scroll bar, no scrolling to
// the current item, and a click or a changed mark never moves an item — only a change of the
// dock's width re-flows the grid. Each item can carry a count of problems (red) or a warning
// mark (amber); the cells are wide enough for the widest title with its widest mark.
class SectionList : public QListWidget
{
    Q_OBJECT
public:
    explicit SectionList(const QStringList &titles, QWidget *parent = nullptr);

    // "Title (n)" in red for n problems; "Title ⚠" in amber for warnings alone; the title otherwise.
    void setMarks(int section, int problems, int warnings);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

protected:
    void resizeEvent(QResizeEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;

private:
    QStringList m_titles;
    QSize m_cell;
};

} // namespace gatefold::widgets
