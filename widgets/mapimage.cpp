#include "mapimage.h"

#include <QPainter>

#include <algorithm>
#include <array>
#include <cmath>

namespace gatefold::widgets::mapimage {
namespace {

// viridis sampled at 9 evenly spaced points (matplotlib's published table), interpolated linearly.
constexpr std::array<std::array<double, 3>, 9> kViridis = {{
    {0.267004, 0.004874, 0.329415},
    {0.282623, 0.140926, 0.457517},
    {0.253935, 0.265254, 0.529983},
    {0.206756, 0.371758, 0.553117},
    {0.163625, 0.471133, 0.558148},
    {0.127568, 0.566949, 0.550556},
    {0.134692, 0.658636, 0.517649},
    {0.266941, 0.748751, 0.440573},
    {0.993248, 0.906157, 0.143936},
}};

QRgb blend(QRgb under, const QColor &over, double alpha)
{
    const auto mix = [alpha](int a, int b) { return int(std::lround(a * (1 - alpha) + b * alpha)); };
    return qRgb(mix(qRed(under), over.red()), mix(qGreen(under), over.green()), mix(qBlue(under), over.blue()));
}

} // namespace

QImage fromInspected(const report::InspectedImage &image)
{
    QImage out(image.width, image.height, QImage::Format_RGB888);
    for (int y = 0; y < image.height; ++y)
        std::copy_n(image.rgb.data() + size_t(y) * size_t(image.width) * 3, size_t(image.width) * 3, out.scanLine(y));
    return out;
}

QColor viridis(double t)
{
    t = std::clamp(std::isfinite(t) ? t : 0.0, 0.0, 1.0) * double(kViridis.size() - 1);
    const int i = std::min(int(t), int(kViridis.size()) - 2);
    const double f = t - i;
    const auto c = [&](int channel) {
        return int(std::lround(255 * (kViridis[size_t(i)][size_t(channel)] * (1 - f)
                                      + kViridis[size_t(i) + 1][size_t(channel)] * f)));
    };
    return QColor(c(0), c(1), c(2));
}

QImage heatOverlay(const QImage &base, const report::Matrix &map, double alpha)
{
    QImage out = base.convertToFormat(QImage::Format_RGB32);
    if (map.empty() || out.isNull())
        return out;
    const auto [lo, hi] = std::minmax_element(map.values.begin(), map.values.end());
    const double low = *lo, span = *hi - *lo;
    const int w = out.width(), h = out.height();
    for (int y = 0; y < h; ++y) {
        // Patch centres sit at (i + 0.5) * h / rows; clamp at the borders.
        const double gy = std::clamp((y + 0.5) * map.rows / h - 0.5, 0.0, double(map.rows - 1));
        const int y0 = int(gy), y1 = std::min(y0 + 1, map.rows - 1);
        const double fy = gy - y0;
        auto *line = reinterpret_cast<QRgb *>(out.scanLine(y));
        for (int x = 0; x < w; ++x) {
            const double gx = std::clamp((x + 0.5) * map.cols / w - 0.5, 0.0, double(map.cols - 1));
            const int x0 = int(gx), x1 = std::min(x0 + 1, map.cols - 1);
            const double fx = gx - x0;
            const double v = (map.at(y0, x0) * (1 - fx) + map.at(y0, x1) * fx) * (1 - fy)
                           + (map.at(y1, x0) * (1 - fx) + map.at(y1, x1) * fx) * fy;
            line[x] = blend(line[x], viridis(span > 0 ? (v - low) / span : 0.0), alpha);
        }
    }
    return out;
}

QColor codeColor(int code)
{
    // Golden-angle hues with three lightness bands: neighbours in index never look alike.
    const int hue = int(std::fmod(code * 137.508, 360.0));
    const int value = 255 - (code % 3) * 45;
    return QColor::fromHsv(hue, 200, value);
}

QImage codeOverlay(const QImage &base, const report::Matrix &codes, double alpha, int highlight)
{
    QImage out = base.convertToFormat(QImage::Format_RGB32);
    if (codes.empty() || out.isNull())
        return out;
    const int w = out.width(), h = out.height();
    for (int y = 0; y < h; ++y) {
        const int r = std::min(codes.rows - 1, y * codes.rows / h);
        auto *line = reinterpret_cast<QRgb *>(out.scanLine(y));
        for (int x = 0; x < w; ++x) {
            const int c = std::min(codes.cols - 1, x * codes.cols / w);
            const int code = int(codes.at(r, c));
            const double a = highlight < 0 ? alpha : (code == highlight ? 0.85 : alpha * 0.25);
            line[x] = blend(line[x], codeColor(code), a);
        }
    }
    if (highlight >= 0) {
        QPainter p(&out);
        p.setPen(QPen(Qt::white, std::max(1, w / 128)));
        for (int r = 0; r < codes.rows; ++r)
            for (int c = 0; c < codes.cols; ++c)
                if (int(codes.at(r, c)) == highlight)
                    p.drawRect(QRectF(double(c) * w / codes.cols, double(r) * h / codes.rows, double(w) / codes.cols - 1,
                                      double(h) / codes.rows - 1));
    }
    return out;
}

} // namespace gatefold::widgets::mapimage
