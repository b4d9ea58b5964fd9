/** A job the server runs on a timer while it serves (the photo sweep, the search index upkeep). */
export interface RecurringJob {
  /** Stops the timer, tells a run under way to stop (its signal) and waits for it to end. */
  stop(): Promise<void>;
}

export interface RecurringJobOptions {
  /** Delay before the first run. */
  firstRunMs: number;
  /** Delay between the end of a run and the start of the next: runs never overlap. */
  intervalMs: number;
  /** One run; it should stop soon after `signal` aborts. A rejection waits for the next run. */
  run(signal: AbortSignal): Promise<void>;
}

/**
 * Runs `run` first after `firstRunMs`, then `intervalMs` after each run ends. The timer is
 * unref'd, so it never keeps the process alive.
 */
export function startRecurringJob({
  firstRunMs,
  intervalMs,
  run,
}: RecurringJobOptions): RecurringJob {
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const schedule = (delay: number) => {
    if (stopping.signal.aborted) return;
    timer = setTimeout(() => {
      running = run(stopping.signal)
        .catch(() => undefined)
        .finally(() => {
          running = undefined;
          schedule(intervalMs);
        });
    }, delay);
    timer.unref();
  };

  schedule(firstRunMs);
  return {
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      await running;
    },
  };
}
