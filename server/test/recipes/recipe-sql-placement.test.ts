import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 13: a recipe's SQL has one place to look, `modules/recipes/data/`, and the search's its
 * own, `modules/recipes/search/` (issue 29). Any statement naming the `recipe` table (or built
 * from its shared column list) elsewhere in server/src fails here,
 * so a new use case reads recipes through a data function instead of writing its own statement.
 * Migrations (generated DDL) and entity definitions (the table's mapping) are not statements.
 */
const SOURCE = fileURLToPath(new URL('../../src', import.meta.url));
const DATA_FOLDER = 'modules/recipes/data/';
const SEARCH_FOLDER = 'modules/recipes/search/';
const RECIPE_STATEMENT = /\b(from|join|update|into|table)\s+`recipe`|RECIPE_FROM|RECIPE_COLUMNS/i;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('recipe data access', () => {
  it('keeps every statement on the recipe table in modules/recipes/data/ and search/', () => {
    const outside = sourceFiles(SOURCE)
      .map((path) => relative(SOURCE, path).split('\\').join('/'))
      .filter(
        (path) => ![DATA_FOLDER, SEARCH_FOLDER, 'migrations/'].some((f) => path.startsWith(f)),
      )
      .filter((path) => !path.endsWith('.entity.ts'))
      .filter((path) => RECIPE_STATEMENT.test(readFileSync(join(SOURCE, path), 'utf8')));
    expect(outside).toEqual([]);
  });

  it('finds the statements it looks for (the check is not vacuous)', () => {
    const inData = sourceFiles(join(SOURCE, DATA_FOLDER)).filter((path) =>
      RECIPE_STATEMENT.test(readFileSync(path, 'utf8')),
    );
    expect(inData.length).toBeGreaterThanOrEqual(5);
    const inSearch = sourceFiles(join(SOURCE, SEARCH_FOLDER)).filter((path) =>
      RECIPE_STATEMENT.test(readFileSync(path, 'utf8')),
    );
    expect(inSearch.length).toBeGreaterThanOrEqual(2);
  });
});
