import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The import graph of server/src as issue 29 measured it: no file circle (files that import each
 * other, directly or through others) and no folder knot of more than 5 folders (folders that can
 * each reach the others). The boundaries rule (server-boundaries.test.ts) keeps imports going one
 * way between the zones of server/README.md; this test also sees the graph inside a zone, where
 * a split file importing its own half back would otherwise go unnoticed. Imports of every kind
 * count: type-only, re-exports and dynamic `import()`.
 */
const SRC = fileURLToPath(new URL('../../server/src', import.meta.url));
const MAX_FOLDER_KNOT = 5;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Each file's relative imports, resolved to the .ts files they name (`./x.js` is `./x.ts`). */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = importedFiles
        .map(({ fileName }) => fileName)
        .filter((name) => name.startsWith('.'))
        .map((name) => resolve(dirname(file), name).replace(/\.js$/, '.ts'))
        .filter((target) => known.has(target));
      return [file, [...new Set(targets)]];
    }),
  );
}

/** Strongly connected components (Tarjan): the groups whose members all reach each other. */
function knots(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

function folderGraph(files: ReadonlyMap<string, readonly string[]>): Map<string, string[]> {
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of files) {
    const from = relative(SRC, dirname(file)) || '.';
    const edges = folders.get(from) ?? new Set<string>();
    for (const target of targets) {
      const to = relative(SRC, dirname(target)) || '.';
      if (to !== from) edges.add(to);
    }
    folders.set(from, edges);
  }
  return new Map([...folders].map(([folder, edges]) => [folder, [...edges]]));
}

describe('server/src import graph', () => {
  const files = importGraph(sourceFiles(SRC));

  it('has no file circle', () => {
    const circles = knots(files).map((circle) => circle.map((file) => relative(SRC, file)));
    expect(circles).toEqual([]);
  });

  it(`has no folder knot of more than ${MAX_FOLDER_KNOT} folders`, () => {
    const large = knots(folderGraph(files)).filter((knot) => knot.length > MAX_FOLDER_KNOT);
    expect(large).toEqual([]);
  });

  it('sees a circle and a knot when there is one', () => {
    const planted = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(knots(planted)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });
});
