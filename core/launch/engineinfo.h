#pragma once

// What an engine is, as `gatefold-cli --version --json` says it: its
// version, the LibTorch and Qt it runs on, and the devices it can compute
// on. The window's About box asks a child instead of loading LibTorch.
//   {"gatefold": "0.1.0", "libtorch": "1.13.1", "qt": "6.4.2",
//    "devices": [{"kind": "cpu", "threads": 2}, {"kind": "cuda", "index": 0}]}

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace gatefold::launch {

struct EngineDevice {
    QString kind;      // "cpu" or "cuda"
    int index = 0;     // cuda: the device's index
    int threads = 0;   // cpu: LibTorch's intra-op threads
};

struct EngineInfo {
    QString gatefold;
    QString libtorch;
    QString qt;
    QList<EngineDevice> devices;

    // "cpu (2 threads)", "cuda:0", for people.
    QStringList deviceNames() const;
};

QByteArray engineInfoJson(const EngineInfo &info);
// The answer read back; nullopt with `error` for anything that is not one.
std::optional<EngineInfo> engineInfoFromJson(const QByteArray &json, QString *error);

} // namespace gatefold::launch
