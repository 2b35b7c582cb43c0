#include "datacommand.h"
#include "clitext.h"

#include "clicommon.h"
#include "runoptions.h"

#include "data/datasets.h"
#include "data/imagesource.h"
#include "data/datasetsummary.h"
#include "data/imagecheck.h"
#include "data/normalization.h"
#include "data/samples.h"
#include "data/transformeddataset.h"
#include "files/userfile.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cstdio>
#include <unistd.h>

namespace gatefold::cli {
namespace {

QJsonArray toJson(const std::vector<double> &v)
{
    QJsonArray a;
    for (double x : v)
        a.append(x);
    return a;
}

QJsonArray toJson(const std::vector<std::int64_t> &v)
{
    QJsonArray a;
    for (auto x : v)
        a.append(qint64(x));
    return a;
}

QString range(const std::vector<std::int64_t> &counts)
{
    if (counts.empty())
        return QStringLiteral("-");
    const auto [lo, hi] = std::minmax_element(counts.begin(), counts.end());
    return *lo == *hi ? QString::number(*lo) : QStringLiteral("%1-%2").arg(*lo).arg(*hi);
}

// Why the sample grid cannot be written to `path` (checked before anything is read): a format
// OpenCV would not write, a folder, a device or a fifo, a folder that is missing or not writable.
QString samplesPathProblem(const QString &path)
{
    const QFileInfo info(path);
    const std::string name = QFile::encodeName(path).toStdString();
    if (info.isDir())
        return tr("--samples %1 is a folder; give a file in it, e.g. %2").arg(path, QDir(path).filePath("samples.png"));
    if ((info.exists() || info.isSymLink()) && !info.isFile())  // /dev/full, a fifo, a dangling or looping link
        return tr("--samples %1 %2; give the name of a PNG or JPEG file to write")
            .arg(path, QString::fromStdString(files::fileKindProblem(name)));
    const QString suffix = info.suffix().toLower();
    if (suffix != "png" && suffix != "jpg" && suffix != "jpeg")
        return suffix.isEmpty()
            ? tr("--samples %1 has no extension; give a file name ending in .png or .jpg").arg(path)
            : tr("--samples %1: .%2 is not a format the sample grid is written in; use .png or .jpg").arg(path, suffix);
    const QString folder = info.absolutePath();
    if (const std::string problem = files::folderProblem(QFile::encodeName(folder).toStdString()); !problem.empty())
        return tr("--samples %1: its folder %2").arg(path, QString::fromStdString(problem));
    if (!QFileInfo(folder).isWritable())
        return tr("--samples %1: the folder %2 is not writable for this user; give a file in a folder you may write")
            .arg(path, folder);
    return {};
}

// The grid encoded as the file's extension says, written whole or not at all; false with a message on stderr.
bool writeGrid(const cv::Mat &grid, const QString &path)
{
    cv::Mat bgr;
    std::vector<uchar> bytes;
    try {
        cv::cvtColor(grid, bgr, cv::COLOR_RGB2BGR);
        if (!cv::imencode(("." + QFileInfo(path).suffix().toLower()).toStdString(), bgr, bytes))
            bytes.clear();
    } catch (const cv::Exception &e) {  // OpenCV's own words: only what it says went wrong, not where
        printErr(tr("error: --samples %1: the grid cannot be encoded (%2)").arg(path, QString::fromStdString(e.err)));
        return false;
    }
    QSaveFile file(path);
    if (bytes.empty() || !file.open(QIODevice::WriteOnly)
        || file.write(reinterpret_cast<const char *>(bytes.data()), qint64(bytes.size())) != qint64(bytes.size())
        || !file.commit()) {
        printErr(tr("error: --samples %1: cannot write it (%2); nothing was written")
                     .arg(path, bytes.empty() ? tr("the grid cannot be encoded") : file.errorString()));
        return false;
    }
    return true;
}

// Writes the sample grid; false with a message on stderr.
bool writeSamples(const data::Dataset &data, const QString &path, data::Split split, int perClass, bool augmented,
                  std::uint64_t seed, QJsonObject *json)
{
    std::vector<data::Sample> samples;
    try {
        samples = data::sampleImages(data, split, perClass, augmented, seed);
    } catch (const data::DataError &e) {
        printErr(tr("error: --samples: %1").arg(QString::fromStdString(e.what())));
        return false;
    }
    const cv::Mat grid = data::sampleGrid(samples, data.classNames());
    if (grid.empty()) {
        printErr(tr("error: --samples: the split holds no images"));
        return false;
    }
    if (!writeGrid(grid, path))
        return false;
    QJsonArray list;
    for (const auto &s : samples)
        list.append(QJsonObject{{"index", qint64(s.index)}, {"label", s.label},
                                {"origin", QString::fromStdString(s.origin)}});
    json->insert("samples", QJsonObject{{"file", QFileInfo(path).absoluteFilePath()},
                                        {"split", split == data::Split::Train ? "train" : "val"},
                                        {"augmented", augmented},
                                        {"images", list}});
    return true;
}

// What `data` is asked to describe and write, every option checked.
struct DataRequest {
    train::RunConfig config;
    int perClass = 8;
    QString splitName;              // train or val
    std::optional<QString> samples; // the grid's file
    bool augmented = false;
    bool verify = false;
    bool json = false;
};

// The data set opened, summarised and its normalisation measured or given (or why not).
struct DataDescription {
    std::unique_ptr<data::Dataset> data;
    data::DatasetSummary summary;
    data::Normalization norm;
    QString normError;  // empty: measured or given
};

void addDataOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        tr("Describe the data set a run config names (data.*, img_size, aug.*): classes, images per split and\n"
           "class, the input normalisation; optionally write a grid of sample images as the model sees them\n"
           "and decode every file to find the bad ones."));
    parser.addHelpOption();
    addRunConfigOptions(parser);
    parser.addOption({"json", tr("Print the description as one JSON object.")});
    parser.addOption({"samples", tr("Write a grid of sample images (a row per class) to this PNG or JPEG file."),
                      tr("file")});
    parser.addOption({"per-class", tr("Sample images per class (default 8)."), tr("n"), QStringLiteral("8")});
    parser.addOption({"split", tr("Split the samples come from: train or val (default val)."), tr("split"),
                      QStringLiteral("val")});
    parser.addOption({"augmented", tr("Samples of the training split through the run's augmentation (aug.*).")});
    parser.addOption({"verify", tr("Decode every image of both splits and list those that cannot be read "
                                   "(exit status 1 if any).")});
}

