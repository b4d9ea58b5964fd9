import { describe, expect, it } from 'vitest';
import { formatCountdown, formatDate, formatDateTime } from './format';

describe('formatCountdown', () => {
  it('shows m:ss', () => {
    expect(formatCountdown(300)).toBe('5:00');
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});

describe('dates', () => {
  it('are shown in Asia/Dhaka (UTC+6)', () => {
    expect(formatDate('2025-03-14T20:30:00Z')).toBe('Mar 15, 2025');
    expect(formatDateTime('2025-03-14T09:30:00Z')).toBe('Mar 14, 2025, 3:30 PM');
  });
});
