import { describe, expect, it } from 'vitest';
import { timersReducer } from '../../web/src/features/cook-mode/use-timers';

const empty = { timers: [], now: 0, nextId: 1 };

describe('timersReducer', () => {
  it('runs several timers and marks each done when its end time passes', () => {
    let state = timersReducer(empty, { type: 'start', label: 'A', seconds: 60, now: 1_000 });
    state = timersReducer(state, { type: 'start', label: 'B', seconds: 300, now: 2_000 });
    state = timersReducer(state, { type: 'tick', now: 61_000 });
    expect(state.timers.map((timer) => [timer.label, timer.state])).toEqual([
      ['A', 'done'],
      ['B', 'running'],
    ]);
    state = timersReducer(state, { type: 'tick', now: 302_000 });
    expect(state.timers.every((timer) => timer.state === 'done')).toBe(true);
  });

  it('keeps a paused timer’s time and ends it that much later after resuming', () => {
    let state = timersReducer(empty, { type: 'start', label: 'A', seconds: 60, now: 0 });
    state = timersReducer(state, { type: 'pause', id: 1, now: 20_000 });
    expect(state.timers[0]).toMatchObject({ state: 'paused', leftMs: 40_000, endsAt: null });
    state = timersReducer(state, { type: 'tick', now: 500_000 });
    expect(state.timers[0]?.state).toBe('paused');
    state = timersReducer(state, { type: 'resume', id: 1, now: 500_000 });
    state = timersReducer(state, { type: 'tick', now: 539_999 });
    expect(state.timers[0]?.state).toBe('running');
    state = timersReducer(state, { type: 'tick', now: 540_000 });
    expect(state.timers[0]?.state).toBe('done');
  });

  it('dismisses one timer and leaves the others', () => {
    let state = timersReducer(empty, { type: 'start', label: 'A', seconds: 60, now: 0 });
    state = timersReducer(state, { type: 'start', label: 'B', seconds: 60, now: 0 });
    state = timersReducer(state, { type: 'dismiss', id: 1 });
    expect(state.timers.map((timer) => timer.label)).toEqual(['B']);
  });
});
