// What a data set tells the researcher: its summary (classes, per-class
// counts), sample images as the model sees them, the input normalisation
// (measured or given, and checked), the bad-image policy in the run's log and
// metrics, decoding every file to find bad ones, the decoded-image cache, and
// `gatefold-cli data` as a child process on files the test writes.

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include "clirun.h"
#include "formatfiles.h"

#include "data/cifarbinary.h"
#include "data/datasets.h"
#include "data/datasetsummary.h"
#include "data/imagecheck.h"
#include "data/imagefolder.h"
#include "data/normalization.h"
#include "data/samples.h"
#include "data/transformeddataset.h"
#include "config/runconfigjson.h"
#include "config/fieldtable.h"
#include "config/runvalidation.h"
#include "train/trainer.h"

#include <QtTest/QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

#include <opencv2/imgcodecs.hpp>
#endif

using namespace gatefold;
using namespace gatefold::data;

using Result = gatefold::test::CliRun;
using gatefold::test::runCli;

namespace {

// A folder tree: `classes` classes of `perClass` 12×10 PNGs in train/ and 2 in val/.
void writeFolder(const QString &root, int classes, int perClass)
{
    for (const char *split : {"train", "val"})
        for (int c = 0; c < classes; ++c) {
            QDir().mkpath(QStringLiteral("%1/%2/c%3").arg(root, split).arg(c));
            const int n = QString(split) == "train" ? perClass : 2;
            for (int i = 0; i < n; ++i) {
                cv::Mat m(10, 12, CV_8UC3, cv::Scalar(10 + 60 * c, 20 * i, 200));
                cv::imwrite(QStringLiteral("%1/%2/c%3/i%4.png").arg(root, split).arg(c).arg(i).toStdString(), m);
            }
        }
}


DataConfig dataAt(const char *name, const QString &path)
{
    DataConfig c;
    c.name = name;
    c.path = path.toStdString();
    return c;
}

train::RunConfig folderRun(const QString &root)
{
    train::RunConfig r;
    auto &m = r.model;
    m.imageSize = 8;
    m.patchSize = 4;
    m.numClasses = 2;
    m.embedDim = 16;
    m.depth = 1;
    m.numHeads = 2;
    m.mlpRatio = 2.0;
    auto &t = r.train;
    t.data.name = "folder";
    t.data.path = root.toStdString();
    t.epochs = 2;
    t.batchSize = 4;
    t.evalBatchSize = 4;
    t.logEvery = 1;
    return r;
}

class Log : public train::TrainEvents
{
public:
    void metrics(const std::vector<store::MetricPoint> &points) override
    {
        for (const auto &p : points)
            last[p.key] = p.value;
    }
    void message(const QString &text) override { messages << text; }
    std::map<QString, double> last;
    QStringList messages;
};

} // namespace

class TstDataInfo : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void summaryCountsPerClass();
    void samplesAreWhatTheModelSees();
    void sampleGridLayout();
    void givenNormalisationIsUsed();
    void normalisationSettingsChecked();
    void normalisationJsonRoundTrip();
    void skipPolicyInLogAndMetrics();
    void skippedImageBringsItsLabel();
    void checkFindsBadFiles();
    void cacheKeepsPixelsAndBudget();
    void cliDescribesAndWritesSamples();
    void cliVerifyNamesBadFiles();

private:
    // A CIFAR-10 folder of 35 training and 13 validation images (formatfiles.h), opened at 32 px.
    std::unique_ptr<Dataset> cifarSet(const char *name, const AugmentConfig &augment = {})
    {
        const QString d = dir(name);
        writeCifar10(d, 7, 13);
        std::string error;
        auto data = openDataset(dataAt("cifar10", d), 32, &error, augment);
        if (!data)
            qFatal("%s", error.c_str());
        return data;
    }
    QString dir(const char *name)
    {
        const QString d = m_dir.filePath(QString::fromLatin1(name));
        QDir().mkpath(d);
        return d;
    }
    QTemporaryDir m_dir;
};

