#include "builtinshapes.h"

#include <ATen/Parallel.h>
#include <torch/torch.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>

namespace gatefold::data {
namespace {

constexpr double kPi = 3.14159265358979323846;

// SplitMix64: a well-mixed 64-bit seed per (seed, split, index, stream).
std::uint64_t mix(std::uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

std::uint64_t imageSeed(std::uint64_t seed, Split split, std::int64_t index)
{
    return mix(mix(seed ^ (split == Split::Train ? 0x7261696eull : 0x76616cull)) ^ std::uint64_t(index));
}

// Whether the point (u, v) of the shape's own frame (unit size, centred) is
// inside shape `cls`.
bool inside(int cls, double u, double v)
{
    const double r = std::sqrt(u * u + v * v);
    switch (cls) {
    case 0:  // disk
        return r <= 1.0;
    case 1:  // square
        return std::abs(u) <= 0.8 && std::abs(v) <= 0.8;
    case 2: {  // triangle (equilateral, pointing up in its frame)
        return v >= -0.5 && v <= 1.0 && std::abs(u) <= (1.0 - v) / std::sqrt(3.0);
    }
    case 3:  // ring
        return r <= 1.0 && r >= 0.6;
    case 4:  // plus
        return (std::abs(u) <= 0.25 && std::abs(v) <= 1.0) || (std::abs(v) <= 0.25 && std::abs(u) <= 1.0);
    case 5: {  // five-pointed star
        const double a = std::atan2(v, u);
        const double k = std::fmod(a + 2 * kPi, 2 * kPi / 5) / (2 * kPi / 5);  // 0..1 within a point
        const double edge = 0.45 + 0.55 * std::abs(1.0 - 2.0 * k);
        return r <= edge;
    }
    case 6:  // bar
        return std::abs(u) <= 1.0 && std::abs(v) <= 0.22;
    case 7:  // checkerboard square
        return std::abs(u) <= 0.9 && std::abs(v) <= 0.9 && ((int(std::floor((u + 0.9) * 2.5)) + int(std::floor((v + 0.9) * 2.5))) % 2 == 0);
    case 8:  // striped disk
        return r <= 1.0 && int(std::floor((u + 1.0) * 3.0)) % 2 == 0;
    case 9:  // two small disks
        return std::hypot(u - 0.55, v) <= 0.42 || std::hypot(u + 0.55, v) <= 0.42;
    }
    return false;
}

// The fill of shape `cls` at (u, v): true for the first foreground colour,
// false for the second. Each class has its own pattern (solid, concentric
// squares, dots, halves, concentric rings, bull's-eyes), so a class shows in
// every patch it covers as well as in its outline; checkerboard and striped
// disk have holes instead (their `inside` is the pattern).
bool primaryFill(int cls, double u, double v)
{
    const double r = std::sqrt(u * u + v * v);
    switch (cls) {
    case 1:  // square: concentric squares
        return int(std::floor(std::max(std::abs(u), std::abs(v)) / 0.27)) % 2 == 0;
    case 2: {  // triangle: dots on a grid
        const double gu = u / 0.42 - std::floor(u / 0.42) - 0.5, gv = v / 0.42 - std::floor(v / 0.42) - 0.5;
        return gu * gu + gv * gv > 0.09;
    }
    case 4:  // plus: two halves
        return u + v > 0.0;
    case 5:  // star: concentric rings
        return int(std::floor(r / 0.22)) % 2 == 0;
    case 9:  // pair of disks: bull's-eyes
        return std::min(std::hypot(u - 0.55, v), std::hypot(u + 0.55, v)) > 0.2;
    default:  // disk, ring, bar: solid; checkerboard and striped disk: holes
        return true;
    }
}

} // namespace

const std::vector<std::string> &BuiltinShapes::names()
{
    static const std::vector<std::string> names = {"disk",         "square",        "triangle", "ring",
                                                   "plus",         "star",          "bar",      "checkerboard",
                                                   "striped disk", "pair of disks"};
    return names;
}

BuiltinShapes::BuiltinShapes(int imageSize, std::int64_t trainSize, std::int64_t valSize, std::uint64_t seed)
    : m_imageSize(imageSize)
    , m_trainSize(trainSize)
    , m_valSize(valSize)
    , m_seed(seed)
{
    if (imageSize < 8)
        throw std::invalid_argument("the built-in data set needs images of at least 8 px, not "
                                    + std::to_string(imageSize));
    if (trainSize < 1 || valSize < 1)
        throw std::invalid_argument("the built-in data set needs at least one training and one validation image");
}

int BuiltinShapes::label(Split split, std::int64_t index) const
{
    // Balanced: the class cycles with the index; the rest of the image is random.
    (void)split;
    return int(index % kClasses);
}

void BuiltinShapes::draw(Split split, std::int64_t index, float *pixels) const
{
    std::mt19937_64 rng(imageSeed(m_seed, split, index));
    std::uniform_real_distribution<double> uni(0.0, 1.0);
    const int cls = label(split, index);
    const int s = m_imageSize;

    // Background: two random colours in a linear gradient at a random angle.
    double bg0[3], bg1[3], fg[3], fg2[3];
    for (int c = 0; c < 3; ++c)
        bg0[c] = uni(rng), bg1[c] = uni(rng);
    // Foreground far enough from the background to be visible.
    for (int attempt = 0; attempt < 16; ++attempt) {
        double dist = 0;
        for (int c = 0; c < 3; ++c) {
            fg[c] = uni(rng);
            const double mid = 0.5 * (bg0[c] + bg1[c]);
            dist += (fg[c] - mid) * (fg[c] - mid);
        }
        if (dist > 0.3)
            break;
    }
    // The pattern's second colour: far from the first, so the pattern shows.
    for (int attempt = 0; attempt < 16; ++attempt) {
        double dist = 0;
        for (int c = 0; c < 3; ++c) {
            fg2[c] = uni(rng);
            dist += (fg2[c] - fg[c]) * (fg2[c] - fg[c]);
        }
        if (dist > 0.3)
            break;
    }
    const double gradAngle = uni(rng) * 2 * kPi;
    const double gx = std::cos(gradAngle), gy = std::sin(gradAngle);
    // Shape: scale (half-size in px), centre, rotation; noise level.
    const double scale = s * (0.24 + 0.16 * uni(rng));
    const double cx = s * 0.5 + (uni(rng) - 0.5) * (s - 2 * scale) * 0.9;
    const double cy = s * 0.5 + (uni(rng) - 0.5) * (s - 2 * scale) * 0.9;
    const double rot = uni(rng) * 2 * kPi;
    const double cr = std::cos(rot), sr = std::sin(rot);
    const double noise = 0.01 + 0.05 * uni(rng);
    std::normal_distribution<double> gauss(0.0, noise);

    const std::int64_t plane = std::int64_t(s) * s;
    for (int y = 0; y < s; ++y) {
        for (int x = 0; x < s; ++x) {
            const double px = x + 0.5, py = y + 0.5;
            const double t = 0.5 + 0.5 * ((px / s - 0.5) * gx + (py / s - 0.5) * gy) * 1.4;
            const double dx = (px - cx) / scale, dy = (py - cy) / scale;
            const double u = cr * dx + sr * dy, v = -sr * dx + cr * dy;
            const bool in = inside(cls, u, v);
            const double *fill = in && primaryFill(cls, u, v) ? fg : fg2;
            for (int c = 0; c < 3; ++c) {
                const double base = in ? fill[c] : bg0[c] + (bg1[c] - bg0[c]) * std::clamp(t, 0.0, 1.0);
                pixels[c * plane + y * s + x] = float(std::clamp(base + gauss(rng), 0.0, 1.0));
            }
        }
    }
}

std::pair<torch::Tensor, torch::Tensor> BuiltinShapes::batch(Split split,
                                                              const std::vector<std::int64_t> &indices) const
{
    const auto n = std::int64_t(indices.size());
    for (auto i : indices)
        if (i < 0 || i >= size(split))
            throw std::out_of_range("image " + std::to_string(i) + " is outside the built-in "
                                    + (split == Split::Train ? "training" : "validation") + " split of "
                                    + std::to_string(size(split)) + " images");
    auto images = torch::empty({n, 3, m_imageSize, m_imageSize});
    auto labels = torch::empty({n}, torch::kLong);
    float *ip = images.data_ptr<float>();
    std::int64_t *lp = labels.data_ptr<std::int64_t>();
    const std::int64_t stride = 3 * std::int64_t(m_imageSize) * m_imageSize;
    at::parallel_for(0, n, 1, [&](std::int64_t b, std::int64_t e) {
        for (std::int64_t i = b; i < e; ++i) {
            draw(split, indices[size_t(i)], ip + i * stride);
            lp[i] = label(split, indices[size_t(i)]);
        }
    });
    return {images, labels};
}

} // namespace gatefold::data
