/**
 * Stand-ins for the Screen Wake Lock and Web Audio APIs, installed before the page's scripts run:
 * headless Chromium has no screen to keep on and no speaker, so cook-mode tests read what the page
 * asked for from `window.wakeLockRequests` and `window.beeps`.
 */
import type { Page } from '@playwright/test';

export /** Stand-ins that record what the page asks of the Wake Lock and Web Audio APIs. */
async function recordDeviceApis(page: Page, { wakeLock }: { wakeLock: boolean }) {
  await page.addInitScript((withWakeLock) => {
    const record = window as unknown as { wakeLockRequests: string[]; beeps: number };
    record.wakeLockRequests = [];
    record.beeps = 0;
    Object.defineProperty(Navigator.prototype, 'wakeLock', {
      configurable: true,
      get: () =>
        withWakeLock
          ? {
              request: async (type: string) => {
                record.wakeLockRequests.push(type);
                return { released: false, release: async () => undefined };
              },
            }
          : undefined,
    });
    class RecordingAudioContext {
      state = 'running';
      currentTime = 0;
      destination = {};
      resume = async () => undefined;
      createGain = () => ({ gain: { value: 1 }, connect: () => undefined });
      createOscillator = () => ({
        type: 'sine',
        frequency: { value: 440 },
        connect: () => undefined,
        start: () => {
          record.beeps += 1;
        },
        stop: () => undefined,
      });
    }
    Object.defineProperty(window, 'AudioContext', {
      configurable: true,
      value: RecordingAudioContext,
    });
  }, wakeLock);
}

export const beeps = (page: Page) =>
  page.evaluate(() => (window as unknown as { beeps: number }).beeps);
