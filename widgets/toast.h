#pragma once

#include <QFrame>

#include <functional>

class QLabel;
class QPushButton;
class QTimer;

namespace gatefold::widgets {

// A short notice over the bottom of a widget (the run browser): a sentence and
// at most one action ("Show it"), gone after a while or when the action runs.
// It follows its parent's size; only one is shown at a time.
class Toast : public QFrame
{
    Q_OBJECT
public:
    explicit Toast(QWidget *parent);

    // Shows `text` for `milliseconds`; with `actionText`, a button that runs `action` and hides the toast.
    void showMessage(const QString &text, const QString &actionText = QString(),
                     std::function<void()> action = {}, int milliseconds = 10000);
    QString text() const;
    QPushButton *actionButton() const { return m_action; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void place();

    QLabel *m_text;
    QPushButton *m_action;
    QPushButton *m_close;
    QTimer *m_timer;
    std::function<void()> m_callback;
};

} // namespace gatefold::widgets
