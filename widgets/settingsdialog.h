#pragma once

#include <QDialog>

class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace gatefold::widgets {

// Preferences: the run store, a file or a postgresql:// URL (takes effect at
// the next start; "Check" connects now and says what it found), threads and
// device for new runs, the theme (at once) and the language.
class SettingsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit SettingsDialog(QWidget *parent = nullptr);

    void accept() override;

private:
    // Opens the store as the next start would; shows what it found or why not, in place.
    void checkStore();

    QLineEdit *m_store;
    QLabel *m_storeStatus;
    QSpinBox *m_threads;
    QComboBox *m_device;
    QComboBox *m_theme;
    QComboBox *m_language;
};

} // namespace gatefold::widgets
