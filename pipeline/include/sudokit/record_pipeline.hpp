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
// Another executor of the same loop (a cluster, a server) keeps the same three callbacks.
#pragma once

#include <exception>
#include <string>
#include <utility>

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

/// Runs `work(const Record&, Outcome&, Worker&)` over every record of `input` (a RecordStream,
/// a RecordReader over any std::istream, or anything with next(Record&) and ready()) on
/// options.threads threads, then `write(const Record&, const Outcome&)` in input order and
/// `after_batch()` after each batch. Outcome must be default-constructible and have an
/// `error` string (see mark_failed).
template <class Outcome, class Input, class MakeWorker, class Work, class Write, class AfterBatch = NoAfterBatch>
void for_each_record(Input& input, const PipelineOptions& options, MakeWorker make_worker, Work work,
                     Write write, AfterBatch after_batch = {}) {
  struct Item {
    Record record;
    Outcome outcome;
  };
  run_ordered_pipeline<Item>(
      options, make_worker, [&](Item& item) { return input.next(item.record); },
      [&](Item& item, auto& worker) {
        item.outcome = Outcome{};
        try {
          work(item.record, item.outcome, worker);
        } catch (const std::exception& e) {
          item.outcome = Outcome{};
          mark_failed(item.outcome, e.what());
        } catch (...) {
          item.outcome = Outcome{};
          mark_failed(item.outcome, "unexpected failure");
        }
      },
      [&](Item& item) { write(item.record, item.outcome); }, [&] { return input.ready(); }, after_batch);
}

}  // namespace sudokit
