#include "usertext.h"

#include "files/userfile.h"

#include <QFile>

namespace gatefold::json {

std::optional<QByteArray> readUserText(const QString &path, QString *error, qint64 maxBytes)
{
    std::string content;
    std::string why;
    const bool ok = path == QLatin1String("-")
                        ? files::readStandardInput(std::uint64_t(maxBytes), &content, &why)
                        : files::readFile(QFile::encodeName(path).toStdString(), std::uint64_t(maxBytes),
                                          files::Accept::RegularOrStream, &content, &why);
    if (!ok) {
        if (error)
            *error = QString::fromStdString(why);
        return std::nullopt;
    }
    return QByteArray::fromStdString(content);
}

} // namespace gatefold::json
