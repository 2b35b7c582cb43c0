#pragma once

#include <QString>
#include <QStringList>

namespace gatefold::exporting {

// The folders an export creates for its output (--out a/b/c where only a
// exists: b and b/c), removed again — each only while it is still empty — when
// the export ends without keep(): a refusal or an exception leaves no empty
// export/<checkpoint>/ behind.
class CreatedFolders
{
public:
    CreatedFolders() = default;
    ~CreatedFolders();
    CreatedFolders(const CreatedFolders &) = delete;
    CreatedFolders &operator=(const CreatedFolders &) = delete;

    // mkpath(dir), remembering which folders it made; false when it could not.
    bool create(const QString &dir);
    void keep() { m_created.clear(); }

private:
    QStringList m_created;  // deepest first
};

} // namespace gatefold::exporting
