#pragma once

// The report's types live in core/report, where the window reads them
// without LibTorch; the engine that fills them keeps their names.
#include "report/inspectreport.h"

namespace gatefold::inspect {

using report::BranchLayer;
using report::BranchStep;
using report::CodebookLayer;
using report::InspectedImage;
using report::InspectReport;
using report::Matrix;
using report::UsageStep;

} // namespace gatefold::inspect
