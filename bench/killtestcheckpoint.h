#pragma once

// A checkpoint as the kill test compares it: its training state and a digest
// of its weights (every parameter and buffer by name, raw bytes), so that a
// resumed run's checkpoint can be found bit-for-bit equal to an
// uninterrupted run's, or not.

#include <QByteArray>
#include <QString>

#include <cstdint>

namespace gatefold::killtest {

struct CheckpointFacts {
    bool ok = false;
    QString error;
    std::int64_t step = -1;
    std::int64_t bestStep = -1;
    double bestTop1 = -1;
    QByteArray weights;  // sha256 of names and bytes
    QString fileSha256;
};

CheckpointFacts readCheckpoint(const QString &path);

} // namespace gatefold::killtest
