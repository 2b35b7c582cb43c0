#pragma once

namespace gatefold::train {

// A test hook at the instants between two durable writes (tests/tst_killpoints,
// bench/killtest): with GATEFOLD_TEST_KILL_AT=<point>[#n][,<point>[#n]…] the
// process SIGKILLs itself the n-th time (default: the first) it reaches
// <point>; GATEFOLD_TEST_STOP_AT does the same with SIGSTOP (a test looks at
// the files, then sends SIGKILL or SIGCONT); GATEFOLD_TEST_THROW_AT throws
// there instead, a c10::Error as LibTorch throws them (<point>[#n]) or
// std::bad_alloc (<point>[#n]:bad_alloc), to test the engine's boundaries;
// GATEFOLD_TEST_SLEEP_AT=<point>[#n]:<seconds> keeps the engine busy there
// (an evaluation that takes that long: the heartbeat must go on).
// Without the variables it costs a flag test. The points (README "Checkpoints"):
//   checkpoint-temp-written   the new checkpoint's bytes are in a temporary file (fsync'd), not linked yet
//   after-checkpoint-file     step-<N>.pt is in place, the store does not name it yet
//   after-checkpoint-record   the store's records name it (last, best, epoch-N, the metrics up to it)
//   after-metrics-flush       a batch of metrics is committed (between checkpoints)
//   in-evaluation             an evaluation has begun
//   after-claim               the run is claimed (running, this process's pid), nothing else changed
//   in-prepare                the trainer starts opening the data and building the model
//   after-resume-records      resume: the records point at the chosen checkpoint, metrics not truncated yet
//   after-truncate            resume: the metrics after the checkpoint are gone, none retaken yet
//   before-end-status         the run's last metrics are committed, its end status not yet
//   after-checkpoint-load     analyze/export: a checkpoint is loaded into its model
//   export-before-rename      export: every file written and verified under a temporary name
//   export-after-rename       export: the verified files are in place, their records not yet written
void testKillPoint(const char *point);

} // namespace gatefold::train
