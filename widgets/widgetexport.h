#pragma once

class QString;
class QWidget;

namespace gatefold::widgets {

// Saves what `widget` shows as PNG (at twice its size, for print), SVG or PDF
// (vector where the widget paints vectors), chosen by the suffix. False with
// `error` for another suffix or a file that cannot be written.
bool saveWidgetPicture(QWidget *widget, const QString &path, QString *error);

} // namespace gatefold::widgets