void TstDataInfo::summaryCountsPerClass()
{
    auto data = cifarSet("c10");  // labels i % 10: training images 0..34, test 1000..1012
    const auto s = summarizeDataset(*data);
    QCOMPARE(s.name, std::string("cifar10"));
    QCOMPARE(s.classNames.at(0), std::string("airplane"));
    QCOMPARE(s.classNames.at(9), std::string("truck"));
    QCOMPARE(s.trainSize, 35);
    QCOMPARE(s.valSize, 13);
    QCOMPARE(s.trainPerClass, (std::vector<std::int64_t>{4, 4, 4, 4, 4, 3, 3, 3, 3, 3}));
    QCOMPARE(s.valPerClass, (std::vector<std::int64_t>{2, 2, 2, 1, 1, 1, 1, 1, 1, 1}));
    const QString line = QString::fromStdString(describeDataset(*data));
    QVERIFY2(line.contains("cifar10: 10 classes (airplane, automobile, bird, cat, …), 35 training and 13 validation "
                           "images, 3 × 32 × 32"),
             qPrintable(line));
}

void TstDataInfo::samplesAreWhatTheModelSees()
{
    auto data = cifarSet("c10s");
    const auto samples = sampleImages(*data, Split::Train, 2);
    QCOMPARE(samples.size(), size_t(20));
    // Class by class, the first two images of each in index order.
    QCOMPARE(samples[0].index, 0);
    QCOMPARE(samples[1].index, 10);
    QCOMPARE(samples[2].index, 1);
    QCOMPARE(samples[19].index, 19);
    for (const auto &s : samples) {
        QCOMPARE(s.label, int(s.index % 10));
        QCOMPARE(s.image.type(), CV_8UC3);
        QCOMPARE(s.image.rows, 32);
    }
    QVERIFY2(QString::fromStdString(samples[1].origin).contains("data_batch_2.bin"), samples[1].origin.c_str());
    // Pixels exactly as stored (at the native size the transform is the identity), RGB order.
    const auto &s = samples[3];  // image 11
    for (int y : {0, 13, 31})
        for (int x : {0, 7, 31})
            for (int c = 0; c < 3; ++c)
                QCOMPARE(int(s.image.at<cv::Vec3b>(y, x)[c]), int(pixel(11, c, y, x)));
    // More per class than exist: what there is. Augmented: the run's augmentation (here a sure flip).
    QCOMPARE(sampleImages(*data, Split::Val, 5).size(), size_t(13));
    AugmentConfig aug;
    aug.hflip = 1.0;
    auto flipped = cifarSet("c10f", aug);
    const auto a = sampleImages(*flipped, Split::Train, 1, true, 7);
    QCOMPARE(int(a[0].image.at<cv::Vec3b>(5, 0)[1]), int(pixel(0, 1, 5, 31)));  // mirrored
}

void TstDataInfo::sampleGridLayout()
{
    auto data = cifarSet("c10g");
    const auto samples = sampleImages(*data, Split::Train, 3);
    const cv::Mat grid = sampleGrid(samples, data->classNames(), 64, 4);
    QCOMPARE(grid.type(), CV_8UC3);
    QCOMPARE(grid.rows, 10 * (64 + 4) + 4);  // 10 rows of 32 px images shown at 64 px
    QVERIFY(grid.cols > 3 * (64 + 4));
    // The first image of the first row, enlarged ×2 by nearest neighbour, ends the row's label column.
    const int x0 = grid.cols - 3 * (64 + 4) - 4;
    QCOMPARE(int(grid.at<cv::Vec3b>(4 + 2 * 5, x0 + 2 * 7 + 1)[0]), int(pixel(0, 0, 5, 7)));
    QCOMPARE(int(grid.at<cv::Vec3b>(4 + 2 * 5 + 1, x0 + 2 * 7)[2]), int(pixel(0, 2, 5, 7)));
    QVERIFY(sampleGrid({}, {}).empty());
}

