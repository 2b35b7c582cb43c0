#include "reportviews.h"

#include <array>

namespace gatefold::report {
namespace {

struct View {
    const char *name;
    const char *page;
};

constexpr std::array<View, 9> kViews{{{"attention", "attention"},
                                      {"rollout", "attention"},
                                      {"distance", "distance"},
                                      {"codebook", "codebook"},
                                      {"branches", "branches"},
                                      {"weights", "branches"},
                                      {"cka", "cka"},
                                      {"filters", "filters"},
                                      {"positions", "positions"}}};

} // namespace

QStringList viewNames()
{
    QStringList names;
    for (const View &view : kViews)
        names << QLatin1String(view.name);
    return names;
}

QStringList pageNames()
{
    QStringList pages;
    for (const View &view : kViews)
        if (!pages.contains(QLatin1String(view.page)))
            pages << QLatin1String(view.page);
    return pages;
}

QString pageOf(const QString &view)
{
    for (const View &v : kViews)
        if (view == QLatin1String(v.name))
            return QLatin1String(v.page);
    return {};
}

} // namespace gatefold::report
