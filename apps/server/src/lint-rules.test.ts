/**
 * The house import rules (biome.json `noRestrictedImports`, ADR 018) fail lint on a forbidden import.
 * The fixture trees (apps/server/test-fixtures/lint) mirror the repository's layout; each is copied
 * beside the project's own biome.json and linted: every import of `bad/` must be refused with the
 * rule's name, and `good/` (the imports the rules allow) must pass.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FIXTURES = path.join(ROOT, 'apps/server/test-fixtures/lint');
const BIOME = path.join(ROOT, 'node_modules/.bin/biome');
const run = promisify(execFile);

interface Diagnostic {
  category: string;
  message: string;
  location: { path: string; start: { line: number } };
}

const workDirs: string[] = [];
afterAll(() => {
  for (const dir of workDirs) rmSync(dir, { recursive: true, force: true });
});

/** Lints a copy of a fixture tree under the project's rules (only the VCS and file lists differ). */
async function lintFixture(name: 'bad' | 'good'): Promise<{ exitCode: number; diagnostics: Diagnostic[] }> {
  const dir = mkdtempSync(path.join(tmpdir(), `lint-${name}-`));
  workDirs.push(dir);
  cpSync(path.join(FIXTURES, name), dir, { recursive: true });
  const config = JSON.parse(readFileSync(path.join(ROOT, 'biome.json'), 'utf8')) as Record<string, unknown>;
  config.$schema = undefined;
  config.vcs = { enabled: false };
  config.files = { includes: ['**'] };
  writeFileSync(path.join(dir, 'biome.json'), JSON.stringify(config));
  try {
    const { stdout } = await run(BIOME, ['lint', '--reporter=json', '.'], { cwd: dir });
    return { exitCode: 0, diagnostics: (JSON.parse(stdout) as { diagnostics: Diagnostic[] }).diagnostics };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    return {
      exitCode: failed.code ?? -1,
      diagnostics: (JSON.parse(failed.stdout ?? '{}') as { diagnostics?: Diagnostic[] }).diagnostics ?? [],
    };
  }
}

function refusals(diagnostics: Diagnostic[]): string[] {
  return diagnostics
    .filter((diagnostic) => diagnostic.category === 'lint/style/noRestrictedImports')
    .map((diagnostic) => `${diagnostic.location.path}:${diagnostic.location.start.line}`)
    .sort();
}

describe('import rules (noRestrictedImports)', () => {
  it('refuse every forbidden import of the bad fixture, naming the rule', async () => {
    const { exitCode, diagnostics } = await lintFixture('bad');
    expect(exitCode).not.toBe(0);
    expect(refusals(diagnostics)).toEqual(
      [
        // (a) nothing but the edge imports http/ — a module, the composition root, lib/.
        'apps/server/src/modules/shop/shop.service.ts:2',
        'apps/server/src/services.ts:1',
        'apps/server/src/lib/helper.ts:2',
        // (b) another module's repository or tables; a table may only name another table.
        'apps/server/src/modules/shop/shop.service.ts:3',
        'apps/server/src/modules/shop/shop.service.ts:4',
        'apps/server/src/modules/shop/shop.tables.ts:2',
        // (c) the web app never imports server code.
        'apps/web/app/page.ts:1',
        'apps/web/app/page.ts:2',
        // (d) lib/ never imports modules/.
        'apps/server/src/lib/helper.ts:1',
        // (e) packages never import apps.
        'packages/thing/src/thing.ts:1',
      ].sort(),
    );
  });

  it('let the good fixture through', async () => {
    const { exitCode, diagnostics } = await lintFixture('good');
    expect(diagnostics).toEqual([]);
    expect(exitCode).toBe(0);
  });
});
