#pragma once

#include <QByteArray>
#include <QString>

#include <string>

namespace gatefold::train {

// A checkpoint's content hash lives in its zip's end-of-central-directory
// comment, "gatefold-sha256:<64 hex>", so the file stays a valid torch/zip
// archive (torch.load, zipfile, LibTorch). The hash is the sha256 of the
// archive as torch wrote it: the file up to the EOCD's comment-length field,
// then two zero bytes (that field when there is no comment). LibTorch's
// reader checks no CRC, so without this a flipped byte inside a tensor loads.
//   python3: b = open(f, 'rb').read(); e = b.rfind(b'PK\x05\x06')
//            hashlib.sha256(b[:e + 20] + b'\0\0').hexdigest() == b[e + 22 + 16:].decode()

// Appends the comment to `zip` (torch's output, no comment yet); false if
// `zip` does not end in an end-of-central-directory record without a comment.
bool sealCheckpoint(std::string &zip);

struct CheckpointSeal {
    bool present = false;  // the file carries a gatefold-sha256 comment
    QString sealed;        // the hash written into it
    QString computed;      // the hash of its content now
    bool intact() const { return present && sealed == computed; }
};
CheckpointSeal readCheckpointSeal(const QByteArray &file);

// Whether `file` ends in a zip end-of-central-directory record (with any
// comment): false for a truncated or foreign file.
bool endsLikeZip(const QByteArray &file);

} // namespace gatefold::train
