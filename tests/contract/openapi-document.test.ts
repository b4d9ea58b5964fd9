// Guards the REST contract (openapi/recipehub.openapi.yaml): it must stay valid OpenAPI 3.1, cover
// every call of the spec's section 7 plus what the accounts and recipes issues add, describe each
// operation completely enough to implement and validate against, and match the generated types.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import type { FormatsPlugin } from 'ajv-formats';
import type { OpenAPIV3_1 } from 'openapi-types';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkGeneratedTypes } from '../../openapi/scripts/check-generated.mjs';
import { loadDocument, validateDocument } from '../../openapi/scripts/validate-document.mjs';

type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';

interface ExpectedCall {
  method: HttpMethod;
  path: string;
  /** Query parameters the spec names for this call. */
  query?: string[];
}

// Section 7 of recipe-app-spec.md, word for word, with the `/api/` prefix the server mounts.
const SPEC_SECTION_7_CALLS: ExpectedCall[] = [
  { method: 'get', path: '/api/recipes/lists/most_liked/' },
  { method: 'get', path: '/api/recipes/categories/' },
  {
    method: 'get',
    path: '/api/recipes/lists/',
    query: ['page', 'categories', 'search', 'my_recipes', 'saved_recipes'],
  },
  { method: 'get', path: '/api/recipes/lists/{id}/' },
  { method: 'put', path: '/api/recipes/lists/{id}/' },
  { method: 'delete', path: '/api/recipes/lists/{id}/' },
  { method: 'post', path: '/api/recipes/lists/' },
  { method: 'post', path: '/api/recipes/lists/{id}/save/' },
  { method: 'post', path: '/api/recipes/lists/{id}/like/' },
  { method: 'get', path: '/api/recipes/reactions/', query: ['recipe'] },
  { method: 'get', path: '/api/recipes/reviews/', query: ['recipe'] },
  { method: 'post', path: '/api/recipes/reviews/' },
  { method: 'put', path: '/api/recipes/reviews/{id}/' },
  { method: 'delete', path: '/api/recipes/reviews/{id}/' },
  { method: 'post', path: '/api/recipes/lists/{id}/comments/' },
  { method: 'delete', path: '/api/recipes/lists/{id}/comments/{commentId}/' },
  { method: 'post', path: '/api/contact/' },
  { method: 'get', path: '/api/contact/messages/' },
  { method: 'post', path: '/api/accounts/login/' },
  { method: 'post', path: '/api/accounts/register/' },
  { method: 'post', path: '/api/accounts/send-otp/' },
  { method: 'post', path: '/api/accounts/verify-otp/' },
  { method: 'post', path: '/api/accounts/reset-password/' },
  { method: 'get', path: '/api/accounts/profile/' },
  { method: 'put', path: '/api/accounts/profile/update/' },
  { method: 'get', path: '/api/accounts/profile/all/' },
  { method: 'get', path: '/api/accounts/profile/{email}/' },
  { method: 'put', path: '/api/accounts/profile/{email}/update-role/' },
  { method: 'get', path: '/api/recipes/by-user/{email}/' },
  { method: 'post', path: '/api/users/resend-verification/' },
  // Leftovers: the spec writes these without a trailing slash.
  { method: 'get', path: '/api/list-customer' },
  { method: 'get', path: '/api/list-product' },
  { method: 'post', path: '/api/create-customer' },
  { method: 'post', path: '/api/update-customer' },
  { method: 'post', path: '/api/delete-customer' },
];

// Calls the foundation, accounts and recipes issues (2, 3, 4) add to the spec's table.
const ISSUE_CALLS: ExpectedCall[] = [
  { method: 'post', path: '/api/accounts/logout/' },
  { method: 'get', path: '/api/accounts/verify-email/{token}/' },
  { method: 'post', path: '/api/accounts/resend-verification/' },
  { method: 'post', path: '/api/recipes/categories/' },
  { method: 'put', path: '/api/recipes/categories/{id}/' },
  { method: 'delete', path: '/api/recipes/categories/{id}/' },
  { method: 'get', path: '/api/health' },
  { method: 'get', path: '/api/openapi.json' },
  { method: 'get', path: '/api/docs' },
  // Issue 16: import a recipe from a web page into a draft.
  { method: 'post', path: '/api/recipes/import/' },
  // Issue 30: reports, moderation, the audit log, blocks.
  { method: 'post', path: '/api/reports/' },
  { method: 'post', path: '/api/moderation/actions/' },
  { method: 'get', path: '/api/moderation/audit/' },
  { method: 'get', path: '/api/accounts/blocks/' },
  { method: 'put', path: '/api/accounts/blocks/{handle}/' },
  { method: 'delete', path: '/api/accounts/blocks/{handle}/' },
  // Issue 15: upload a recipe photo (multipart), attached with the recipe's `photo`.
  { method: 'post', path: '/api/recipes/photos/' },
];

// Operations that take input yet answer neither 400 nor 401, and why.
const NO_CLIENT_ERROR_BY_DESIGN: Record<string, string> = {
  // A wrong or malformed link still redirects, to /login?verified=failed.
  verifyEmail: 'always answers 302',
};

