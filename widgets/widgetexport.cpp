#include "widgetexport.h"

#include "filedialogs.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <QWidget>

namespace gatefold::widgets {

bool saveWidgetPicture(QWidget *widget, const QString &path, QString *error)
{
    if (!filedialogs::mayWrite(path, error))
        return false;
    const QString suffix = QFileInfo(path).suffix().toLower();
    // A widget never shown (e.g. a view in a hidden tab) has not been laid out: give it its natural size.
    if (!widget->isVisible()) {
        widget->ensurePolished();
        widget->adjustSize();
    }
    const QSize size = widget->size();
    bool ok = false;
    if (suffix == QLatin1String("png")) {
        QImage image(size * 2, QImage::Format_ARGB32);
        image.setDevicePixelRatio(2);
        image.fill(widget->palette().window().color());
        {
            QPainter p(&image);
            widget->render(&p);
        }
        ok = image.save(path, "PNG");
    } else if (suffix == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(QCoreApplication::applicationName());
        QPainter p;
        if (p.begin(&svg)) {
            widget->render(&p);
            ok = p.end();
        }
    } else if (suffix == QLatin1String("pdf")) {
        QPdfWriter pdf(path);
        pdf.setPageSize(QPageSize(QSizeF(size), QPageSize::Point));
        pdf.setPageMargins(QMarginsF());
        pdf.setResolution(72);
        QPainter p;
        if (p.begin(&pdf)) {
            widget->render(&p);
            ok = p.end();
        }
    } else {
        *error = QCoreApplication::translate("gatefold::widgets::WidgetExport",
                                             "%1: choose a .png, .svg or .pdf file name")
                     .arg(path);
        return false;
    }
    if (!ok || !QFileInfo(path).isFile() || QFileInfo(path).size() == 0) {
        *error = QCoreApplication::translate("gatefold::widgets::WidgetExport", "cannot write %1").arg(path);
        return false;
    }
    return true;
}

} // namespace gatefold::widgets