void TstDataInfo::givenNormalisationIsUsed()
{
    const QString root = dir("norm");
    writeFolder(root, 2, 4);
    auto config = folderRun(root);
    config.train.data.mean = {0.25, 0.5, 0.75};
    config.train.data.std = {0.5, 0.25, 0.125};
    Log log;
    train::TrainerOptions options;
    options.runDir = dir("norm-run");
    options.events = &log;
    train::Trainer given(config, options);
    QString error;
    QVERIFY2(given.prepare(&error), qPrintable(error));
    QCOMPARE(given.normalization().mean, config.train.data.mean);
    QCOMPARE(given.normalization().std, config.train.data.std);
    QVERIFY(log.messages.isEmpty());  // prepare() keeps its lines until run() has said started
    QCOMPARE(given.run().end, train::TrainEnd::Finished);
    QVERIFY2(log.messages.join('\n').contains("input normalisation: mean 0.25 0.5 0.75, std 0.5 0.25 0.125 "
                                              "(data.mean, data.std)"),
             qPrintable(log.messages.join('\n')));
    QVERIFY2(log.messages.join('\n').contains("folder: 2 classes (c0, c1), 8 training and 4 validation images"),
             qPrintable(log.messages.join('\n')));
    // Measured: the per-channel mean of the training images as the model sees them.
    config.train.data.mean.clear();
    config.train.data.std.clear();
    train::Trainer measured(config, options);
    QVERIFY2(measured.prepare(&error), qPrintable(error));
    const auto &n = measured.normalization();
    QCOMPARE(n.mean.size(), size_t(3));
    // Written BGR (10 + 60c, 20i, 200) → RGB (200, 20i, 10 + 60c): mean over c = 0, 1 and i = 0..3.
    QVERIFY(std::fabs(n.mean[0] - 200.0 / 255) < 1e-6);
    QVERIFY(std::fabs(n.mean[1] - 30.0 / 255) < 1e-6);
    QVERIFY(std::fabs(n.mean[2] - 40.0 / 255) < 1e-6);
    // 8 uniform images of 8 × 8 px, half 10 and half 70: the unbiased std over their 512 pixels.
    QVERIFY(std::fabs(n.std[2] - std::sqrt(512.0 / 511.0 * 900.0) / 255) < 1e-6);
    // One value for an RGB data set: refused, naming both keys.
    config.train.data.mean = {0.5};
    config.train.data.std = {0.5};
    train::Trainer wrong(config, options);
    QVERIFY(!wrong.prepare(&error));
    QVERIFY2(error.contains("data.mean: 1 value(s) given in data.mean and data.std, but the data set folder delivers 3 "
                            "channel(s); give one per channel"),
             qPrintable(error));
}

void TstDataInfo::normalisationSettingsChecked()
{
    train::RunConfig config;
    std::string why;
    QVERIFY(!config::applyAssignment(config, "data.mean=0.5,abc", &why));
    QVERIFY2(QString::fromStdString(why).contains("numbers separated by commas"), why.c_str());
    QVERIFY(config::applyAssignment(config, "data.mean=123.7,116.3,103.5", &why));
    QVERIFY(config::applyAssignment(config, "data.std=0.2", &why));
    QStringList fields;
    for (const auto &p : train::validateRunConfig(config))
        fields << QString::fromStdString(p.field + ": " + p.message);
    const QString all = fields.join('\n');
    QVERIFY2(all.contains("data.mean: in the images' [0, 1] scale (e.g. 0.485, not 123.7)"), qPrintable(all));
    QVERIFY2(all.contains("data.mean: give data.mean and data.std together"), qPrintable(all));
    QVERIFY(config::applyAssignment(config, "data.mean=auto", &why));
    QVERIFY(config::applyAssignment(config, "data.std=auto", &why));
    for (const auto &p : train::validateRunConfig(config))
        QVERIFY2(p.field.rfind("data.", 0) != 0, (p.field + ": " + p.message).c_str());
    QVERIFY(config.train.data.mean.empty());
}

void TstDataInfo::normalisationJsonRoundTrip()
{
    train::RunConfig config;
    config.train.data.mean = {0.48145466, 0.4578275, 0.40821073};
    config.train.data.std = {0.26862954, 0.26130258, 0.27577711};
    const QByteArray json = train::runConfigToJson(config);
    const auto object = QJsonDocument::fromJson(json).object();
    const auto flat = object.contains("data.mean") ? object.value("data.mean")
                                                  : object.value("data").toObject().value("mean");
    QVERIFY2(flat.isArray(), json.constData());
    train::RunConfig back;
    QStringList errors;
    QVERIFY2(train::runConfigFromJson(json, &back, &errors), qPrintable(errors.join('\n')));
    QCOMPARE(back.train.data.mean, config.train.data.mean);  // exact: 17 digits
    QCOMPARE(back.train.data.std, config.train.data.std);
    train::RunConfig defaults;
    QVERIFY(train::runConfigFromJson(train::runConfigToJson(defaults), &back, &errors));
    QVERIFY(back.train.data.mean.empty());
    QVERIFY(!train::runConfigFromJson(R"({"data.mean": [0.5, "x", 0.5]})", &back, &errors, true));
    QVERIFY2(errors.join('\n').contains("data.mean"), qPrintable(errors.join('\n')));
}

