#pragma once

// A directory tree as one file, for the targets whose reader takes a folder
// (an MLflow file store): the seeds pack real trees, the fuzzer mutates the
// packed form, the target unpacks it into a scratch folder.
//
// Entries are joined by "\n"; each starts with a header line:
//   "@@ <path>"            a file; its bytes follow the header line
//   "@@/ <path>"           an empty directory
//   "@@> <path>\t<target>" a symbolic link
// Paths are relative ('/'-separated, no "..", at most 8 deep). "@ROOT@" in
// file bytes and link targets stands for the folder the tree is unpacked
// into (MLflow's meta.yaml holds absolute file:// URIs). Unpacking is total:
// entries it cannot place are left out, never an error, so any bytes unpack.

#include <QByteArray>
#include <QString>

#include <optional>

namespace gatefold::fuzz {

// Every file, empty directory and link under `root`; nullopt (with the file
// named in `error`) when a file's bytes hold "\n@@", which would not unpack.
std::optional<QByteArray> packTree(const QString &root, QString *error);

// Unpacks `packed` into `root` (an existing, empty folder); returns the number of entries placed.
int unpackTree(const QByteArray &packed, const QString &root);

} // namespace gatefold::fuzz
