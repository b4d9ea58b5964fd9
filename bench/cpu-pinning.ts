import { execFileSync, spawnSync } from 'node:child_process';

/**
 * Where the processes run. With `taskset` (util-linux) and at least two CPUs this process may use,
 * the measured server (and the ceiling, so both get the same one core) runs on one CPU and this
 * process, autocannon included, on another: the load generator no longer competes with the server
 * for its core. Other processes (MariaDB, whatever else runs on the machine) are not pinned.
 */
export interface CpuPlan {
  /** The CPU of the server and the ceiling; undefined when nothing is pinned. */
  serverCpu?: number;
  loadCpu?: number;
  description: string;
}

/** The CPUs this process may run on, from `taskset -cp` ("current affinity list: 0,1" or "0-3"). */
function allowedCpus(): number[] {
  const output = execFileSync('taskset', ['-cp', String(process.pid)], { encoding: 'utf8' });
  const list = output.split(':').at(-1)?.trim() ?? '';
  return list.split(',').flatMap((part) => {
    const [from, to] = part.split('-').map(Number);
    if (from === undefined || Number.isNaN(from)) return [];
    return Array.from({ length: (to ?? from) - from + 1 }, (_, i) => from + i);
  });
}

/** Pins this process (all its threads) to one CPU and returns the other for the server. */
export function planCpus(enabled: boolean): CpuPlan {
  if (!enabled) return { description: 'not pinned (--no-pin)' };
  if (spawnSync('taskset', ['--version']).status !== 0) {
    return { description: 'not pinned: taskset (util-linux) is not installed' };
  }
  const cpus = allowedCpus();
  if (cpus.length < 2) return { description: `not pinned: only CPU ${cpus.join('')} is allowed` };
  const [serverCpu, loadCpu] = cpus as [number, number];
  execFileSync('taskset', ['-a', '-cp', String(loadCpu), String(process.pid)], { stdio: 'ignore' });
  return {
    serverCpu,
    loadCpu,
    description:
      `server and ceiling pinned to CPU ${serverCpu}, this process (autocannon) to CPU ` +
      `${loadCpu} (taskset); the database server and other processes are not pinned`,
  };
}