void TstDataInfo::skipPolicyInLogAndMetrics()
{
    const QString root = dir("skiprun");
    writeFolder(root, 2, 4);
    writeBytes(root + "/train/c1/broken.jpg", {0xff, 0xd8, 0xff, 0xe0, 0, 16, 'J', 'F'});
    auto config = folderRun(root);
    config.train.data.skipBadImages = true;
    config.train.batchSize = 3;  // 9 images: every image is drawn each epoch
    Log log;
    train::TrainerOptions options;
    options.runDir = dir("skiprun-out");
    options.events = &log;
    train::Trainer trainer(config, options);
    QString error;
    QVERIFY2(trainer.prepare(&error), qPrintable(error));
    const auto outcome = trainer.run();
    QCOMPARE(outcome.end, train::TrainEnd::Finished);
    const QString all = log.messages.join('\n');
    QVERIFY2(all.contains("undecodable images: skip and count (data.bad_images=skip)"), qPrintable(all));
    QVERIFY2(all.contains("skipped 1 undecodable image(s) so far (data.bad_images=skip); latest: ")
                 && all.contains("broken.jpg: cannot be decoded"),
             qPrintable(all));
    QCOMPARE(all.count("skipped 1 undecodable"), 1);  // said once, though it is met every epoch
    QCOMPARE(log.last.at("data/skipped_images"), 1.0);
    // The stop policy: the run fails naming the file.
    config.train.data.skipBadImages = false;
    Log stopLog;
    options.events = &stopLog;
    options.runDir = dir("stoprun-out");
    train::Trainer early(config, options);
    QVERIFY(!early.prepare(&error));  // measuring the normalisation meets the file first
    QVERIFY2(error.contains("broken.jpg: cannot be decoded"), qPrintable(error));
    config.train.data.mean = {0.5, 0.5, 0.5};
    config.train.data.std = {0.25, 0.25, 0.25};
    train::Trainer stopper(config, options);
    QVERIFY2(stopper.prepare(&error), qPrintable(error));
    const auto failed = stopper.run();
    QVERIFY2(stopLog.messages.join('\n').contains("undecodable images: stop the run (data.bad_images=stop)"),
             qPrintable(stopLog.messages.join('\n')));
    QCOMPARE(failed.end, train::TrainEnd::Failed);
    QVERIFY2(failed.message.contains("broken.jpg: cannot be decoded") && failed.message.contains("data.bad_images=skip"),
             qPrintable(failed.message));
}

void TstDataInfo::skippedImageBringsItsLabel()
{
    const QString root = dir("skiplabel");
    for (int c = 0; c < 2; ++c)
        for (const char *split : {"train", "val"})
            QDir().mkpath(QStringLiteral("%1/%2/c%3").arg(root, split).arg(c));
    // Last of class 0 (index 0): a PNG's signature, then nothing a decoder can use (a file that is not a
    // PNG at all is left out already when the folder is opened).
    writeBytes(root + "/train/c0/z_bad.png", {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 1, 2, 3});
    cv::imwrite((root + "/train/c1/a.png").toStdString(), cv::Mat(8, 8, CV_8UC3, cv::Scalar(1, 2, 3)));
    for (int c = 0; c < 2; ++c)
        cv::imwrite(QStringLiteral("%1/val/c%2/v.png").arg(root).arg(c).toStdString(), cv::Mat(8, 8, CV_8UC3));
    std::string error;
    DataConfig dc = dataAt("folder", root);
    dc.skipBadImages = true;
    auto data = openDataset(dc, 8, &error);
    QVERIFY2(data, error.c_str());
    QCOMPARE(data->size(Split::Train), 2);
    QCOMPARE(data->label(Split::Train, 0), 0);
    const auto [images, labels] = data->batch(Split::Train, {0, 1});
    // Image 0 (class c0) cannot be decoded; its replacement is image 1, and so is its label (c1).
    QCOMPARE(labels[0].item<int>(), 1);
    QVERIFY(torch::equal(images[0], images[1]));
    data->batch(Split::Train, {0});
    QCOMPARE(data->skippedImages(), 1);  // distinct images, not encounters
    QVERIFY2(QString::fromStdString(data->lastSkipped()).contains("z_bad.png"), data->lastSkipped().c_str());
}

