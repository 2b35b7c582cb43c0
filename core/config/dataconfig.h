#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gatefold::data {

// Which data a run trains on (datasets.h opens it).
struct DataConfig {
    // builtin (generated shapes), cifar10, cifar100, mnist, fashion-mnist, folder
    std::string name = "builtin";
    std::string path;               // the folder holding the files (not for builtin)
    std::int64_t trainSize = 20000; // builtin only
    std::int64_t valSize = 2000;    // builtin only
    std::uint64_t seed = 0;         // builtin: which images; folder: the train/val split
    int channels = 0;               // 0: as stored (3, MNIST 1); 1 or 3 converts grey ↔ RGB where it can
    bool coarseLabels = false;      // cifar100: the 20 superclasses
    double valFraction = 0.1;       // folder without val/: held out per class
    std::string valLabels;          // folder: CSV "file,class" for a flat val/ folder
    double cropPct = 1.0;           // evaluation: resize to size / crop_pct, centre crop
    bool skipBadImages = false;     // an undecodable image: skip and count (true) or stop the run (false)
    // Threads preparing training batches ahead of the step; 0: in the step; -1 (auto): 0 when training on
    // the CPU (a worker takes a core from the model: measured 12 % slower on 2 cores), up to 4 with CUDA.
    int workers = -1;
    int prefetch = 2;               // batches prepared ahead at most
    std::int64_t cacheMb = 0;       // decoded images of a folder kept in memory, MiB in all (0: none)
    // Input normalisation per channel, in the images' [0, 1] scale; empty: measured on the training images.
    std::vector<double> mean;
    std::vector<double> std;
};

// Every data.* (aug.*) setting of the field table (fieldtable.cpp), compared exactly.
bool operator==(const DataConfig &a, const DataConfig &b);

} // namespace gatefold::data
