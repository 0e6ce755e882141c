/**
 * CPU time read from `/proc` (Linux), for the benchmarks that say which process a transaction's
 * time goes to: the PostgreSQL server, the HTTP server, the load generator. User + system time, in
 * milliseconds; USER_HZ is 100 on Linux, so a reading moves in steps of 10 ms (read over phases of
 * seconds).
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runningPostmaster } from '@croupier/db/database';

const TICK_MS = 10;

/** `stat`'s fields after the command's closing parenthesis: state, ppid, … utime (11), stime, cutime, cstime. */
function statFields(pid: number | 'self'): string[] | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined; // gone meanwhile
  }
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** A live process's own CPU time (all its threads), 0 once it is gone. */
export function processCpuMs(pid: number): number {
  const fields = statFields(pid);
  return fields ? (Number(fields[11]) + Number(fields[12])) * TICK_MS : 0;
}

/**
 * The CPU time of this process's children that have exited and been waited for (a pgbench run,
 * once `execFile` has returned): `cutime` + `cstime` of this process.
 */
export function finishedChildrenCpuMs(): number {
  const fields = statFields('self');
  return fields ? (Number(fields[13]) + Number(fields[14])) * TICK_MS : 0;
}

/**
 * CPU time the PostgreSQL server whose postmaster is `postmaster` has used so far: the
 * postmaster's and its live children's own, plus what its finished children used (the postmaster's
 * `cutime`/`cstime` holds the backends it has reaped, such as a phase's connection that closed
 * before the reading). Other PostgreSQL servers of the machine are not counted.
 */
export function postgresCpuMs(postmaster: number): number {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const fields = statFields(Number(pid));
    if (!fields || (Number(pid) !== postmaster && Number(fields[1]) !== postmaster)) continue;
    total += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * TICK_MS;
  }
  return total;
}

/** The postmaster of the embedded PostgreSQL started with `dataDir` (its cluster lives in `pg/`). */
export async function embeddedPostmaster(dataDir: string): Promise<number> {
  const postmaster = (await runningPostmaster(path.join(dataDir, 'pg')))?.pid;
  if (postmaster === undefined) throw new Error('the embedded PostgreSQL has no running postmaster');
  return postmaster;
}

/** Milliseconds of CPU per transaction, by process. */
export interface CpuPerTransaction {
  /** The PostgreSQL server's processes. */
  postgresMs: number;
  /** The HTTP server's process, when there is one. */
  serverMs?: number;
  /** What sent the load: the benchmark's own process, or pgbench. */
  clientMs: number;
}

/**
 * The lines of a table of CPU per transaction, one row per path, with what this machine's cores
 * could carry at that cost (on a machine whose cores are all busy, a path's throughput is about
 * cores ÷ its CPU per transaction; ADR 067).
 */
export function cpuTable(rows: { name: string; cpu: CpuPerTransaction }[], serverLabel: string): string[] {
  const cores = os.cpus().length;
  const ms = (value: number | undefined) => (value === undefined ? '–' : value.toFixed(2));
  return [
    `| CPU per transaction, ms (/proc, user + system) | PostgreSQL | ${serverLabel} | load generator | all | ${cores} cores ÷ all, per s |`,
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map(({ name, cpu }) => {
      const all = cpu.postgresMs + (cpu.serverMs ?? 0) + cpu.clientMs;
      return (
        `| ${name} | ${ms(cpu.postgresMs)} | ${ms(cpu.serverMs)} | ${ms(cpu.clientMs)} | ${ms(all)} | ` +
        `${((cores * 1000) / Math.max(all, 1e-9)).toFixed(0)} |`
      );
    }),
  ];
}
