// sudokit/record_pipeline.hpp: every input record through a command, one answer each, in order.
//
// The record commands (solve, verify, score, grade, book) share one loop: records come out
// of a RecordStream, a command's `work` turns each into a typed outcome on the worker
// threads, and `write` hands the outcomes, in input order, to output/'s writers. This
// header is that loop, and where the contract "every input record yields exactly one
// output record, in order, whatever happens to it" is kept:
//  - a record that cannot be read reaches `work` like any other (Record::error says why),
//    and the command answers it (status invalid);
//  - an exception thrown while working on one record becomes that record's answer (status
//    "error", its message in `error`), and the run goes on with the next record;
//  - answers stream: a batch is closed as soon as the input has nothing more ready, and
//    `after_batch` (the output sink's end_batch) runs once its answers are written.
// Another executor of the same loop (a cluster, a server) keeps the same three callbacks:
// under mpirun with K > 1 ranks (cluster.hpp) rank 0 reads and writes, and every rank runs
// `work` on chunks of records; the records and outcomes travel as bytes (wire.hpp), so
// `work` and `write` are these same functions and the output is the same bytes. An Outcome
// with no wire_fields stays in one process (rank 0), the other ranks leaving the loop at once.
#pragma once

#include <exception>
#include <string>
#include <utility>

#include "sudokit/cluster.hpp"
#include "sudokit/pipeline.hpp"
#include "sudokit/reader.hpp"

namespace sudokit {

/// Marks an outcome as failed with `message`: status "error" where the outcome has a
/// status word, and the message in its `error` field (every outcome type has one).
template <class Outcome>
void mark_failed(Outcome& outcome, std::string message) {
  if constexpr (requires { outcome.status = std::string(); }) outcome.status = "error";
  outcome.error = std::move(message);
}

/// Makes `outcome` a default one: by its reset() when it has one (which keeps its buffers
/// for the next record: see SolveOutcome::reset), else by assigning a new one.
template <class Outcome>
void reset_outcome(Outcome& outcome) {
  if constexpr (requires { outcome.reset(); }) outcome.reset();
  else outcome = Outcome{};
}

/// Cluster chunks of a loop whose pipeline batches hold `batch_size` records: sized by the
/// measured work per record (cluster.hpp), at most 16 batches (docs/PERFORMANCE.md,
/// "Scale-out on MPI", has the measurements).
inline ChunkPolicy record_chunk_policy(std::size_t batch_size) { return cluster_chunk_policy(16 * batch_size); }

/// Runs `work(const Record&, Outcome&, Worker&)` over every record of `input` (a RecordStream,
/// a RecordReader over any std::istream, or anything with next(Record&) and ready()) on
/// options.threads threads, then `write(const Record&, const Outcome&)` in input order and
/// `after_batch()` after each batch. Outcome must be default-constructible and have an
/// `error` string (see mark_failed). Under a cluster (cluster.hpp) the same three run on K
/// ranks; only rank 0 reads `input` and calls `write` and `after_batch`.
template <class Outcome, class Input, class MakeWorker, class Work, class Write, class AfterBatch = NoAfterBatch>
void for_each_record(Input& input, const PipelineOptions& options, MakeWorker make_worker, Work work,
                     Write write, AfterBatch after_batch = {}) {
  auto guarded = [&](const Record& record, Outcome& outcome, auto& worker) {
    reset_outcome(outcome);
    try {
      work(record, outcome, worker);
    } catch (const std::exception& e) {
      outcome = Outcome{};
      mark_failed(outcome, e.what());
    } catch (...) {
      outcome = Outcome{};
      mark_failed(outcome, "unexpected failure");
    }
  };
  if (ClusterTransport* net = cluster()) {
    if constexpr (Wired<Outcome>) {
      if (net->rank() != 0) {
        serve_cluster_loop<Record, Outcome>(*net, options, make_worker, guarded);
      } else {
        coordinate_cluster_loop<Record, Outcome>(
            *net, options, record_chunk_policy(options.batch_size), make_worker,
            [&](Record& record) { return input.next(record); }, guarded,
            [&](Record& record, Outcome& outcome) {
              write(record, outcome);
              return true;
            },
            [&] { return input.ready(); }, after_batch);
      }
      return;
    } else {
      if (net->rank() != 0) return;  // this loop stays on rank 0
    }
  }
  struct Item {
    Record record;
    Outcome outcome;
  };
  run_ordered_pipeline<Item>(
      options, make_worker, [&](Item& item) { return input.next(item.record); },
      [&](Item& item, auto& worker) { guarded(item.record, item.outcome, worker); },
      [&](Item& item) { write(item.record, item.outcome); }, [&] { return input.ready(); }, after_batch);
}

}  // namespace sudokit
