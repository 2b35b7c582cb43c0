#pragma once

#include <QDialog>

class QComboBox;
class QLineEdit;
class QSpinBox;

namespace gatefold::widgets {

// Preferences: the run store (takes effect at the next start), threads and
// device for new runs, and the theme (at once).
class SettingsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit SettingsDialog(QWidget *parent = nullptr);

    void accept() override;

private:
    QLineEdit *m_store;
    QSpinBox *m_threads;
    QComboBox *m_device;
    QComboBox *m_theme;
    QComboBox *m_language;
};

} // namespace gatefold::widgets
