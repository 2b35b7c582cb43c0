#pragma once

#include <QWidget>

class QGridLayout;
class QLabel;
class QPushButton;

namespace gatefold::widgets {

// What the centre of the window shows while the store has no runs: what
// Gatefold is for and the three ways to start — queue the demo run, open a
// store with runs, import MLflow runs — instead of an empty plot.
class WelcomePage : public QWidget
{
    Q_OBJECT
public:
    explicit WelcomePage(const QString &storePath, QWidget *parent = nullptr);

    QPushButton *demoButton() const { return m_demo; }
    QPushButton *openButton() const { return m_open; }
    QPushButton *importButton() const { return m_import; }

Q_SIGNALS:
    void demoRequested();
    void openStoreRequested();
    void importRequested();

private:
    QPushButton *addChoice(QGridLayout *grid, int row, const QString &title, const QString &text);

    QPushButton *m_demo = nullptr;
    QPushButton *m_open = nullptr;
    QPushButton *m_import = nullptr;
};

} // namespace gatefold::widgets
