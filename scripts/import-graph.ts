/**
 * The static import graph of the server and the packages, read from the import lines of the source
 * files (no compiler needed), and its cycles. Used by apps/server/src/import-cycles.test.ts (and its
 * cycle finder by apps/web/app/import-structure.test.ts); kept apart so the same
 * reading can be pointed at an older tree (IMPORT_GRAPH_ROOT) to show what the test catches.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface ImportEdge {
  from: string;
  to: string;
  /** `import type`/`export type`, or every specifier marked `type`: erased at run time. */
  typeOnly: boolean;
}

const SOURCE = /\.tsx?$/;
const SKIP_DIRS = new Set(['node_modules', 'build', '.react-router', 'migrations']);

function sourceFiles(dir: string, into: string[] = []): string[] {
  if (!existsSync(dir)) return into;
  for (const entry of readdirSync(dir)) {
    if (SKIP_DIRS.has(entry)) continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) sourceFiles(full, into);
    else if (SOURCE.test(entry) && !entry.endsWith('.d.ts')) into.push(full);
  }
  return into;
}

/** `import … from '…'`, `export … from '…'` and `import '…'`, across line breaks. */
const STATEMENT = /^\s*(import|export)\s+(type\s+)?(?:([^'";]*?)\s+from\s+)?['"]([^'"]+)['"]/gm;

function allSpecifiersTypeOnly(clause: string | undefined): boolean {
  if (!clause) return false;
  const braces = /^\{([\s\S]*)\}$/.exec(clause.trim());
  if (!braces?.[1]) return false;
  const names = braces[1]
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  return names.length > 0 && names.every((name) => name.startsWith('type '));
}

function resolve(root: string, fromFile: string, specifier: string): string | undefined {
  let target: string;
  if (specifier.startsWith('.')) target = path.resolve(path.dirname(fromFile), specifier);
  else if (specifier.startsWith('@croupier/server/')) {
    target = path.join(root, 'apps/server/src', specifier.slice('@croupier/server/'.length));
  } else if (specifier.startsWith('@croupier/')) {
    const [pkg, ...rest] = specifier.slice('@croupier/'.length).split('/');
    target = path.join(root, 'packages', pkg ?? '', 'src', rest.join('/'));
  } else return undefined;
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** Every import edge between the files under `dirs` (relative to `root`), test files excepted. */
export function importGraph(root: string, dirs: string[]): ImportEdge[] {
  const edges: ImportEdge[] = [];
  const files = dirs.flatMap((dir) => sourceFiles(path.join(root, dir)));
  for (const file of files) {
    if (/\.test\.tsx?$/.test(file)) continue;
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(STATEMENT)) {
      const [, , typeKeyword, clause, specifier] = match;
      const to = resolve(root, file, specifier ?? '');
      if (!to) continue;
      edges.push({
        from: path.relative(root, file),
        to: path.relative(root, to),
        typeOnly: typeKeyword !== undefined || allSpecifiersTypeOnly(clause),
      });
    }
  }
  return edges;
}

/** Every cycle's files in order (one cycle per strongly connected component), via Tarjan. */
export function cycles(edges: ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;

  function visit(node: string): void {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (next.get(node) ?? []).includes(node)) {
      found.push(cyclePath(node, new Set(component), next));
    }
  }

  for (const node of next.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** One concrete cycle through `start` inside its component (breadth-first, shortest). */
function cyclePath(start: string, component: Set<string>, next: Map<string, string[]>): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() ?? start;
    for (const target of next.get(node) ?? []) {
      if (!component.has(target)) continue;
      if (target === start) {
        const pathBack = [node];
        while (pathBack[0] !== start) pathBack.unshift(previous.get(pathBack[0] ?? '') ?? start);
        return [...pathBack, start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start];
}
