import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { createServer } from 'node:net';

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface Child {
  process: ChildProcess;
  /** The last lines it wrote to stderr, for error messages. */
  stderr(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Options for node itself, before the script (e.g. `--import` of a probe). */
  nodeArgs?: string[];
  /** Open an IPC channel (`child.process.send`, `'message'` events). */
  ipc?: boolean;
  /** Run on this CPU only (`taskset -c`; see cpu-pinning.ts). */
  cpu?: number;
}

/** Starts `node <script>` with the given environment; its stderr is kept and echoed. */
export function startNode(
  label: string,
  script: string,
  env: NodeJS.ProcessEnv,
  options: StartOptions = {},
): Child {
  const nodeCommand = [process.execPath, ...(options.nodeArgs ?? []), script];
  // taskset execs node in place: the child's pid, signals and exit code are node's own.
  const [command, ...args] =
    options.cpu === undefined
      ? nodeCommand
      : ['taskset', '-c', String(options.cpu), ...nodeCommand];
  const stdio: StdioOptions = [
    'ignore',
    'ignore',
    'pipe',
    ...(options.ipc ? ['ipc' as const] : []),
  ];
  const child = spawn(command!, args, { env, stdio });
  const lines: string[] = [];
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    for (const line of chunk.split('\n').filter(Boolean)) {
      lines.push(line);
      if (lines.length > 20) lines.shift();
      process.stderr.write(`  [${label}] ${line}\n`);
    }
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    process: child,
    stderr: () => lines.join('\n'),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `url` until it answers 200; fails early if the child exits. */
export async function waitForOk(url: string, child: Child, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null) {
      throw new Error(`${url}: the process exited (${child.process.exitCode})\n${child.stderr()}`);
    }
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s\n${child.stderr()}`);
}
