#pragma once

#include <QStackedWidget>

class QLabel;

namespace gatefold::widgets {

// What an inspect view shows: its plot page, or in its place the reason there
// is nothing to plot ("Not available: …"), centred. It also holds the view's
// status line (what the mouse points at, or a hint while the plot is shown),
// which the view lays out. The texts come from the view, translated in its
// context; the object names are the ones the tests look for: "message" and
// "status".
class PlotOrReason : public QStackedWidget
{
    Q_OBJECT
public:
    // `view` is the parent of this and of the status line.
    explicit PlotOrReason(QWidget *view);

    // The plot page, shown while there is no reason.
    void setPage(QWidget *page);
    // The usual view: the status line, then this with a page of `plot` over
    // `caption`; the texts inset from the edges. Makes the view's layout.
    void fillView(QWidget *plot, QLabel *caption);

    // An empty reason shows the page; any other is shown in its place.
    void setReason(const QString &reason);
    bool isAvailable() const;  // the page is shown
    QString reason() const;    // the text in the page's place; empty while the page is shown
    // For exports: true while the page is shown, else false with the reason in *error.
    bool canExport(QString *error) const;

    QLabel *statusLine() const { return m_status; }
    // Names what the mouse points at; with nothing under it (an empty text), the
    // hint while the page is shown and nothing otherwise, and no tooltip.
    void setHover(const QString &text, const QString &hint);
    QString hover() const { return m_hover; }

private:
    QLabel *m_status;
    QLabel *m_message;
    QWidget *m_page = nullptr;
    QString m_hover;
};

} // namespace gatefold::widgets