// Every problem of the options printed at once; nullopt when there was any.
std::optional<DataRequest> dataRequest(const QCommandLineParser &parser)
{
    QStringList errors;
    const auto config = runConfigFromOptions(parser, &errors);
    DataRequest request;
    bool ok = false;
    request.perClass = parser.value("per-class").toInt(&ok);
    if (!ok || request.perClass < 1 || request.perClass > 100)
        errors << tr("--per-class must be a whole number from 1 to 100, not '%1'").arg(parser.value("per-class"));
    request.augmented = parser.isSet("augmented");
    request.splitName = request.augmented ? QStringLiteral("train") : parser.value("split");
    if (request.splitName != "train" && request.splitName != "val")
        errors << tr("--split must be train or val, not '%1'").arg(request.splitName);
    if (parser.isSet("samples")) {
        request.samples = parser.value("samples");
        if (const QString problem = samplesPathProblem(*request.samples); !problem.isEmpty())
            errors << problem;
    }
    if (!config || !errors.isEmpty()) {
        printErrors(tr("cannot describe the data set:"), errors);
        return std::nullopt;
    }
    request.config = *config;
    request.verify = parser.isSet("verify");
    request.json = parser.isSet("json");
    return request;
}

// The data set opened and described; nullopt with `error` when it cannot be opened.
std::optional<DataDescription> describeData(const DataRequest &request, CommandError *error)
{
    const auto &dc = request.config.train.data;
    const int imageSize = request.config.model.imageSize;
    DataDescription d;
    std::string why;
    d.data = data::openDataset(dc, imageSize, &why, request.config.train.augment);
    // --verify lists every file that cannot be read: a folder's unreadable files must not stop the opening.
    // Opened that way, the normalisation is not measured (it would leave the bad files out silently).
    if (!d.data && request.verify && !dc.skipBadImages) {
        data::DataConfig opening = dc;
        opening.skipBadImages = true;
        d.normError = QString::fromStdString(why);
        d.data = data::openDataset(opening, imageSize, &why, request.config.train.augment);
    }
    if (!d.data) {
        *error = commandError(ExitFailure, QString::fromStdString(why));
        return std::nullopt;
    }
    d.summary = data::summarizeDataset(*d.data);
    // A bad file must not keep --verify from listing them all: a failed measurement is reported, not fatal.
    try {
        if (d.normError.isEmpty())
            d.norm = dc.mean.empty() ? data::measureNormalization(*d.data) : data::Normalization{dc.mean, dc.std};
    } catch (const data::DataError &e) {
        d.normError = QString::fromStdString(e.what());
    }
    return d;
}

