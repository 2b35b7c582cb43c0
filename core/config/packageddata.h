#pragma once

#include <string>

namespace gatefold::config {

// Data sets a Debian package installs, found without data.path: Fashion-MNIST
// (package dataset-fashion-mnist, IDX .gz files under
// /usr/share/datasets/fashion-mnist).
struct PackagedData {
    std::string folder;   // where the package puts the files ("" when no package holds the set)
    std::string package;  // the Debian package
};

// The packaged folder of data set `name` (data.name), or an empty one. The
// environment variable GATEFOLD_FASHION_MNIST_DIR, when set, names another
// folder (tests, or a copy elsewhere).
PackagedData packagedData(const std::string &name);

} // namespace gatefold::config
