#pragma once

// Answers the modal dialog a test's action opens: `trigger` (a click that runs the dialog's own
// loop) and `answer`, handed the dialog once it shows (polled every 50 ms). Fails the test when no
// dialog came up.

#include <QApplication>
#include <QTimer>
#include <QWidget>
#include <QtTest/QtTest>

#include <functional>

namespace gatefold::test {

inline void whileModal(const std::function<void()> &trigger, const std::function<void(QWidget *)> &answer)
{
    bool answered = false;
    QTimer poll;
    poll.setInterval(50);
    QObject::connect(&poll, &QTimer::timeout, [&] {
        if (QWidget *modal = QApplication::activeModalWidget(); modal && !answered) {
            answered = true;
            answer(modal);
        }
    });
    poll.start();
    trigger();
    poll.stop();
    QVERIFY2(answered, "no dialog appeared");
}

} // namespace gatefold::test