const HTTP_METHODS: HttpMethod[] = ['get', 'put', 'post', 'delete', 'patch'];

interface OperationEntry {
  method: HttpMethod;
  path: string;
  operation: OpenAPIV3_1.OperationObject;
  /** Path-level and operation-level parameters, `$ref`s resolved. */
  parameters: OpenAPIV3_1.ParameterObject[];
}

let document: OpenAPIV3_1.Document;
let operations: OperationEntry[];

/** Follows a local JSON pointer such as `#/components/schemas/Recipe`; undefined if it dangles. */
function resolvePointer(ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = document;
  for (const rawSegment of ref.slice(2).split('/')) {
    const segment = decodeURIComponent(rawSegment).replaceAll('~1', '/').replaceAll('~0', '~');
    if (node === null || typeof node !== 'object' || !(segment in node)) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

function deref<T>(value: T | OpenAPIV3_1.ReferenceObject): T {
  if (value !== null && typeof value === 'object' && '$ref' in value) {
    return resolvePointer(value.$ref) as T;
  }
  return value;
}

/** Every `$ref` string in the document, with where it was found. */
function collectRefs(node: unknown, location: string, found: [string, string][] = []) {
  if (Array.isArray(node)) {
    node.forEach((item, index) => collectRefs(item, `${location}/${index}`, found));
  } else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push([location, value]);
      else collectRefs(value, `${location}/${key}`, found);
    }
  }
  return found;
}

function listOperations(): OperationEntry[] {
  const entries: OperationEntry[] = [];
  for (const [path, pathItem] of Object.entries(document.paths ?? {})) {
    if (!pathItem) continue;
    const shared = (pathItem.parameters ?? []).map((p) => deref<OpenAPIV3_1.ParameterObject>(p));
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (!operation) continue;
      const own = (operation.parameters ?? []).map((p) => deref<OpenAPIV3_1.ParameterObject>(p));
      entries.push({ method, path, operation, parameters: [...shared, ...own] });
    }
  }
  return entries;
}

const label = ({ method, path }: { method: string; path: string }) =>
  `${method.toUpperCase()} ${path}`;

const requiresToken = (operation: OpenAPIV3_1.OperationObject) =>
  (operation.security ?? []).some((requirement) => Object.keys(requirement).length > 0);

