// Preloaded into the measured server only by the bench (`node --import bench/event-loop-probe.mjs
// server/dist/main.js`, see servers.ts): the server's own code knows nothing of it. It samples the
// event loop's delay with perf_hooks.monitorEventLoopDelay and answers the bench over the IPC
// channel the bench opens: {type: 'loop-reset'} starts a new window, {type: 'loop-read', id}
// answers {type: 'loop-delay', id, p50Ms, p99Ms, maxMs, cpuMs} for the window so far: the delay
// percentiles and the CPU time the whole process (every thread: the event loop, libsql's and
// libuv's) used in it. Started without an IPC channel (plain `node`), it does nothing.
import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * The histogram records the time between two firings of its `RESOLUTION_MS` timer, not how late
 * the second one was: an idle Node 20 process shows min 10.04, p50 10.12 and p99 11.2 ms at a
 * 10 ms resolution (measured here), and Node's own PR #62935 says its samples "had an implicit
 * floor of resolution ms". So the delay is the interval less the resolution, as Elastic's APM
 * agent and OpenTelemetry's runtime instrumentation (issue #2794) compute it; until 2026-11-24
 * this probe reported the interval, 10 ms more than the delay.
 */
const RESOLUTION_MS = 10;

if (process.send && process.channel) {
  // 10 ms sampling: a statement that holds the loop for 50 ms shows as about 40-50 ms.
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let cpuAtReset = process.cpuUsage();
  const ms = (nanoseconds) =>
    Math.max(0, Math.round((nanoseconds / 1e6 - RESOLUTION_MS) * 100) / 100);
  const cpuMicroseconds = (usage) => usage.user + usage.system;
  process.on('message', (message) => {
    if (message?.type === 'loop-reset') {
      histogram.reset();
      cpuAtReset = process.cpuUsage();
    } else if (message?.type === 'loop-read') {
      process.send({
        type: 'loop-delay',
        id: message.id,
        p50Ms: ms(histogram.percentile(50)),
        p99Ms: ms(histogram.percentile(99)),
        maxMs: ms(histogram.max),
        cpuMs: Math.round(cpuMicroseconds(process.cpuUsage(cpuAtReset)) / 100) / 10,
      });
    }
  });
  // The channel must not keep the server alive once it has closed everything on SIGTERM.
  process.channel.unref();
}
