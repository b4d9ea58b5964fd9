import path from 'node:path';
import type { ChildProcess } from 'node:child_process';

/** The preload that samples the server's event-loop delay (see the file's header). */
export const EVENT_LOOP_PROBE = path.join(import.meta.dirname, 'event-loop-probe.mjs');

export interface LoopDelay {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** CPU time the whole process used in the window (all its threads), in ms. */
  cpuMs: number;
}

/** The bench's end of the probe: the server process must have been started with `ipc`. */
export interface LoopProbe {
  /** Starts a new measuring window. */
  reset(): void;
  /** The delay percentiles since the last reset (waits for the server's loop to answer). */
  read(): Promise<LoopDelay>;
}

interface DelayMessage extends LoopDelay {
  type: 'loop-delay';
  id: number;
}

export function connectLoopProbe(child: ChildProcess): LoopProbe {
  let nextId = 0;
  return {
    reset() {
      child.send({ type: 'loop-reset' });
    },
    read() {
      const id = ++nextId;
      return new Promise<LoopDelay>((resolve, reject) => {
        const timer = setTimeout(() => {
          child.off('message', onMessage);
          reject(new Error('the server did not report its event-loop delay within 60 s'));
        }, 60_000);
        const onMessage = (message: DelayMessage) => {
          if (message?.type !== 'loop-delay' || message.id !== id) return;
          clearTimeout(timer);
          child.off('message', onMessage);
          resolve({
            p50Ms: message.p50Ms,
            p99Ms: message.p99Ms,
            maxMs: message.maxMs,
            cpuMs: message.cpuMs,
          });
        };
        child.on('message', onMessage);
        child.send({ type: 'loop-read', id });
      });
    },
  };
}
