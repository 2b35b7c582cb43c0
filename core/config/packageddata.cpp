#include "packageddata.h"

#include <cstdlib>

namespace gatefold::config {

PackagedData packagedData(const std::string &name)
{
    if (name != "fashion-mnist")
        return {};
    const char *override = std::getenv("GATEFOLD_FASHION_MNIST_DIR");
    return {override && *override ? std::string(override) : std::string("/usr/share/datasets/fashion-mnist"),
            "dataset-fashion-mnist"};
}

} // namespace gatefold::config
