#pragma once

#include "config/trainconfig.h"

#include <QString>
#include <QStringList>
#include <QWidget>

#include <map>
#include <vector>

class QLabel;
class QStackedWidget;
class QFormLayout;

namespace gatefold::config {
struct Field;
}

namespace gatefold::widgets {

class JoinPreview;
class SectionList;

// The whole run config as a form: a fixed list of sections (config::FieldGroup, fieldtext.h;
// SectionList: every section on show, nothing moves when one is clicked) above a page per
// section, an editor per setting — a check box for yes/no, a list for choices, a line for the
// rest, with a "…" button for paths (pathbrowse.h) — shown only where it means something for the
// current config (config::Field::applies). Every edit is parsed and the whole config validated
// at once; each problem appears under its own field in the core validator's words (translated:
// problemtext.h), and in the summary under the page those not on show: of hidden fields, of
// no field, and of fields in other sections. Valid values unlikely to be meant
// (config/plausibility.h) are warned about in amber under their field; they do not make the
// config invalid. Under the page, the model's parameters and GFLOPs per image
// (costsummary.h); on the joining page, λ(t) over the run (JoinPreview).
class ConfigForm : public QWidget
{
    Q_OBJECT
public:
    explicit ConfigForm(QWidget *parent = nullptr);

    void setConfig(const train::RunConfig &config);
    // The config as edited; a field whose text does not parse keeps its last good value.
    const train::RunConfig &config() const { return m_config; }
    bool isValid() const { return m_problems.empty(); }
    // No problem of the form's own (parse errors, the validator): the engine's checks can run.
    bool isLocallyValid() const { return m_ownProblems == 0; }
    // Problems the engine's pre-creation checks found (ConfigCheck), key → message (an empty key:
    // about the config as a whole), shown like the validator's; {} clears them. Editing a field
    // drops its own until the engine looks again.
    void setCheckProblems(const std::multimap<std::string, QString> &problems);
    // "key: message" for every problem, in field order; then those about no field on show.
    QStringList problems() const;
    QString problemFor(const QString &key) const;
    // The plausibility warning shown for a setting ("" for none), and "key: warning" for each.
    QString warningFor(const QString &key) const;
    QStringList warnings() const;
    // The line with the model's parameters and GFLOPs per image.
    QString costText() const;
    // The training images the λ preview counts steps with, once the engine has read a folder (0: as
    // the data set's name tells).
    void setTrainImages(qint64 images);
    // Brings a section to the front (as a click on it does), by its index in config::fieldGroups().
    void showSection(int section);
    QWidget *editorFor(const QString &key) const;
    bool isFieldShown(const QString &key) const;
    // Sets one field as if typed (tests, presets of single values).
    void setFieldText(const QString &key, const QString &text);

Q_SIGNALS:
    void configChanged();
    void validityChanged(bool valid);

private:
    struct Row {
        const config::Field *field = nullptr;
        QWidget *editor = nullptr;
        QLabel *error = nullptr;
        QLabel *warning = nullptr;
        QWidget *cell = nullptr;
        QFormLayout *layout = nullptr;
        int group = 0;
    };

    void buildPages();
    void buildRows();
    QWidget *makeEditor(Row &row);
    QWidget *makeCell(Row &row);
    void showMarks();
    void showValue(const Row &row);
    void edited(size_t index, const QString &text);
    void revalidate();
    void showSummary();
    QString textOf(const Row &row) const;

    SectionList *m_sections = nullptr;
    QStackedWidget *m_pages = nullptr;
    std::vector<QFormLayout *> m_forms;
    JoinPreview *m_joinPreview = nullptr;
    QLabel *m_summary = nullptr;
    QLabel *m_cost = nullptr;
    qint64 m_trainImages = 0;
    std::vector<Row> m_rows;
    train::RunConfig m_config;
    std::map<std::string, QString> m_parseErrors;  // key → why its text does not parse
    std::map<std::string, QString> m_problems;     // key → shown message (parse error, validator, engine)
    std::multimap<std::string, QString> m_checkProblems;  // from the engine's checks
    std::map<std::string, QString> m_warnings;     // key → plausibility warning
    size_t m_ownProblems = 0;
    bool m_valid = true;
    bool m_loading = false;
};

} // namespace gatefold::widgets
