#include "appsettings.h"

#include <QApplication>
#include <QPalette>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>

#include <algorithm>

namespace gatefold::widgets {
namespace appsettings {

QString storePath()
{
    return QSettings().value(QStringLiteral("store/path")).toString();
}

void setStorePath(const QString &path)
{
    QSettings().setValue(QStringLiteral("store/path"), path);
}

int runsAtATime()
{
    return std::clamp(QSettings().value(QStringLiteral("queue/runsAtATime"), 1).toInt(), 1, 64);
}

void setRunsAtATime(int runs)
{
    QSettings().setValue(QStringLiteral("queue/runsAtATime"), std::clamp(runs, 1, 64));
}

int threads()
{
    return QSettings().value(QStringLiteral("compute/threads"), 0).toInt();
}

void setThreads(int threads)
{
    QSettings().setValue(QStringLiteral("compute/threads"), threads);
}

QString device()
{
    return QSettings().value(QStringLiteral("compute/device"), QStringLiteral("auto")).toString();
}

void setDevice(const QString &device)
{
    QSettings().setValue(QStringLiteral("compute/device"), device);
}

QString language()
{
    return QSettings().value(QStringLiteral("ui/language")).toString();
}

void setLanguage(const QString &language)
{
    QSettings().setValue(QStringLiteral("ui/language"), language);
}

RunPlace runPlace()
{
    return QSettings().value(QStringLiteral("launch/place")).toString() == QLatin1String("slurm") ? RunPlace::Slurm
                                                                                                  : RunPlace::ThisMachine;
}

void setRunPlace(RunPlace place)
{
    QSettings().setValue(QStringLiteral("launch/place"),
                         place == RunPlace::Slurm ? QStringLiteral("slurm") : QStringLiteral("local"));
}

slurm::SlurmOptions slurmOptions()
{
    const QByteArray json = QSettings().value(QStringLiteral("launch/slurmOptions")).toByteArray();
    return json.isEmpty() ? slurm::SlurmOptions{} : slurm::slurmOptionsFromJson(json, nullptr).value_or(slurm::SlurmOptions{});
}

void setSlurmOptions(const slurm::SlurmOptions &options)
{
    QSettings().setValue(QStringLiteral("launch/slurmOptions"), slurm::toJson(options));
}

QString theme()
{
    return QSettings().value(QStringLiteral("ui/theme"), QStringLiteral("system")).toString();
}

void setTheme(const QString &theme)
{
    QSettings().setValue(QStringLiteral("ui/theme"), theme);
}

} // namespace appsettings

void applyTheme(const QString &theme)
{
    static const QPalette systemPalette = QApplication::palette();
    if (theme == QLatin1String("system")) {
        QApplication::setPalette(systemPalette);
        return;
    }
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    if (theme != QLatin1String("dark")) {
        QApplication::setPalette(QApplication::style()->standardPalette());
        return;
    }
    QPalette p;
    const QColor window(0x2b, 0x2b, 0x2b), base(0x1e, 0x1e, 0x1e), text(0xe0, 0xe0, 0xe0);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, window);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::Highlight, QColor(0x2a, 0x82, 0xda));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::PlaceholderText, QColor(0x90, 0x90, 0x90));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x80, 0x80, 0x80));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x80, 0x80, 0x80));
    QApplication::setPalette(p);
}

} // namespace gatefold::widgets
