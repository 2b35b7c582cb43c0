// report.json (the window reads what a gatefold-cli analyze child wrote, and
// a file may be damaged or of another version): read by the one strict
// reader, refused with a reason, and what it accepts writes back to JSON that
// reads back to a report writing the very same bytes.

#include "fuzzharnesses.h"

#include "report/reportjson.h"
#include "report/reportreader.h"

namespace gatefold::fuzz {

bool fuzzReport(const std::uint8_t *data, std::size_t size)
{
    const QByteArray bytes = QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size));
    QString error;
    QStringList files;
    const auto report = report::readReportJson(bytes, &error, &files);
    if (!report) {
        FUZZ_CHECK(!error.isEmpty(), "refused without a reason");
        return false;
    }
    const QByteArray again = report::reportJson(*report, files);
    QStringList filesAgain;
    const auto back = report::readReportJson(again, &error, &filesAgain);
    FUZZ_CHECK(back.has_value(), "a report it accepted, written again, is refused: " + error);
    FUZZ_CHECK(filesAgain == files, "the list of files changes on the way");
    FUZZ_CHECK(report::reportJson(*back, filesAgain) == again, "a report read back writes other bytes");
    return true;
}

} // namespace gatefold::fuzz
