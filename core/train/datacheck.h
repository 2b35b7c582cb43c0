#pragma once

#include "config/trainconfig.h"

#include "config/dataconfig.h"
#include "data/dataset.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <vector>

namespace gatefold::train {

// One finding of a check: the setting it concerns and what is wrong (or
// worth knowing) and what to do.
struct CheckItem {
    QString key;
    QString message;
    QString line() const { return key.isEmpty() ? message : key + QStringLiteral(": ") + message; }
};

// What the data set turned out to hold (when it could be opened).
struct DataFacts {
    bool opened = false;
    QString name;
    int classes = 0;
    int channels = 0;
    std::int64_t trainImages = 0;
    std::int64_t valImages = 0;
    QStringList classNames;                   // in label order
    std::vector<std::int64_t> trainPerClass;  // images per label
    std::vector<std::int64_t> valPerClass;
};

// What `data` holds (its summary: classes, channels, images per split and class).
DataFacts dataFactsOf(const data::Dataset &data);

struct DataCheck {
    std::vector<CheckItem> problems;  // the run cannot train as configured
    std::vector<CheckItem> warnings;  // it can, but probably not as meant
    DataFacts data;
};

// Everything about a run's inputs that can be known before the run exists:
// the data set opens (its folder and files are there, readable, of the right
// size and kind, their headers sound, every image file of a supported format
// by its first bytes), it has 2 classes or more, its classes and channels match
// num_classes and in_chans, data.mean/std have one value per channel, a
// training step finds a full batch, init.from is a readable file — and, as
// warnings, schedules the run is too short for (a joining warm-up that does
// not end before the run does, metrics or epoch checkpoints that never come,
// image files left out as bad with data.bad_images=skip, entries the reader
// passed over: hidden ones, files of other formats). Reads the data set's files
// (a CIFAR or MNIST set whole, an image folder's listing and the first bytes
// of each image), decodes no image.
// `cache` (optional) keeps what each data set opened to, for checking many
// configs of one sweep without reading its files again.
struct DataCheckCache;
DataCheck checkData(const RunConfig &config, DataCheckCache *cache = nullptr);

struct DataCheckCache {
    struct Entry {
        data::DataConfig data;
        int imageSize = 0;
        DataFacts facts;
        std::vector<CheckItem> problems;  // opening it
        std::vector<CheckItem> warnings;
    };
    std::vector<Entry> entries;
};

// checkData's problems as "key: message" lines (what `gatefold-cli train` refuses a config for).
QStringList checkDataFits(const RunConfig &config);

// The problems of a data set with these facts for `config`: fewer than 2 classes, classes, channels,
// data.mean/std, batch size.
std::vector<CheckItem> dataMismatchItems(const DataFacts &data, const RunConfig &config);
// The same as "key: message" lines (the trainer's last word before it starts).
QStringList dataMismatch(const data::Dataset &data, const RunConfig &config);

// The warnings about schedules for a run of `trainImages` training images.
std::vector<CheckItem> scheduleWarnings(const RunConfig &config, std::int64_t trainImages);

} // namespace gatefold::train