describe('openapi document', () => {
  beforeAll(async () => {
    document = (await loadDocument()) as OpenAPIV3_1.Document;
    operations = listOperations();
  });

  it('validates as OpenAPI 3.1', async () => {
    const result = await validateDocument();
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toMatch(/^3\.1\./);
  });

  it.each(
    [...SPEC_SECTION_7_CALLS, ...ISSUE_CALLS].map((call) => ({ ...call, name: label(call) })),
  )('describes $name', (call) => {
    const operation = document.paths?.[call.path]?.[call.method];
    expect(operation, `${label(call)} is missing`).toBeDefined();
    const entry = operations.find((e) => e.method === call.method && e.path === call.path);
    const queryNames = entry?.parameters.filter((p) => p.in === 'query').map((p) => p.name);
    for (const name of call.query ?? []) {
      expect(queryNames, `${label(call)} lacks query parameter ${name}`).toContain(name);
    }
  });

  it('writes every path in full under /api/ and declares only listed calls', () => {
    const expected = new Set([...SPEC_SECTION_7_CALLS, ...ISSUE_CALLS].map(label));
    for (const entry of operations) {
      expect(entry.path.startsWith('/api/'), entry.path).toBe(true);
      expect(expected.has(label(entry)), `${label(entry)} is not in the test's tables`).toBe(true);
    }
    expect(document.servers).toBeUndefined();
  });

  it('gives every operation a unique camelCase operationId, tags and a summary', () => {
    const seen = new Set<string>();
    for (const { operation, ...where } of operations) {
      const id = operation.operationId ?? '';
      expect(id, `${label(where)} operationId`).toMatch(/^[a-z][a-zA-Z0-9]*$/);
      expect(seen.has(id), `duplicate operationId ${id}`).toBe(false);
      seen.add(id);
      expect(operation.tags?.length, `${label(where)} tags`).toBeGreaterThan(0);
      expect(operation.summary, `${label(where)} summary`).toBeTruthy();
    }
  });

  it('gives every operation a success answer, and a 400 or 401 where it takes input or a token', () => {
    for (const { operation, parameters, ...where } of operations) {
      const codes = Object.keys(operation.responses ?? {});
      expect(
        codes.some((code) => /^[23]\d\d$/.test(code)),
        `${label(where)} 2xx/3xx`,
      ).toBe(true);
      const takesInput = operation.requestBody !== undefined || parameters.length > 0;
      const exempt = NO_CLIENT_ERROR_BY_DESIGN[operation.operationId ?? ''];
      if ((takesInput || requiresToken(operation)) && !exempt) {
        expect(
          codes.includes('400') || codes.includes('401'),
          `${label(where)} needs a 400 or 401`,
        ).toBe(true);
      }
      if (requiresToken(operation)) expect(codes, `${label(where)} 401`).toContain('401');
    }
  });

  it('uses only the bearerAuth scheme, required or optional', () => {
    expect(document.components?.securitySchemes?.bearerAuth).toEqual(
      expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    );
    for (const { operation, ...where } of operations) {
      for (const requirement of operation.security ?? []) {
        const schemes = Object.keys(requirement);
        expect(
          schemes.every((s) => s === 'bearerAuth'),
          label(where),
        ).toBe(true);
      }
    }
  });

  it('answers 401 with problem details and 429 with a Retry-After header', () => {
    for (const { operation, ...where } of operations) {
      const responses = operation.responses ?? {};
      if (responses['401'] && operation.operationId !== 'login') {
        const unauthorized = deref<OpenAPIV3_1.ResponseObject>(responses['401']);
        expect(Object.keys(unauthorized.content ?? {}), label(where)).toEqual([
          'application/problem+json',
        ]);
      }
      if (responses['429']) {
        const tooMany = deref<OpenAPIV3_1.ResponseObject>(responses['429']);
        expect(Object.keys(tooMany.headers ?? {}), label(where)).toContain('Retry-After');
      }
    }
  });

  it('resolves every $ref', () => {
    const refs = collectRefs(document, '#');
    expect(refs.length).toBeGreaterThan(0);
    const dangling = refs.filter(([, ref]) => resolvePointer(ref) === undefined);
    expect(dangling).toEqual([]);
  });

  // The document's choice (its info, "Unknown members are ignored"): answers are strict, request
  // bodies tolerate members they do not list, so every object schema is one or the other.
  it('closes every answer object schema and leaves every request body object schema open', () => {
    // Every schema a request body reaches, through nested references too.
    const requestBodies = new Set<string>();
    const follow = (node: unknown) => {
      for (const [, ref] of collectRefs(node, '#')) {
        if (requestBodies.has(ref)) continue;
        requestBodies.add(ref);
        follow(resolvePointer(ref));
      }
    };
    for (const [, pathItem] of Object.entries(document.paths ?? {})) {
      for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
        const body = pathItem?.[method]?.requestBody;
        if (body) follow(deref<OpenAPIV3_1.RequestBodyObject>(body).content);
      }
    }
    expect(requestBodies.size).toBeGreaterThan(5);
    for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
      if (schema.type !== 'object' || !schema.properties) continue;
      if (requestBodies.has(`#/components/schemas/${name}`)) {
        expect(schema.additionalProperties, `${name} (a request body)`).toBeUndefined();
      } else if (name === 'ValidationProblem' || name === 'PayloadTooLargeProblem') {
        // Their extension members are typed: each is one field's messages, nothing else.
        expect(schema.additionalProperties).toEqual({ $ref: '#/components/schemas/FieldMessages' });
      } else {
        expect(schema.additionalProperties, name).toBe(false);
      }
    }
  });

  it('gives examples that validate against their own schemas', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    // ajv-formats is CommonJS; its default export is the plugin function at runtime.
    (addFormatsPlugin as unknown as FormatsPlugin)(ajv);
    // OpenAPI's file marker; any string is a valid value.
    ajv.addFormat('binary', true);
    const documentId = 'https://recipehub.invalid/openapi.json';
    ajv.addSchema({ $id: documentId, components: document.components }, documentId);

    let checked = 0;
    for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
      const validateSchema = ajv.compile({ $ref: `${documentId}#/components/schemas/${name}` });
      for (const example of schema.examples ?? []) {
        checked += 1;
        expect(validateSchema(example), `${name}: ${ajv.errorsText(validateSchema.errors)}`).toBe(
          true,
        );
      }
    }
    expect(checked).toBeGreaterThan(20);

    // Examples on responses and parameters that point at a component schema.
    const mediaExamples: [string, string, unknown][] = [];
    for (const { operation, ...where } of operations) {
      for (const [code, response] of Object.entries(operation.responses ?? {})) {
        for (const media of Object.values(
          deref<OpenAPIV3_1.ResponseObject>(response).content ?? {},
        )) {
          if (media.example !== undefined && media.schema && '$ref' in media.schema) {
            mediaExamples.push([`${label(where)} ${code}`, media.schema.$ref, media.example]);
          }
        }
      }
    }
    for (const [name, response] of Object.entries(document.components?.responses ?? {})) {
      for (const media of Object.values(
        deref<OpenAPIV3_1.ResponseObject>(response).content ?? {},
      )) {
        if (media.example !== undefined && media.schema && '$ref' in media.schema) {
          mediaExamples.push([`responses/${name}`, media.schema.$ref, media.example]);
        }
      }
    }
    expect(mediaExamples.length).toBeGreaterThan(10);
    for (const [where, ref, example] of mediaExamples) {
      const validateExample = ajv.compile({ $ref: `${documentId}${ref}` });
      expect(validateExample(example), `${where}: ${ajv.errorsText(validateExample.errors)}`).toBe(
        true,
      );
    }
  });

  it('has current generated types', async () => {
    const result = await checkGeneratedTypes();
    expect(result.upToDate, result.message).toBe(true);
  });
});
