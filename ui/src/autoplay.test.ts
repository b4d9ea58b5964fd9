import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOPLAY_DELAY_MS, createAutoplay } from './autoplay';

describe('createAutoplay', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('steps every 2000 ms', () => {
    const step = vi.fn();
    const autoplay = createAutoplay(step);
    expect(AUTOPLAY_DELAY_MS).toBe(2000);
    vi.advanceTimersByTime(1999);
    expect(step).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(step).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(4000);
    expect(step).toHaveBeenCalledTimes(3);
    autoplay.destroy();
  });

  it('pauses while hovered or focused and resumes when both end', () => {
    const step = vi.fn();
    const autoplay = createAutoplay(step);
    autoplay.pause('hover');
    autoplay.pause('focus');
    vi.advanceTimersByTime(10_000);
    expect(step).not.toHaveBeenCalled();
    autoplay.resume('hover');
    expect(autoplay.running).toBe(false);
    autoplay.resume('focus');
    expect(autoplay.running).toBe(true);
    vi.advanceTimersByTime(2000);
    expect(step).toHaveBeenCalledTimes(1);
    autoplay.destroy();
  });

  it('never restarts after destroy', () => {
    const step = vi.fn();
    const autoplay = createAutoplay(step);
    autoplay.destroy();
    autoplay.resume('hover');
    vi.advanceTimersByTime(10_000);
    expect(step).not.toHaveBeenCalled();
    expect(autoplay.running).toBe(false);
  });
});