QJsonObject descriptionJson(const DataDescription &d, const data::DataConfig &dc)
{
    const auto &summary = d.summary;
    QJsonObject out{{"name", QString::fromStdString(summary.name)},
                    {"path", QString::fromStdString(dc.path)},
                    {"channels", summary.channels},
                    {"image_size", summary.imageSize},
                    {"train_images", qint64(summary.trainSize)},
                    {"val_images", qint64(summary.valSize)},
                    {"train_per_class", toJson(summary.trainPerClass)},
                    {"val_per_class", toJson(summary.valPerClass)},
                    {"mean", toJson(d.norm.mean)},
                    {"std", toJson(d.norm.std)},
                    {"normalization", !d.normError.isEmpty() ? "failed" : dc.mean.empty() ? "measured" : "given"},
                    {"bad_images", dc.skipBadImages ? "skip" : "stop"}};
    QJsonArray classes;
    for (const auto &name : summary.classNames)
        classes.append(QString::fromStdString(name));
    out.insert("classes", classes);
    QJsonArray notices;  // what the reader passed over: hidden entries, files of other formats, nested folders
    for (const auto &notice : d.data->notices())
        notices.append(QString::fromStdString(notice));
    out.insert("notices", notices);
    return out;
}

void printDescription(const DataDescription &d, const data::DataConfig &dc)
{
    const auto &summary = d.summary;
    const auto &names = summary.classNames;
    QStringList shown;
    for (size_t c = 0; c < names.size() && c < 12; ++c)
        shown << QString::fromStdString(names[c]);
    if (names.size() > 12)
        shown << QStringLiteral("… (%1 more)").arg(names.size() - 12);
    printOut(QStringLiteral("data set       %1%2").arg(QString::fromStdString(summary.name),
                                                     dc.path.empty() ? QString() : QStringLiteral(" (%1)").arg(QString::fromStdString(dc.path))));
    printOut(QStringLiteral("classes        %1: %2").arg(names.size()).arg(shown.join(QStringLiteral(", "))));
    printOut(QStringLiteral("images         %1 training, %2 validation; the model sees %3 x %4 x %4")
                 .arg(summary.trainSize)
                 .arg(summary.valSize)
                 .arg(summary.channels)
                 .arg(summary.imageSize));
    printOut(QStringLiteral("per class      training %1, validation %2")
                 .arg(range(summary.trainPerClass), range(summary.valPerClass)));
    if (!d.normError.isEmpty())
        printOut(QStringLiteral("normalisation  cannot be measured: %1").arg(d.normError));
    else
        printOut(QStringLiteral("normalisation  %1 (%2)")
                 .arg(QString::fromStdString(data::describeNormalization(d.norm)),
                      dc.mean.empty() ? QStringLiteral("measured on the first %1 training images")
                                            .arg(std::min(data::kNormalizationImages, summary.trainSize))
                                      : QStringLiteral("data.mean, data.std")));
    printOut(QStringLiteral("bad images     %1").arg(dc.skipBadImages ? tr("skip and count") : tr("stop the run")));
    for (const auto &notice : d.data->notices())
        printOut(QStringLiteral("passed over    %1").arg(QString::fromStdString(notice)));
    if (names.size() < 2)
        printOut(QStringLiteral("warning        a classifier needs at least 2 classes: a run refuses this data set"));
}