void TstDataInfo::checkFindsBadFiles()
{
    const QString root = dir("check");
    writeFolder(root, 3, 5);
    writeBytes(root + "/train/c2/truncated.jpg", {0xff, 0xd8, 0xff, 0xe0, 0, 16});
    writeBytes(root + "/val/c0/empty.png", {});
    std::string error;
    ImageFolderOptions listEveryFile;  // as `data --verify` opens it: an empty file must not stop the listing
    listEveryFile.skipBadFiles = true;
    auto source = ImageFolder::open(root.toStdString(), listEveryFile, &error);
    QVERIFY2(source, error.c_str());
    std::int64_t lastDone = 0, total = 0;
    const auto check = checkImages(*source, 20, [&](std::int64_t done, std::int64_t all) {
        QVERIFY(done >= lastDone);
        lastDone = done;
        total = all;
    });
    QCOMPARE(check.checked, 3 * 5 + 1 + 3 * 2 + 1);
    QCOMPARE(lastDone, check.checked);
    QCOMPARE(total, check.checked);
    QCOMPARE(check.bad, 2);
    QCOMPARE(check.problems.size(), size_t(2));
    const QString all = QString::fromStdString(check.problems[0] + "\n" + check.problems[1]);
    QVERIFY2(all.contains("truncated.jpg") && all.contains("empty.png"), qPrintable(all));
    QCOMPARE(checkImages(*source, 1).problems.size(), size_t(1));  // the count stays whole
    QCOMPARE(checkImages(*source, 1).bad, 2);
}

void TstDataInfo::cacheKeepsPixelsAndBudget()
{
    const QString root = dir("cache");
    writeFolder(root, 2, 6);
    std::string error;
    DataConfig dc = dataAt("folder", root);
    AugmentConfig aug;
    aug.randomResizedCrop = true;
    aug.hflip = 0.5;
    auto plain = openDataset(dc, 8, &error, aug);
    dc.cacheMb = 1;
    auto cached = openDataset(dc, 8, &error, aug);
    auto *t = dynamic_cast<TransformedDataset *>(cached.get());
    QVERIFY(t);
    const std::vector<std::int64_t> idx = {0, 3, 5, 7, 11, 3};
    const std::vector<std::uint64_t> seeds = {1, 2, 3, 4, 5, 6};
    for (int round = 0; round < 2; ++round) {  // decoded, then from the cache: the same pixels
        QVERIFY(torch::equal(plain->trainBatch(idx, seeds).first, cached->trainBatch(idx, seeds).first));
        QVERIFY(torch::equal(plain->batch(Split::Val, {0, 3}).first, cached->batch(Split::Val, {0, 3}).first));
    }
    QCOMPARE(t->cachedImages(), 5 + 2);
    // A budget smaller than an image keeps nothing; in-memory formats are never cached.
    TransformedDataset tiny(ImageFolder::open(root.toStdString(), {}, &error), 8, 1.0, BadImagePolicy::Stop);
    tiny.setCacheBudget(0);
    tiny.batch(Split::Train, {0, 1});
    QCOMPARE(tiny.cachedImages(), 0);
    const QString c10 = dir("c10c");
    writeCifar10(c10, 2, 2);
    TransformedDataset cifar(CifarBinary::open(c10.toStdString(), false, false, &error), 32, 1.0, BadImagePolicy::Stop);
    cifar.setCacheBudget(64);
    cifar.batch(Split::Train, {0, 1});
    QCOMPARE(cifar.cachedImages(), 0);
}

