#pragma once

#include "namedtensor.h"

#include <cstdint>
#include <string>
#include <vector>

namespace gatefold::exporting {

constexpr int kOnnxOpset = 13;

// An ONNX ModelProto (IR 8, opset 13) of `vit`'s forward built from primitive
// ops only (Conv, MatMul, Add, Mul, Sub, Div, Sqrt, ReduceMean, Softmax, Erf,
// Slice, Reshape, Transpose, Concat; a CDE gate adds ReduceMax and Sign):
// input "images" (batch, C, S, S),
// output "logits" (batch, classes); weights as initializers. It passes
// onnx::checker and shape inference before it is written to `path`.
// `configJson` goes into the model's metadata_props as "gatefold_config".
bool saveOnnx(const FlatVit &vit, const std::string &path, const std::string &configJson, std::string *error);

// Runs the ONNX file in OpenCV's dnn module on `input` (`shape` N, C, S, S,
// row-major) and returns the logits (N × classes, row-major).
bool runOnnx(const std::string &path, const std::vector<float> &input, const std::vector<std::int64_t> &shape,
             std::vector<float> *logits, std::string *error);

} // namespace gatefold::exporting
