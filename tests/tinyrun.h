#pragma once

// A run that trains in a second on the built-in set (16 px, d 32, 2 blocks,
// 512 images, 16 steps an epoch, one thread), for the tests that start real
// engine processes.

#include "config/fieldtable.h"
#include "config/runvalidation.h"
#include "config/runpresets.h"

#include <QtGlobal>

#include <initializer_list>
#include <string>

namespace {

// `config` with "key=value" settings applied; a setting that does not apply
// is a bug in the test, so it stops the test.
inline gatefold::train::RunConfig withSettings(gatefold::train::RunConfig config,
                                               std::initializer_list<const char *> settings)
{
    for (const char *kv : settings) {
        std::string why;
        if (!gatefold::config::applyAssignment(config, kv, &why))
            qFatal("%s: %s", kv, why.c_str());
    }
    return config;
}

inline gatefold::train::RunConfig tinyRun(int epochs)
{
    auto config = withSettings(gatefold::train::demoRun(),
                               {"img_size=16", "patch_size=4", "embed_dim=32", "depth=2", "num_heads=2", "mlp_ratio=2",
                                "data.train_size=512", "data.val_size=64", "train.batch_size=32", "train.log_every=2",
                                "compute.threads=1"});
    config.train.epochs = epochs;
    return config;
}

} // namespace