void TstDataInfo::cliDescribesAndWritesSamples()
{
    const QString d = dir("cli-c10");
    writeCifar10(d, 7, 13);
    const QString png = m_dir.filePath("samples.png");
    const Result r = runCli({"data", "--json", "--set", "data.name=cifar10", "--set", "data.path=" + d, "--set",
                             "img_size=32", "--samples", png, "--per-class", "2", "--split", "train"});
    QCOMPARE(r.exitCode, 0);
    const auto o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(o.value("name").toString(), QStringLiteral("cifar10"));
    QCOMPARE(o.value("train_images").toInteger(), 35);
    QCOMPARE(o.value("val_images").toInteger(), 13);
    QCOMPARE(o.value("classes").toArray().size(), 10);
    QCOMPARE(o.value("train_per_class").toArray().at(0).toInteger(), 4);
    QCOMPARE(o.value("normalization").toString(), QStringLiteral("measured"));
    QCOMPARE(o.value("mean").toArray().size(), 3);
    QCOMPARE(o.value("samples").toObject().value("images").toArray().size(), 20);
    const cv::Mat grid = cv::imread(png.toStdString());
    QCOMPARE(grid.rows, 10 * (64 + 4) + 4);
    // Text output names the normalisation source; a missing folder is a clear error, exit 1.
    const Result text = runCli({"data", "--set", "data.name=cifar10", "--set", "data.path=" + d, "--set",
                                "img_size=32", "--set", "data.mean=0.5,0.5,0.5", "--set", "data.std=0.25,0.25,0.25"});
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.out.contains("normalisation  mean 0.5 0.5 0.5, std 0.25 0.25 0.25 (data.mean, data.std)"),
             qPrintable(text.out));
    const Result missing = runCli({"data", "--set", "data.name=cifar10", "--set", "data.path=" + d + "/nothing"});
    QCOMPARE(missing.exitCode, 1);
    QVERIFY2(missing.err.contains(d + "/nothing' does not exist"), qPrintable(missing.err));
    const Result usage = runCli({"data", "--per-class", "0"});
    QCOMPARE(usage.exitCode, 2);
    QVERIFY2(usage.err.contains("--per-class"), qPrintable(usage.err));
    // A folder that is not there: said before the data set is read (exit 2), nothing written.
    const Result unwritable = runCli({"data", "--samples", m_dir.filePath("no/such/dir/s.png")});
    QCOMPARE(unwritable.exitCode, 2);
    QVERIFY2(unwritable.err.contains(m_dir.filePath("no/such/dir")) && unwritable.err.contains("does not exist"),
             qPrintable(unwritable.err));
}

void TstDataInfo::cliVerifyNamesBadFiles()
{
    const QString root = dir("cli-verify");
    writeFolder(root, 2, 3);
    const QStringList base = {"data", "--set", "data.name=folder", "--set", "data.path=" + root, "--set",
                              "num_classes=2", "--verify"};
    const Result good = runCli(base);
    QCOMPARE(good.exitCode, 0);
    QVERIFY2(good.out.contains("verified       10 images, 0 bad"), qPrintable(good.out));
    writeBytes(root + "/val/c1/bad.webp", {'R', 'I', 'F', 'F', 4, 0, 0, 0, 'W', 'E', 'B', 'P'});
    const Result bad = runCli(base + QStringList{"--json"});
    QCOMPARE(bad.exitCode, 1);
    const auto v = QJsonDocument::fromJson(bad.out.toUtf8()).object().value("verify").toObject();
    QCOMPARE(v.value("checked").toInteger(), 11);
    QCOMPARE(v.value("bad").toInteger(), 1);
    QVERIFY2(v.value("problems").toArray().at(0).toString().contains("bad.webp"), qPrintable(bad.out));
    // A bad training file stops the measurement of the normalisation, but not the listing.
    writeBytes(root + "/train/c0/cut.png", {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'});
    const Result both = runCli(base);
    QCOMPARE(both.exitCode, 1);
    QVERIFY2(both.out.contains("normalisation  cannot be measured: ") && both.out.contains("cut.png")
                 && both.out.contains("verified       12 images, 2 bad"),
             qPrintable(both.out));
    const Result plain = runCli(base.mid(0, base.size() - 1));  // without --verify
    QCOMPARE(plain.exitCode, 1);
    QVERIFY2(plain.err.contains("--verify` lists every file"), qPrintable(plain.err));
}

GATEFOLD_TEST_MAIN(TstDataInfo)
#include "tst_datainfo.moc"
