// Validates recipehub.openapi.yaml as an OpenAPI 3.1 document. Shared by check-generated.mjs
// (CI's `npm run contract:check`) and tests/contract, so both apply the same rules.
import { fileURLToPath } from 'node:url';
import { compileErrors, parse, validate } from '@readme/openapi-parser';

export const DOCUMENT_PATH = fileURLToPath(new URL('../recipehub.openapi.yaml', import.meta.url));

/** The document as written: YAML parsed, `$ref`s left in place. */
export async function loadDocument(documentPath = DOCUMENT_PATH) {
  return parse(documentPath);
}

/**
 * Checks the document against the OpenAPI 3.1 schema plus the parser's extra rules (unique
 * operationIds, declared path parameters, resolvable `$ref`s).
 * @returns {Promise<{ valid: boolean, errors: string[] }>}
 */
export async function validateDocument(documentPath = DOCUMENT_PATH) {
  const document = await loadDocument(documentPath);
  // The parser accepts Swagger 2.0 and OpenAPI 3.0 too; the contract must be 3.1.
  if (typeof document.openapi !== 'string' || !document.openapi.startsWith('3.1.')) {
    return {
      valid: false,
      errors: [`expected "openapi: 3.1.x", found ${JSON.stringify(document.openapi)}`],
    };
  }
  const result = await validate(documentPath);
  return result.valid
    ? { valid: true, errors: [] }
    : { valid: false, errors: [compileErrors(result)] };
}
