import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The repository's own ESLint configuration, run on code that breaks server/'s layers
 * (server/README.md, "Folders: what each owns and may import"; issue 29): a lower folder
 * importing a higher one (db/ a module, errors/ db/, auth/ a face, a face's glue a feature
 * module, modules/shared/ a feature or the search, the recipe data the recipes feature, the search
 * the recipe data), a feature importing
 * another against the one direction, a use case importing a face, a module importing the
 * composition root must each fail `npm run lint`, type-only and dynamic imports too; the allowed
 * directions and the real tree must not. The probes are linted as text under the paths they
 * would have, so nothing is written to server/src.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

async function ruleIds(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${path}` });
  return (result?.messages ?? []).map((message) => message.ruleId ?? 'fatal');
}

const BOUNDARY = 'boundaries/dependencies';

/** One import of `names` from `source` in a probe file, used so no other rule complains. */
const probe = (source: string, name: string, kind: 'value' | 'type' = 'value') =>
  `import ${kind === 'type' ? 'type ' : ''}{ ${name} } from '${source}';\n` +
  `export type Probe = typeof ${name} | undefined;\n`;

describe('server import boundaries', () => {
  it.each([
    ['db/ importing a module', 'db', probe('../modules/users/user.entity.js', 'User')],
    ['errors/ importing db/', 'errors', probe('../db/hot-read.js', 'isStatementTimeout')],
    ['auth/ importing trpc/', 'auth', probe('../trpc/trpc.js', 'router')],
    ['auth/ importing http/', 'auth', probe('../http/problem.js', 'sendProblem')],
    ['auth/ importing a feature', 'auth', probe('../modules/accounts/login.js', 'login')],
    ['trpc/ importing a feature', 'trpc', probe('../modules/accounts/login.js', 'login')],
    ['http/ importing a feature', 'http', probe('../modules/recipes/recipe-list.js', 'getRecipe')],
    ['shared/ importing a feature', 'modules/shared', probe('../accounts/login.js', 'login')],
    ['mail/ importing shared/', 'mail', probe('../modules/shared/sql.js', 'placeholders')],
    [
      'recipe data importing the recipes feature',
      'modules/recipes/data',
      probe('../recipe-list.js', 'getRecipe'),
    ],
    [
      'a feature importing another against the order',
      'modules/accounts',
      probe('../recipes/recipe-list.js', 'getRecipe'),
    ],
    [
      'a feature importing the composition root',
      'modules/recipes',
      probe('../../app-router.js', 'appRouter'),
    ],
    [
      'a use case importing http/',
      'modules/accounts',
      probe('../../http/account-envelope.js', 'registerAccountErrorHandler'),
    ],
    ['a use case importing trpc/', 'modules/accounts', probe('../../trpc/trpc.js', 'router')],
    [
      'shared/ importing the search (its index type too: the search adds it to ServiceDeps)',
      'modules/shared',
      probe('../recipes/search/search-index.js', 'SearchIndex', 'type').replace(
        'typeof SearchIndex',
        'SearchIndex',
      ),
    ],
    [
      'the search importing the recipe data',
      'modules/recipes/search',
      probe('../data/recipe-read.js', 'readRecipe'),
    ],
    [
      'the search importing the recipes feature',
      'modules/recipes/search',
      probe('../recipe-list.js', 'getRecipe'),
    ],
  ])('fails %s', async (_case, folder, code) => {
    expect(await ruleIds(`server/src/${folder}/probe.ts`, code)).toContain(BOUNDARY);
  });

  it('fails a type-only import and a dynamic import the same way', async () => {
    const typeOnly = probe('../auth/viewer.js', 'Viewer', 'type').replace(
      'typeof Viewer',
      'Viewer',
    );
    expect(await ruleIds('server/src/db/probe.ts', typeOnly)).toContain(BOUNDARY);
    const dynamic = "export const load = () => import('../modules/accounts/login.js');\n";
    expect(await ruleIds('server/src/db/probe.ts', dynamic)).toContain(BOUNDARY);
  });

  it('lets each folder import what its row allows', async () => {
    const allowed: [string, string][] = [
      ['server/src/db/probe.ts', probe('../errors/app-error.js', 'AppError')],
      ['server/src/auth/probe.ts', probe('../modules/shared/sql.js', 'placeholders')],
      ['server/src/trpc/probe.ts', probe('../auth/authenticate.js', 'authenticateBearer')],
      [
        'server/src/modules/recipes/probe.ts',
        probe('../recipe-photos/photo-store.js', 'removePhotoFiles'),
      ],
      [
        'server/src/modules/reviews/probe.ts',
        probe('../recipes/data/recipe-read.js', 'readRecipe'),
      ],
      ['server/src/modules/accounts/probe.rest.ts', probe('../../http/problem.js', 'sendProblem')],
      ['server/src/modules/accounts/probe.trpc.ts', probe('../../trpc/trpc.js', 'router')],
      ['server/src/probe.ts', probe('./modules/accounts/login.js', 'login')],
      [
        'server/src/modules/recipes/data/probe.ts',
        probe('../search/search-text.js', 'searchWords'),
      ],
      ['server/src/modules/recipes/search/probe.ts', probe('../../shared/sql.js', 'placeholders')],
    ];
    for (const [path, code] of allowed)
      expect(await ruleIds(path, code), path).not.toContain(BOUNDARY);
  });

  it('passes the real tree', { timeout: 120_000 }, async () => {
    const results = await eslint.lintFiles(['server/src/**/*.ts']);
    const broken = results.flatMap((result) =>
      result.messages
        .filter((message) => message.ruleId === BOUNDARY)
        .map((message) => `${result.filePath}:${message.line} ${message.message}`),
    );
    expect(results.length).toBeGreaterThan(200);
    expect(broken).toEqual([]);
  });
});
