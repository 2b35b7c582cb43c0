#pragma once

#include <QDialog>

class QComboBox;
class QLabel;
class QLayout;
class QLineEdit;
class QRadioButton;
class QSpinBox;

namespace gatefold::widgets {

class SlurmSettingsBox;

// Preferences: the run store, a file or a postgresql:// URL (takes effect at
// the next start; "Check" connects now and says what it found), threads and
// device for new runs, where runs go (this machine, or Slurm with its
// options, checked in place), the theme (at once) and the language.
class SettingsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit SettingsDialog(QWidget *parent = nullptr);

    void accept() override;

private:
    // Opens the store as the next start would; shows what it found or why not, in place.
    void checkStore();
    QLayout *buildStoreRow();
    QWidget *buildPlace();


    QLineEdit *m_store;
    QLabel *m_storeStatus;
    QSpinBox *m_threads;
    QComboBox *m_device;
    QRadioButton *m_thisMachine;
    QRadioButton *m_slurm;
    SlurmSettingsBox *m_slurmOptions;
    QComboBox *m_theme;
    QComboBox *m_language;
};

} // namespace gatefold::widgets
