/**
 * Development: the failing scenario account's exports go to the simulated vendor (they end in error
 * on a timeline, which the portal's error journeys need), every other export to the engine. Copy new
 * mail and forwarding are the engine's alone: they follow an export that completed, which the failing
 * scenario's never do; so are cancel, pause and resume, which the export service records only for an
 * export the engine holds a plan for (server/jobs/lifecycle.ts).
 */
import type { TransferEngine, ExportJob } from '../../ports.ts';

export function routeScenarios(options: {
  simulated: TransferEngine;
  engine: TransferEngine;
  simulates: (job: ExportJob) => boolean;
}): TransferEngine {
  const pick = (job: ExportJob) => (options.simulates(job) ? options.simulated : options.engine);
  return {
    ...options.engine,
    start: (job, secret, within) => pick(job).start(job, secret, within),
    progress: (job, now, options) => pick(job).progress(job, now, options),
    exportFile: (job) => pick(job).exportFile(job),
    receipt: (job) => pick(job).receipt(job),
    failedItems: (job, limit) => pick(job).failedItems(job, limit),
    failureCounts: (job) => pick(job).failureCounts(job),
  };
}
