import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The repository's own ESLint configuration, run on code that breaks web/'s rooms
 * (web/README.md, issue 13): a feature importing another feature or app/, a shared folder
 * importing a feature, and web markup using ui's `rh-*` classes must each fail `npm run lint`;
 * the allowed directions must not. The files are linted as text under the paths they would have,
 * so nothing is written to web/src.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

async function ruleIds(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${path}` });
  return (result?.messages ?? []).map((message) => message.ruleId ?? 'fatal');
}

const BOUNDARY = 'boundaries/dependencies';

describe('web import boundaries', () => {
  it('fails a feature that imports another feature', async () => {
    const code =
      "import { RecipeDetailPage } from '../recipe-detail/recipe-detail-page';\n" +
      'export const page = RecipeDetailPage;\n';
    expect(await ruleIds('web/src/features/home/probe.ts', code)).toContain(BOUNDARY);
  });

  it('fails a dynamic import from one feature into another', async () => {
    const code = "export const load = () => import('../account/login-page');\n";
    expect(await ruleIds('web/src/features/home/probe.ts', code)).toContain(BOUNDARY);
  });

  it('fails a feature that imports app/', async () => {
    const code = "import { lazyPage } from '../../app/lazy-page';\nexport const page = lazyPage;\n";
    expect(await ruleIds('web/src/features/home/probe.ts', code)).toContain(BOUNDARY);
  });

  it('fails a shared folder that imports a feature', async () => {
    const code =
      "import { TRENDING_FAILED } from '../features/home/home-texts';\nexport const text = TRENDING_FAILED;\n";
    expect(await ruleIds('web/src/lib/probe.ts', code)).toContain(BOUNDARY);
  });

  it('lets a feature import shared folders and its own files, and app/ import features', async () => {
    const feature =
      "import { paths } from '../../lib/paths';\nimport { TRENDING_FAILED } from './home-texts';\n" +
      'export const both = [paths, TRENDING_FAILED];\n';
    expect(await ruleIds('web/src/features/home/probe.ts', feature)).not.toContain(BOUNDARY);
    const app =
      "import { LoginPage } from '../features/account/login-page';\nexport const page = LoginPage;\n";
    expect(await ruleIds('web/src/app/probe.ts', app)).not.toContain(BOUNDARY);
  });
});

describe("ui's classes in web markup", () => {
  it("fails a web component that uses one of ui's rh-* classes", async () => {
    const code = 'export const Field = () => <label className="rh-field__label">Name</label>;\n';
    expect(await ruleIds('web/src/features/home/probe.tsx', code)).toContain(
      'no-restricted-syntax',
    );
  });
});
