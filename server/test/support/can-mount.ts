import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Whether this machine lets a test mount a filesystem (a tiny tmpfs, a read-only bind mount): it
 * needs root, which CI has. Tests that need it are skipped, saying so in their names, without it.
 */
export function canMount(): boolean {
  const probe = mkdtempSync(path.join(tmpdir(), 'recipehub-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}
