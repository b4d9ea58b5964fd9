import { useCallback, useEffect, useEffectEvent, useReducer, useRef } from 'react';

export interface KitchenTimer {
  id: number;
  label: string;
  /** When it ends (epoch ms) while running; null while paused or done. */
  endsAt: number | null;
  /** Time left when paused (ms). */
  leftMs: number;
  state: 'running' | 'paused' | 'done';
}

interface TimersState {
  timers: KitchenTimer[];
  /** The time of the last tick, which running timers are shown against. */
  now: number;
  nextId: number;
}

type TimerAction =
  | { type: 'tick'; now: number }
  | { type: 'start'; label: string; seconds: number; now: number }
  | { type: 'pause'; id: number; now: number }
  | { type: 'resume'; id: number; now: number }
  | { type: 'dismiss'; id: number };

/** Pure, so the rules (a paused timer keeps its time, an ended one is done) are plain to read. */
export function timersReducer(state: TimersState, action: TimerAction): TimersState {
  const change = (id: number, update: (timer: KitchenTimer) => KitchenTimer) =>
    state.timers.map((timer) => (timer.id === id ? update(timer) : timer));
  switch (action.type) {
    case 'tick':
      return {
        ...state,
        now: action.now,
        timers: state.timers.map((timer) =>
          timer.state === 'running' && timer.endsAt !== null && timer.endsAt <= action.now
            ? { ...timer, state: 'done', endsAt: null, leftMs: 0 }
            : timer,
        ),
      };
    case 'start':
      return {
        now: action.now,
        nextId: state.nextId + 1,
        timers: [
          ...state.timers,
          {
            id: state.nextId,
            label: action.label,
            endsAt: action.now + action.seconds * 1000,
            leftMs: action.seconds * 1000,
            state: 'running',
          },
        ],
      };
    case 'pause':
      return {
        ...state,
        timers: change(action.id, (timer) =>
          timer.state === 'running' && timer.endsAt !== null
            ? {
                ...timer,
                state: 'paused',
                leftMs: Math.max(0, timer.endsAt - action.now),
                endsAt: null,
              }
            : timer,
        ),
      };
    case 'resume':
      return {
        ...state,
        now: action.now,
        timers: change(action.id, (timer) =>
          timer.state === 'paused'
            ? { ...timer, state: 'running', endsAt: action.now + timer.leftMs }
            : timer,
        ),
      };
    case 'dismiss':
      return { ...state, timers: state.timers.filter((timer) => timer.id !== action.id) };
  }
}

/** How often the display updates: often enough that the seconds never skip visibly. */
const TICK_MS = 250;

/**
 * Cook mode's timers: several at once, kept by the page (not the step), so they run on while the
 * cook moves between steps. Time left is computed from Date.now() against each end time, so a
 * throttled background tab or a late tick never makes a timer late. `onDone` runs once per timer,
 * when it ends.
 */
export function useTimers(onDone: (timer: KitchenTimer) => void) {
  const [state, dispatch] = useReducer(timersReducer, undefined, () => ({
    timers: [],
    now: Date.now(),
    nextId: 1,
  }));

  const running = state.timers.some((timer) => timer.state === 'running');
  useEffect(() => {
    if (!running) return;
    const interval = setInterval(() => dispatch({ type: 'tick', now: Date.now() }), TICK_MS);
    return () => clearInterval(interval);
  }, [running]);

  const alerted = useRef(new Set<number>());
  const ended = useEffectEvent(onDone);
  useEffect(() => {
    for (const timer of state.timers) {
      if (timer.state !== 'done' || alerted.current.has(timer.id)) continue;
      alerted.current.add(timer.id);
      ended(timer);
    }
  }, [state.timers]);

  const start = useCallback(
    (label: string, seconds: number) =>
      dispatch({ type: 'start', label, seconds, now: Date.now() }),
    [],
  );
  const pause = useCallback((id: number) => dispatch({ type: 'pause', id, now: Date.now() }), []);
  const resume = useCallback((id: number) => dispatch({ type: 'resume', id, now: Date.now() }), []);
  const dismiss = useCallback((id: number) => dispatch({ type: 'dismiss', id }), []);

  const secondsLeft = (timer: KitchenTimer) =>
    timer.state === 'running' && timer.endsAt !== null
      ? Math.max(0, (timer.endsAt - state.now) / 1000)
      : timer.leftMs / 1000;

  return { timers: state.timers, start, pause, resume, dismiss, secondsLeft };
}
