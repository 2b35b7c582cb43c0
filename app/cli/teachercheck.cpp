#include "teachercheck.h"
#include "clitext.h"

#include "clicommon.h"

#include "config/distillplan.h"
#include "store/runstore.h"
#include "train/distillation.h"

namespace gatefold::cli {

std::optional<train::TeacherRef> checkedTeacher(store::RunStore *store, const train::RunConfig &config,
                                                std::vector<train::CheckItem> *problems)
{
    const QString key = QStringLiteral("distill.teacher");
    QString why;
    const auto teacher = train::resolveTeacher(store, QString::fromStdString(config.train.distill.teacher), &why);
    if (!teacher) {
        problems->push_back({key, why});
        return std::nullopt;
    }
    const auto teacherModel = train::teacherModelConfig(teacher->file, &why, teacher->trust);
    if (!teacherModel) {
        problems->push_back({key, tr("%1; distil from a finished run's intact checkpoint").arg(why)});
        return std::nullopt;
    }
    for (const auto &p : train::teacherProblems(config, *teacherModel))
        problems->push_back({QString::fromStdString(p.field), QString::fromStdString(p.message)});
    return problems->empty() ? teacher : std::nullopt;
}

std::vector<train::CheckItem> teacherProblems(const QString &storePath, const train::RunConfig &config)
{
    std::vector<train::CheckItem> problems;
    if (!config.train.distill.enabled())
        return problems;
    if (train::teacherIsPath(QString::fromStdString(config.train.distill.teacher))) {
        checkedTeacher(nullptr, config, &problems);
        return problems;
    }
    QString error;
    const auto store = openStoreToRead(storePath, &error);
    if (!store) {
        problems.push_back({QStringLiteral("distill.teacher"),
                            tr("cannot look for the teacher in the run store: %1").arg(error)});
        return problems;
    }
    checkedTeacher(store.get(), config, &problems);
    return problems;
}

} // namespace gatefold::cli
