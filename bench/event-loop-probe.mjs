// Preloaded into the measured server only by the bench (`node --import bench/event-loop-probe.mjs
// server/dist/main.js`, see servers.ts): the server's own code knows nothing of it. It samples the
// event loop's delay with perf_hooks.monitorEventLoopDelay and answers the bench over the IPC
// channel the bench opens: {type: 'loop-reset'} starts a new window, {type: 'loop-read', id}
// answers {type: 'loop-delay', id, p50Ms, p99Ms, maxMs} for the window so far. Started without an
// IPC channel (plain `node`), it does nothing.
import { monitorEventLoopDelay } from 'node:perf_hooks';

if (process.send && process.channel) {
  // 10 ms sampling: a statement that holds the loop for 50 ms shows as about 40-50 ms.
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const ms = (nanoseconds) => Math.round(nanoseconds / 1e4) / 100;
  process.on('message', (message) => {
    if (message?.type === 'loop-reset') {
      histogram.reset();
    } else if (message?.type === 'loop-read') {
      process.send({
        type: 'loop-delay',
        id: message.id,
        p50Ms: ms(histogram.percentile(50)),
        p99Ms: ms(histogram.percentile(99)),
        maxMs: ms(histogram.max),
      });
    }
  });
  // The channel must not keep the server alive once it has closed everything on SIGTERM.
  process.channel.unref();
}
