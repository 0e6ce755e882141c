/**
 * Another commit of this repository, built, for a benchmark that compares it with this checkout in
 * the same run (issue #17: before and after figures measured side by side). A detached git worktree
 * in the temp directory shares this checkout's installed modules (each one a symlink), but its own
 * workspace packages (`@croupier/*` point into the worktree, as npm links them), and gets its own
 * production build of the web app; `serverEntry` is its server, which serves that build. A commit
 * whose dependencies differ (another `package-lock.json`) gets its own `npm ci` instead.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, readlink, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const REPO_ROOT = new URL('..', import.meta.url).pathname;

export interface ReferenceBuild {
  /** The commit it was built from, as `git rev-parse --short` names it. */
  commit: string;
  serverEntry: string;
  remove(): Promise<void>;
}

const execFileAsync = promisify(execFile);

/** Runs a command to its end and answers its standard output; a failure carries its stderr. */
async function run(command: string, args: string[], cwd: string): Promise<string> {
  const { stdout } = await execFileAsync(command, args, {
    cwd,
    // npm scripts run on this process's Node (the repository's, ADR 001), not the system's.
    env: { ...process.env, PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ''}` },
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout.trim();
}

/**
 * The worktree's node_modules: a link to each installed package of this checkout, and the
 * workspace's own packages linked as npm links them (relative, so into the worktree). Not Vite's
 * cache, which belongs to one checkout.
 */
async function linkModules(from: string, to: string): Promise<void> {
  await mkdir(path.join(to, '@croupier'), { recursive: true });
  for (const entry of await readdir(from)) {
    if (entry === '@croupier' || entry === '.vite' || entry === '.package-lock.json') continue;
    await symlink(path.join(from, entry), path.join(to, entry));
  }
  for (const entry of await readdir(path.join(from, '@croupier'))) {
    await symlink(await readlink(path.join(from, '@croupier', entry)), path.join(to, '@croupier', entry));
  }
}

/**
 * Checks `ref` out beside this checkout and builds it (about as long as `npm run build`, plus an
 * `npm ci` when its dependencies differ).
 */
export async function buildReference(ref: string): Promise<ReferenceBuild> {
  const commit = await run('git', ['rev-parse', '--short', '--verify', `${ref}^{commit}`], REPO_ROOT);
  const dir = path.join(os.tmpdir(), `croupier-reference-${commit}-${randomBytes(4).toString('hex')}`);
  await run('git', ['worktree', 'add', '--detach', dir, commit], REPO_ROOT);
  const remove = async () => {
    await run('git', ['worktree', 'remove', '--force', dir], REPO_ROOT).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const lock = (root: string) => readFile(path.join(root, 'package-lock.json'), 'utf8');
    if ((await lock(dir)) === (await lock(REPO_ROOT))) {
      await linkModules(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'));
    } else {
      console.log(`${commit} has other dependencies: npm ci in its worktree…`);
      await run('npm', ['ci', '--no-audit', '--no-fund'], dir);
    }
    await run('npm', ['run', 'build'], dir);
  } catch (error) {
    await remove();
    throw error;
  }
  return { commit, serverEntry: path.join(dir, 'apps/server/src/server.ts'), remove };
}
