import { readFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { DatabaseOptions } from '../server/src/db/orm-options.js';
import type { CpuPlan } from './cpu-pinning.js';
import { connectLoopProbe, EVENT_LOOP_PROBE, type LoopProbe } from './event-loop.js';
import { ceilingMain, repoRoot, scratchDir, serverMain } from './paths.js';
import { freePort, startNode, waitForOk, type Child } from './processes.js';

export interface RunningServer {
  base: string;
  loop: LoopProbe;
  stop(): Promise<void>;
}

/**
 * The Node flags `npm start` runs the server with (server/package.json's `start` script, read
 * from there so the bench cannot drift from it): the compiled contract's export condition and the
 * young generation's size (docs/performance.md). The ceiling gets them too, so the ratios
 * compare like with like.
 */
function startScriptFlags(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'server', 'package.json'), 'utf8'));
  const words = String(manifest.scripts.start).split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'dist/main.js') {
    throw new Error(`server/package.json's start script is not "node <flags> dist/main.js"`);
  }
  return words.slice(1, -1);
}

/**
 * The built server (`node server/dist/main.js`) on a free port, with the event-loop probe
 * preloaded, on the server CPU of `cpus`. Nothing outside the bench's own settings: no mail
 * server, no shared Redis (its rate-limit counters are other people's).
 */
export async function startServer(
  database: DatabaseOptions,
  cpus: CpuPlan,
): Promise<RunningServer> {
  const port = await freePort();
  const scratch = path.join(scratchDir, `server-${port}`);
  await mkdir(scratch, { recursive: true });
  const url =
    database.kind === 'sqlite' ? `sqlite:${path.relative(repoRoot, database.path)}` : database.url;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: url,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DEMO_MODE: 'false',
    MAIL_DIR: path.join(scratch, 'mail'),
    MEDIA_DIR: path.join(scratch, 'media'),
  };
  delete env.SMTP_URL;
  delete env.REDIS_URL;
  const server = startNode(`server ${database.kind}`, serverMain, env, {
    nodeArgs: [...startScriptFlags(), '--import', EVENT_LOOP_PROBE],
    ipc: true,
    cpu: cpus.serverCpu,
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await server.stop();
    await rm(scratch, { recursive: true, force: true });
  };
  try {
    await waitForOk(`${base}/api/health`, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, loop: connectLoopProbe(server.process), stop };
}

/**
 * The plain Fastify ceiling, on the same CPU as the server, with the same probe (its CPU per
 * request is the floor the server's is compared with).
 */
export async function startCeiling(
  cpus: CpuPlan,
): Promise<{ url: string; child: Child; loop: LoopProbe }> {
  const port = await freePort();
  const child = startNode(
    'ceiling',
    ceilingMain,
    { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
    {
      nodeArgs: [...startScriptFlags(), '--import', EVENT_LOOP_PROBE],
      ipc: true,
      cpu: cpus.serverCpu,
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForOk(url, child);
  return { url, child, loop: connectLoopProbe(child.process) };
}

/**
 * Waits until the server answers its health check quickly again. A phase the server cannot keep
 * up with leaves requests queued (autocannon gives up on them, the server still runs them); they
 * must not be billed to the next phase.
 */
export async function settle(base: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    const response = await fetch(`${base}/api/health`);
    await response.arrayBuffer();
    if (response.status === 200 && performance.now() - started < 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server was still busy 180 s after the previous phase');
}
