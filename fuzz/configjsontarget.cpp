// The run config JSON (--config FILE, the store's config column, a sweep's
// base): read strictly and partially over the defaults, validated, and what
// was accepted must write and read back unchanged.

#include "fuzzharnesses.h"

#include "config/runconfigjson.h"
#include "config/fieldtable.h"
#include "config/runvalidation.h"

#include <QByteArray>
#include <QStringList>

namespace gatefold::fuzz {

bool fuzzConfigJson(const std::uint8_t *data, std::size_t size)
{
    const QByteArray json(reinterpret_cast<const char *>(data), qsizetype(size));

    train::RunConfig strict;
    QStringList errors;
    const bool accepted = train::runConfigFromJson(json, &strict, &errors, /*partial=*/false);
    FUZZ_CHECK(accepted == errors.isEmpty(), "accepted with problems, or refused without one: " + text(errors.join("; ")));
    if (accepted) {
        // Every problem of the combination is words, never an exception or a crash.
        const auto problems = train::validateRunConfig(strict);
        for (const auto &problem : problems)
            FUZZ_CHECK(!problem.message.empty(), "a validation problem without a message");
        // What was read is what is stored: it must come back the same.
        const QByteArray written = train::runConfigToJson(strict);
        train::RunConfig again;
        QStringList againErrors;
        FUZZ_CHECK(train::runConfigFromJson(written, &again, &againErrors),
                   "its own JSON is refused: " + text(againErrors.join("; ")) + "\n" + written.toStdString());
        FUZZ_CHECK(again == strict, "reading back its own JSON gives another config:\n" + written.toStdString()
                                        + "\nread back as\n" + train::runConfigToJson(again).toStdString());
    }

    // The CLI's partial read: what is fine is applied, everything else listed.
    train::RunConfig partial;
    QStringList partialErrors;
    const bool partialOk = train::runConfigFromJson(json, &partial, &partialErrors, /*partial=*/true);
    FUZZ_CHECK(partialOk == accepted, "partial and strict reads disagree on whether the input is fine");
    if (partialOk)
        FUZZ_CHECK(partial == strict, "partial and strict reads of a good config differ");
    else
        train::validateRunConfig(partial);
    return accepted;
}

} // namespace gatefold::fuzz
