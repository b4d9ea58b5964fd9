import path from 'node:path';

/** Where the bench reads and writes, relative to the repository it lives in. */
export const repoRoot = path.resolve(import.meta.dirname, '..');
export const benchDataDir = path.join(repoRoot, 'data', 'bench');
export const serverMain = path.join(repoRoot, 'server', 'dist', 'main.js');
export const ceilingMain = path.join(repoRoot, 'bench', 'ceiling.mjs');
/** Scratch space of this run (copies of the SQLite file, the server's mail and media folders). */
export const scratchDir = path.join(benchDataDir, `run-${process.pid}`);
