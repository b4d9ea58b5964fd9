// Prepends the do-not-edit header to a file written by openapi-typescript.
// `npm run generate` runs the CLI and then this script; check-generated.mjs imports
// `withGeneratedHeader` so the staleness check compares byte for byte with what the CLI wrote.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const GENERATED_HEADER =
  '// GENERATED from recipehub.openapi.yaml by openapi-typescript: do not edit; run `npm run contract:generate`\n';

/** Returns `source` with the header in front, exactly once. */
export function withGeneratedHeader(source) {
  return source.startsWith(GENERATED_HEADER) ? source : GENERATED_HEADER + source;
}

function main() {
  const target = process.argv[2];
  if (!target) {
    console.error('usage: node scripts/add-header.mjs <generated file>');
    process.exit(2);
  }
  writeFileSync(target, withGeneratedHeader(readFileSync(target, 'utf8')), 'utf8');
}

// Run only when invoked as a script, not when imported by the check.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main();
}
