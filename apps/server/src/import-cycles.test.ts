/**
 * No import circle in the server or the packages (ADR 018). Value imports are checked, and so are
 * type-only ones: a type import runs no code, but it still ties two files' designs together, and a
 * circle of them is the first step to a circle of values.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cycles, type ImportEdge, importGraph } from '../../../scripts/import-graph.ts';

const ROOT = process.env.IMPORT_GRAPH_ROOT ?? fileURLToPath(new URL('../../../', import.meta.url));
/** The server and every package (a package added later is checked too). */
const DIRS = ['apps/server/src', ...readdirSync(`${ROOT}/packages`).map((name) => `packages/${name}/src`)];

function describeCycles(found: string[][]): string {
  return found.map((cycle) => cycle.join('\n  → ')).join('\n\n');
}

describe('import graph', () => {
  const edges = importGraph(ROOT, DIRS);

  it('is read from the sources (a graph of the whole server, not an empty one)', () => {
    expect(edges.length).toBeGreaterThan(300);
    expect(edges).toContainEqual({
      from: 'apps/server/src/app.ts',
      to: 'apps/server/src/services.ts',
      typeOnly: false,
    } satisfies ImportEdge);
  });

  it('has no circle of value imports', () => {
    const found = cycles(edges.filter((edge) => !edge.typeOnly));
    expect(found, `import circles:\n${describeCycles(found)}`).toEqual([]);
  });

  it('has no circle even counting type-only imports', () => {
    const found = cycles(edges);
    expect(found, `import circles (type imports included):\n${describeCycles(found)}`).toEqual([]);
  });

  it("has no circle between modules (tables excepted: a foreign key names another module's table)", () => {
    const moduleOf = (file: string) => /^apps\/server\/src\/(?:modules|sandbox)\/([^/]+)\//.exec(file)?.[1];
    const between = edges.flatMap((edge) => {
      const from = moduleOf(edge.from);
      const to = moduleOf(edge.to);
      // The schema is one floor: tables (and a session's join on the players table) name other tables.
      if (!from || !to || from === to || edge.to.endsWith('.tables.ts')) return [];
      return [{ from: `modules/${from}`, to: `modules/${to}`, typeOnly: edge.typeOnly }];
    });
    const found = cycles(between);
    expect(found, `module circles:\n${describeCycles(found)}`).toEqual([]);
  });
});
