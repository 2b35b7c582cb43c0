#pragma once

#include <QString>

#include <string>

class QWidget;

namespace gatefold::widgets {

// Whether the run form offers a "…" button for a setting: the field table's paths (config::Field::path:
// data.path, data.val_labels, init.from) and distill.teacher, which may name a checkpoint file.
bool offersBrowse(const std::string &key);

// Asks for a file or folder for setting `key` through the window's own dialogs (filedialogs.h:
// never the platform's, never opening the store's files), starting at `current`; empty when cancelled.
// data.path is a folder; the others are files with the filters that fit them.
QString browseForSetting(QWidget *parent, const std::string &key, const QString &current);

} // namespace gatefold::widgets