// Decodes every image of both splits, with a count on a terminal's stderr while it goes.
data::ImageCheck verifyImages(const data::Dataset &data, bool json)
{
    const auto *transformed = dynamic_cast<const data::TransformedDataset *>(&data);
    const bool tty = !json && isatty(STDERR_FILENO);
    const auto check = data::checkImages(transformed->source(), 20, [tty](std::int64_t done, std::int64_t total) {
        if (tty)
            std::fprintf(stderr, "\rchecking images %lld/%lld", (long long)done, (long long)total);
    });
    if (tty)
        std::fprintf(stderr, "\n");
    return check;
}

QJsonObject verifyJson(const data::ImageCheck &check)
{
    QJsonArray problems;
    for (const auto &p : check.problems)
        problems.append(QString::fromStdString(p));
    return QJsonObject{{"checked", qint64(check.checked)}, {"bad", qint64(check.bad)}, {"problems", problems}};
}

void printVerify(const data::ImageCheck &check)
{
    printOut(QStringLiteral("verified       %1 images, %2 bad").arg(check.checked).arg(check.bad));
    for (const auto &p : check.problems)
        printOut(QStringLiteral("  %1").arg(QString::fromStdString(p)));
    if (check.bad > qint64(check.problems.size()))
        printOut(QStringLiteral("  … and %1 more").arg(check.bad - qint64(check.problems.size())));
}

// --samples: the grid written and said; false with a message on stderr.
bool writeRequestedSamples(const DataRequest &request, const data::Dataset &data, QJsonObject *out)
{
    const auto split = request.splitName == "train" ? data::Split::Train : data::Split::Val;
    if (!writeSamples(data, *request.samples, split, request.perClass, request.augmented, request.config.train.seed, out))
        return false;
    if (!request.json)
        printOut(QStringLiteral("samples        %1 (%2 split%3, %4 per class)")
                     .arg(*request.samples, request.splitName, request.augmented ? tr(", augmented") : QString())
                     .arg(request.perClass));
    return true;
}

} // namespace

int runData(const QStringList &arguments)
{
    QCommandLineParser parser;
    addDataOptions(parser);
    if (const auto exitCode = parseOrExit(parser, arguments))
        return *exitCode;
    const auto request = dataRequest(parser);
    if (!request)
        return ExitUsage;
    const auto &dc = request->config.train.data;
    CommandError error;
    const auto description = describeData(*request, &error);
    if (!description)
        return printCommandError(error);
    QJsonObject out = descriptionJson(*description, dc);
    if (!request->json)
        printDescription(*description, dc);
    if (request->samples && !writeRequestedSamples(*request, *description->data, &out))
        return ExitFailure;
    int exitCode = description->normError.isEmpty() ? ExitOk : ExitFailure;
    if (request->verify) {
        const auto check = verifyImages(*description->data, request->json);
        out.insert("verify", verifyJson(check));
        if (!request->json)
            printVerify(check);
        if (check.bad > 0)
            exitCode = ExitFailure;
    }
    if (!description->normError.isEmpty()) {
        out.insert("normalization_error", description->normError);
        if (!request->verify)
            printErr(tr("error: %1\n`--verify` lists every file that cannot be read; data.bad_images=skip trains "
                        "without them").arg(description->normError));
    }
    if (request->json)
        printOut(QString::fromUtf8(QJsonDocument(out).toJson(QJsonDocument::Compact)));
    return exitCode;
}

} // namespace gatefold::cli
