/** Spec: the trending slider advances every 2000 ms. */
export const AUTOPLAY_DELAY_MS = 2000;

export type Autoplay = {
  /** Stop for a reason (hover, focus, reduced-motion…) until every reason is resumed. */
  pause: (reason: string) => void;
  resume: (reason: string) => void;
  destroy: () => void;
  readonly running: boolean;
};

/**
 * Calls `step` every `delay` ms while nothing holds it paused. Pure timer logic, so it is tested
 * with fake timers; the slider wires hover, focus and prefers-reduced-motion to pause/resume.
 */
export function createAutoplay(step: () => void, delay = AUTOPLAY_DELAY_MS): Autoplay {
  let timer: ReturnType<typeof setInterval> | undefined;
  let destroyed = false;
  const reasons = new Set<string>();
  const stop = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };
  const start = () => {
    if (!destroyed && timer === undefined && reasons.size === 0) timer = setInterval(step, delay);
  };
  start();
  return {
    pause(reason) {
      reasons.add(reason);
      stop();
    },
    resume(reason) {
      reasons.delete(reason);
      start();
    },
    destroy() {
      destroyed = true;
      stop();
    },
    get running() {
      return timer !== undefined;
    },
  };
}
