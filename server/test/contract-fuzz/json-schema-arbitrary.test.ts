import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadOpenApiDocument } from '../../src/http/openapi-routes.js';
import { FuzzCatalog } from './support/fuzz-requests.js';
import { invalidArbitrary } from './support/invalid-values.js';
import { schemaArbitrary, type JsonSchema } from './support/json-schema-arbitrary.js';

let catalog: FuzzCatalog;
beforeAll(async () => {
  catalog = new FuzzCatalog(await loadOpenApiDocument());
});

const bodies = () =>
  catalog.operations.flatMap((operation) =>
    [operation.jsonBody, operation.multipartBody]
      .filter((schema): schema is JsonSchema => schema !== undefined)
      .map((schema) => ({ operationId: operation.operationId, schema })),
  );

describe('the schema → fast-check builder', () => {
  it('generates values the document calls valid for most draws of every request body', () => {
    for (const { operationId, schema } of bodies()) {
      const values = fc.sample(
        schemaArbitrary(schema, {
          resolve: (ref) => catalog.resolve({ $ref: ref }),
          accepts: catalog.accepts,
        }),
        { numRuns: 200, seed: 11 },
      );
      const valid = values.filter((value) => catalog.valid(schema, value)).length;
      // The fuzz suite filters the rest out; a low rate would only make it slow.
      expect(valid, operationId).toBeGreaterThan(100);
    }
  });

  it('generates values the document calls invalid for most draws of every request body', () => {
    for (const { operationId, schema } of bodies()) {
      const defects = fc.sample(
        invalidArbitrary(schema, { resolve: (ref) => catalog.resolve({ $ref: ref }) }),
        { numRuns: 200, seed: 12 },
      );
      const invalid = defects.filter((defect) => !catalog.valid(schema, defect.value)).length;
      expect(invalid, operationId).toBeGreaterThan(150);
    }
  });

  it('counts lengths in code points, as JSON Schema does', () => {
    const schema = { type: 'string', minLength: 3, maxLength: 3 };
    for (const value of fc.sample(schemaArbitrary(schema, { resolve: () => ({}) }), 300)) {
      expect(Array.from(value as string)).toHaveLength(3);
    }
  });

  it('keeps unknown members out of required-only anyOf branches it merges', () => {
    const schema = {
      type: 'object',
      anyOf: [{ required: ['rating'] }, { required: ['body'] }],
      properties: { rating: { type: 'integer', minimum: 1, maximum: 5 }, body: { type: 'string' } },
    };
    for (const value of fc.sample(schemaArbitrary(schema, { resolve: () => ({}) }), 200)) {
      expect('rating' in (value as object) || 'body' in (value as object)).toBe(true);
    }
  });
});

describe('the builder draws what the schema allows, not what the server accepts', () => {
  const draw = (schema: JsonSchema, numRuns = 2000) =>
    fc.sample(schemaArbitrary(schema, { resolve: () => ({}), accepts: catalog.accepts }), {
      numRuns,
      seed: 13,
    });

  it('draws RFC 3986 URIs for format: uri, some of which a browser cannot read', () => {
    const values = draw({ type: 'string', format: 'uri' }) as string[];
    const unreadable = values.filter((value) => !URL.canParse(value));
    expect(unreadable.length).toBeGreaterThan(20);
    expect(values.some((value) => !/^https?:/i.test(value))).toBe(true);
  });

  it('draws any JSON value where the schema gives no type', () => {
    const values = draw({ properties: { rating: { type: 'integer' } } }, 300);
    expect(values.some((value) => typeof value !== 'object' || value === null)).toBe(true);
    expect(values.some((value) => typeof value === 'object' && value !== null)).toBe(true);
  });

  it('draws text with line breaks where the pattern lets them through', () => {
    const values = draw({ type: 'string', maxLength: 40, pattern: '^[^\\u0000]*$' }) as string[];
    expect(values.some((value) => /[\n\r\t]/.test(value))).toBe(true);
    expect(values.every((value) => !value.includes('\u0000'))).toBe(true);
  });
});

describe('the fuzz suites', () => {
  it('cover every operation of the document exactly once', () => {
    const listed = ['accounts', 'recipes', 'contact-leftovers-system'].flatMap((file) =>
      [
        ...readFileSync(new URL(`./${file}.test.ts`, import.meta.url), 'utf8').matchAll(
          /^ {2}'(\w+)',$/gm,
        ),
      ].map((match) => match[1]),
    );
    const documented = catalog.operations.map((operation) => operation.operationId);
    expect(documented).toHaveLength(52);
    expect([...listed].sort()).toEqual([...documented].sort());
  });
});
