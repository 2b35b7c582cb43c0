#include "rankjob.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace gatefold::train {
namespace {

QJsonObject trustJson(const CheckpointTrust &trust)
{
    return {{"recorded_sha256", trust.recordedSha256}, {"accepted_sha256", QJsonArray::fromStringList(trust.acceptedSha256)}};
}

CheckpointTrust trustFrom(const QJsonObject &o)
{
    CheckpointTrust trust;
    trust.recordedSha256 = o.value("recorded_sha256").toString();
    for (const auto &v : o.value("accepted_sha256").toArray())
        trust.acceptedSha256 << v.toString();
    return trust;
}

} // namespace

QByteArray RankJob::toJson() const
{
    QJsonObject o{{"run", runId},
                  {"config", QJsonDocument::fromJson(configJson).object()},
                  {"resume_from", resumeFrom},
                  {"resume_trust", trustJson(resumeTrust)},
                  {"init_trust", trustJson(initTrust)},
                  {"teacher_trust", trustJson(teacherTrust)},
                  {"stop_at_step", qint64(stopAtStep)},
                  {"pause_at_epoch", qint64(pauseAtEpoch)},
                  {"abandoned", abandoned}};
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

std::optional<RankJob> RankJob::fromJson(const QByteArray &json, QString *error)
{
    QJsonParseError parse;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parse);
    if (!doc.isObject() || !doc.object().value("config").isObject()) {
        *error = QStringLiteral("rank 0's job description is not what this engine expects (%1); start every rank "
                                "with the same gatefold-cli")
                     .arg(parse.error != QJsonParseError::NoError ? parse.errorString() : QStringLiteral("no config"));
        return std::nullopt;
    }
    const QJsonObject o = doc.object();
    RankJob job;
    job.runId = o.value("run").toInteger();
    job.configJson = QJsonDocument(o.value("config").toObject()).toJson(QJsonDocument::Compact);
    job.resumeFrom = o.value("resume_from").toString();
    job.resumeTrust = trustFrom(o.value("resume_trust").toObject());
    job.initTrust = trustFrom(o.value("init_trust").toObject());
    job.teacherTrust = trustFrom(o.value("teacher_trust").toObject());
    job.stopAtStep = o.value("stop_at_step").toInteger(-1);
    job.pauseAtEpoch = o.value("pause_at_epoch").toInteger(-1);
    job.abandoned = o.value("abandoned").toString();
    return job;
}

} // namespace gatefold::train
