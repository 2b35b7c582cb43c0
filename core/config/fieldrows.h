#pragma once

#include "field.h"

#include <vector>

// The rows of the field table, by part of the run (fieldtable.cpp puts them together).
namespace gatefold::config {

void addModelFields(std::vector<Field> &rows);     // modelfields.cpp: the ViT, gates, joining
void addDataFields(std::vector<Field> &rows);      // datafields.cpp: data.*, aug.*
void addTrainingFields(std::vector<Field> &rows);  // trainingfields.cpp: train.*, optim.*, cde.*, compute.*, init.*

// When a row applies (Field::applies), shared by the parts.
bool hasGate(const train::RunConfig &c);
bool isCde(const train::RunConfig &c);
bool softAssignment(const train::RunConfig &c);  // CDE with soft top-k: τ and k mean something
bool hasBranches(const train::RunConfig &c);

} // namespace gatefold::config
