import type { ServiceDeps } from '../shared/service-deps.js';
import { startRecurringJob, type RecurringJob } from '../shared/recurring-job.js';
import { sweepPhotos } from './photo-sweep.js';

/**
 * A minute after start: late enough that boot (migrations, the first seed) and the first
 * requests come first, soon enough that a server restarted often still sweeps.
 */
export const FIRST_SWEEP_DELAY_MS = 60 * 1000;
/** Hourly: an abandoned upload (at most 10 MB of files) lives at most a day and an hour. */
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export type PhotoSweepSchedule = RecurringJob;

/**
 * Runs sweepPhotos inside the server: first after `firstRunMs`, then `intervalMs` after each run
 * ends (runs never overlap, recurring-job.ts). Several server processes on one database may each
 * sweep: every delete is conditional (photo-sweep.ts).
 */
export function startPhotoSweep(
  deps: Pick<ServiceDeps, 'orm' | 'config' | 'log'>,
  { firstRunMs = FIRST_SWEEP_DELAY_MS, intervalMs = SWEEP_INTERVAL_MS } = {},
): PhotoSweepSchedule {
  return startRecurringJob({
    firstRunMs,
    intervalMs,
    async run(signal) {
      try {
        const report = await sweepPhotos(deps, { signal });
        if (report.uploads > 0 || report.orphanFiles > 0) {
          deps.log.info(report, 'photo sweep: deleted unattached uploads and orphan files');
        }
      } catch (error) {
        // The next run tries again: a database away for a while only delays the sweep.
        deps.log.warn({ err: error }, 'photo sweep failed');
      }
    },
  });
}
