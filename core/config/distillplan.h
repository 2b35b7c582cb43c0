#pragma once

#include "configproblem.h"
#include "trainconfig.h"

#include <optional>
#include <string>
#include <vector>

// Which teacher layer each student block is distilled from, and whether a teacher fits a student
// (README.md, "Distillation"). Plain C++: the CLI checks a teacher before it creates a run, the
// trainer reads the same mapping.
namespace gatefold::train {

// distill.layers = uniform: student block i (of L_s) reads teacher layer ⌈(i+1)·L_t/L_s⌉ − 1, so the
// last block reads the last layer (12→6: 1,3,5,7,9,11; 12→4: 2,5,8,11; 12→3: 3,7,11).
std::vector<int> uniformTeacherLayers(int studentDepth, int teacherDepth);

// distill.layers as written: "uniform" or one teacher layer per student block ("3,7,11"). The
// explicit list as given (not range-checked: that needs the teacher), or nullopt with `problem`.
std::optional<std::vector<int>> parseTeacherLayers(const std::string &text, int studentDepth,
                                                  model::ConfigProblem *problem = nullptr);

// The teacher layer of every student block for this student and a teacher of `teacherDepth` layers
// (empty when distill.layers does not parse).
std::vector<int> teacherLayers(const DistillConfig &distill, int studentDepth, int teacherDepth);

// The distill.* settings on their own and with the student's (validateRunConfig calls it).
void checkDistillSettings(const RunConfig &config, std::vector<model::ConfigProblem> &out);

// Every way the teacher's model `teacher` does not fit the student `student`: token count (image
// size, patch size, pooling), head counts under distill.heads = match, a layer of distill.layers
// beyond its depth, class counts for logit distillation.
std::vector<model::ConfigProblem> teacherProblems(const RunConfig &student, const model::ViTConfig &teacher);

} // namespace gatefold::train
