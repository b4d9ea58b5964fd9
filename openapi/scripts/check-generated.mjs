// Fails (exit 1) when generated/schema.ts is stale or the document is not valid OpenAPI 3.1.
// The types are regenerated in memory with the same generator and options as the CLI in
// `npm run generate`, so any difference means someone edited the YAML without regenerating
// (or edited the generated file by hand).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { withGeneratedHeader } from './add-header.mjs';
import { DOCUMENT_PATH, validateDocument } from './validate-document.mjs';

export const GENERATED_TYPES_PATH = fileURLToPath(
  new URL('../generated/schema.ts', import.meta.url),
);

/** What `npm run generate` would write now. Mirrors the openapi-typescript CLI's output. */
export async function renderGeneratedTypes() {
  const ast = await openapiTS(new URL(`file://${DOCUMENT_PATH}`), { silent: true });
  return withGeneratedHeader(`${COMMENT_HEADER}${astToString(ast)}`);
}

/** @returns {Promise<{ upToDate: boolean, message: string }>} */
export async function checkGeneratedTypes() {
  const relativePath = path.relative(process.cwd(), GENERATED_TYPES_PATH);
  let committed;
  try {
    committed = readFileSync(GENERATED_TYPES_PATH, 'utf8');
  } catch {
    return {
      upToDate: false,
      message: `${relativePath} is missing: run \`npm run contract:generate\` and commit the result.`,
    };
  }
  const expected = await renderGeneratedTypes();
  return expected === committed
    ? { upToDate: true, message: `${relativePath} is up to date.` }
    : {
        upToDate: false,
        message: `${relativePath} is stale (it does not match recipehub.openapi.yaml): run \`npm run contract:generate\` and commit the result.`,
      };
}

async function main() {
  const validation = await validateDocument();
  if (!validation.valid) {
    console.error(
      `recipehub.openapi.yaml is not a valid OpenAPI 3.1 document:\n${validation.errors.join('\n')}`,
    );
    process.exit(1);
  }
  const generated = await checkGeneratedTypes();
  if (!generated.upToDate) {
    console.error(generated.message);
    process.exit(1);
  }
  console.log(`recipehub.openapi.yaml is valid OpenAPI 3.1; ${generated.message}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
