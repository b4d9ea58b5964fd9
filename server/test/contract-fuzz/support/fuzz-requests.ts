import fc from 'fast-check';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import {
  deref,
  schemaArbitrary,
  type JsonSchema,
  type SchemaArbitraryOptions,
} from './json-schema-arbitrary.js';
import { invalidArbitrary, type Defect } from './invalid-values.js';

export type Persona = 'anonymous' | 'user' | 'admin';
export const PERSONAS: readonly Persona[] = ['anonymous', 'user', 'admin'];

/** What a generated request sends, before tokens and encoding are filled in. */
export interface FuzzRequest {
  persona: Persona;
  /** Path parameter values as they go into the URL (already percent-encoded). */
  path: Record<string, string>;
  query: Record<string, string>;
  body?:
    | { kind: 'json'; value: unknown }
    | { kind: 'raw'; contentType: string | undefined; payload: string }
    | { kind: 'multipart'; fields: Record<string, string>; image: boolean; fileField: string };
  /** An authorization header that must be refused (401), instead of the persona's token. */
  badAuthorization?: string;
  /** Why the request is invalid (empty for valid requests). */
  defect: string;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

export interface FuzzOperation {
  operationId: string;
  method: string;
  template: string;
  parameters: Parameter[];
  jsonBody?: JsonSchema;
  multipartBody?: JsonSchema;
  /** The document lists a bearer token among the ways to call it (a bad token is then 401). */
  takesBearer: boolean;
  /** Field to message templates of the business-rule 400s the operation documents. */
  businessRules: Record<string, string[]>;
}

type Json = Record<string, unknown>;

/** The document's operations, validators for their inputs, and request generators. */
export class FuzzCatalog {
  readonly ajv = new Ajv2020({ strict: false, allErrors: false });
  readonly operations: FuzzOperation[] = [];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly document: Json) {
    addFormats.default(this.ajv);
    this.ajv.addSchema(document, 'openapi');
    const paths = document.paths as Record<string, Record<string, Json>>;
    for (const [template, item] of Object.entries(paths)) {
      const shared = (item.parameters as JsonSchema[] | undefined) ?? [];
      for (const method of ['get', 'put', 'post', 'delete', 'patch']) {
        const operation = item[method];
        if (!operation) continue;
        const parameters = [
          ...shared,
          ...((operation.parameters as JsonSchema[] | undefined) ?? []),
        ].map((parameter) => this.resolve(parameter) as unknown as Parameter);
        const requestBody = operation.requestBody
          ? (this.resolve(operation.requestBody as JsonSchema) as {
              content: Record<string, { schema: JsonSchema }>;
            })
          : undefined;
        const security = (operation.security as Json[] | undefined) ?? [];
        this.operations.push({
          operationId: operation.operationId as string,
          method: method.toUpperCase(),
          template,
          parameters,
          jsonBody: requestBody?.content['application/json']?.schema,
          multipartBody: requestBody?.content['multipart/form-data']?.schema,
          takesBearer: security.some((requirement) => 'bearerAuth' in requirement),
          businessRules:
            (operation['x-business-rule-errors'] as Record<string, string[]> | undefined) ?? {},
        });
      }
    }
  }

  operation(operationId: string): FuzzOperation {
    const found = this.operations.find((operation) => operation.operationId === operationId);
    if (!found) throw new Error(`no operation ${operationId} in the document`);
    return found;
  }

  resolve = (schema: JsonSchema): JsonSchema => deref(schema, (ref) => this.at(ref));

  private at(ref: string): JsonSchema {
    let node: unknown = this.document;
    for (const part of ref.replace(/^#\//, '').split('/')) node = (node as Json)[part];
    if (!node) throw new Error(`${ref} is not in the document`);
    return node as JsonSchema;
  }

  /** True when `value` is valid against `schema` (refs resolved against the document). */
  valid(schema: JsonSchema, value: unknown): boolean {
    const key = JSON.stringify(schema);
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(rebase(schema) as object);
      this.validators.set(key, validate);
    }
    return validate(value);
  }

  /** The document's verdict on one string (the arbitraries' `accepts`). */
  accepts = (schema: JsonSchema, value: string): boolean => this.valid(schema, value);

  /** A path or query value as the server reads it: numbers and booleans from their text. */
  validText(schema: JsonSchema, text: string): boolean {
    const resolved = this.resolve(schema);
    const types = [resolved.type ?? 'string'].flat();
    let value: unknown = text;
    if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?$/.test(text))
      value = Number(text);
    return this.valid(schema, value);
  }
}

/** `$ref: '#/...'` inside a schema compiled on its own must point into the registered document. */
function rebase(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rebase);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#')
        ? `openapi${value}`
        : rebase(value),
    ]),
  );
}

const personaArbitrary = fc.constantFrom(...PERSONAS);

function serialize(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Generators of schema-valid and schema-invalid requests for one operation. */
export function requestArbitraries(
  catalog: FuzzCatalog,
  operation: FuzzOperation,
  given: SchemaArbitraryOptions,
): { valid: fc.Arbitrary<FuzzRequest>; invalid: fc.Arbitrary<FuzzRequest> | undefined } {
  const options = { accepts: catalog.accepts, ...given };
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');

  const validPath = fc.record(
    Object.fromEntries(
      pathParameters.map((parameter) => [
        parameter.name,
        schemaArbitrary(parameter.schema, options)
          .filter((value) => catalog.valid(parameter.schema, value))
          .map((value) => encodeURIComponent(serialize(value))),
      ]),
    ),
  );
  const validQuery = fc.record(
    Object.fromEntries(
      queryParameters.map((parameter) => [
        parameter.name,
        schemaArbitrary(parameter.schema, options)
          .filter((value) => catalog.valid(parameter.schema, value))
          .map(serialize),
      ]),
    ),
    {
      requiredKeys: queryParameters
        .filter((parameter) => parameter.required)
        .map((parameter) => parameter.name),
    },
  ) as fc.Arbitrary<Record<string, string>>;

  const bodies: fc.Arbitrary<FuzzRequest['body']>[] = [];
  if (operation.jsonBody) {
    const schema = operation.jsonBody;
    bodies.push(
      schemaArbitrary(schema, { ...options, unknownMembers: true })
        .filter((value) => catalog.valid(schema, value))
        .map((value) => ({ kind: 'json' as const, value })),
    );
  }
  if (operation.multipartBody) {
    const schema = operation.multipartBody;
    const form = catalog.resolve(schema);
    const fileField = binaryField(form);
    const fileRequired = ((form.required as string[] | undefined) ?? []).includes(fileField);
    bodies.push(
      fc
        .tuple(
          schemaArbitrary(schema, options).filter((value) => catalog.valid(schema, value)),
          fc.boolean(),
        )
        .map(([fields, image]) => ({
          kind: 'multipart' as const,
          fields: withoutBinary(fields as Record<string, unknown>, fileField),
          // A form whose file is required is valid only with it.
          image: image || fileRequired,
          fileField,
        })),
    );
  }
  const validBody = bodies.length > 0 ? fc.oneof(...bodies) : fc.constant(undefined);

  const valid = fc
    .record({ persona: personaArbitrary, path: validPath, query: validQuery, body: validBody })
    .map((request) => ({ ...request, defect: '' }) as FuzzRequest);

  // ---- invalid: one defect in one place, the rest valid
  const defects: fc.Arbitrary<FuzzRequest>[] = [];
  const base = fc.record({
    persona: personaArbitrary,
    path: validPath,
    query: validQuery,
    body: validBody,
  });
  for (const parameter of pathParameters) {
    defects.push(
      fc.tuple(base, invalidPathText(catalog, parameter)).map(([request, bad]) => ({
        ...request,
        path: { ...request.path, [parameter.name]: bad.text },
        defect: `path ${parameter.name}: ${bad.defect}`,
      })),
    );
  }
  for (const parameter of queryParameters) {
    defects.push(
      fc
        .tuple(base, invalidArbitrary(parameter.schema, options))
        .filter(([, bad]) => typeof bad.value !== 'object' || bad.value === null)
        .map(([request, bad]) => ({
          request,
          bad,
          text: bad.value === null ? '' : serialize(bad.value),
        }))
        .filter(({ text }) => !catalog.validText(parameter.schema, text))
        .map(({ request, bad, text }) => ({
          ...request,
          query: { ...request.query, [parameter.name]: text },
          defect: `query ${parameter.name}: ${bad.defect}`,
        })),
    );
    if (parameter.required) {
      defects.push(
        base.map((request) => {
          const query = { ...request.query };
          delete query[parameter.name];
          return { ...request, query, defect: `query ${parameter.name}: missing` };
        }),
      );
    }
  }
  if (operation.jsonBody) {
    const schema = operation.jsonBody;
    defects.push(
      fc
        .tuple(
          base,
          invalidArbitrary(schema, options).filter(
            (bad: Defect) => !catalog.valid(schema, bad.value ?? {}),
          ),
        )
        .map(([request, bad]) => ({
          ...request,
          body: { kind: 'json' as const, value: bad.value },
          defect: `body ${bad.defect}`,
        })),
      fc.tuple(base, malformedJson).map(([request, body]) => ({
        ...request,
        body,
        defect: `body: ${body.payload || 'empty'} as ${body.contentType ?? 'no type'}`,
      })),
    );
  }
  if (operation.multipartBody) {
    const schema = operation.multipartBody;
    defects.push(
      fc
        .tuple(base, invalidArbitrary(schema, options))
        .filter(([, bad]) => isTextForm(bad.value))
        .map(([request, bad]) => ({
          request,
          bad,
          fields: withoutBinary(
            bad.value as Record<string, unknown>,
            binaryField(catalog.resolve(schema)),
          ),
        }))
        // The file part is sent apart from the text fields: a defect there is not a text defect.
        .filter(({ fields }) => !catalog.valid(schema, fields))
        .map(({ request, bad, fields }) => ({
          ...request,
          body: {
            kind: 'multipart' as const,
            fields,
            image: false,
            fileField: binaryField(catalog.resolve(schema)),
          },
          defect: `form ${bad.defect}`,
        })),
    );
  }
  if (operation.takesBearer) {
    defects.push(
      fc.tuple(valid, badAuthorization).map(([request, header]) => ({
        ...request,
        badAuthorization: header,
        defect: `authorization: ${header}`,
      })),
    );
  }
  return { valid, invalid: defects.length > 0 ? fc.oneof(...defects) : undefined };
}

/** The form's file part (`format: binary`): `profile.image`, or a recipe photo's `photo`. */
function binaryField(schema: JsonSchema): string {
  const properties = (schema.properties ?? {}) as Record<string, { format?: string }>;
  return (
    Object.entries(properties).find(([, property]) => property.format === 'binary')?.[0] ??
    'profile.image'
  );
}

function withoutBinary(fields: Record<string, unknown>, fileField: string): Record<string, string> {
  const text: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields))
    if (name !== fileField) text[name] = String(value);
  return text;
}

/** A form can only carry text: defects of other types are not sendable as multipart fields. */
function isTextForm(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.entries(value).every(
      ([name, field]) => name === 'profile.image' || name === 'photo' || typeof field === 'string',
    )
  );
}

const malformedJson = fc.constantFrom(
  { kind: 'raw' as const, contentType: 'application/json', payload: '{"title": ' },
  { kind: 'raw' as const, contentType: 'application/json', payload: '{bad json}' },
  { kind: 'raw' as const, contentType: 'application/json', payload: '' },
  { kind: 'raw' as const, contentType: 'text/plain', payload: 'hello' },
  { kind: 'raw' as const, contentType: 'application/xml', payload: '<a/>' },
  { kind: 'raw' as const, contentType: 'application/x-www-form-urlencoded', payload: 'a=1' },
);

const badAuthorization = fc.constantFrom(
  'Bearer not-a-real-token',
  'Bearer ',
  'Basic bmFkaWE6c2VjcmV0',
  'Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  'bearer',
);

function invalidPathText(
  catalog: FuzzCatalog,
  parameter: Parameter,
): fc.Arbitrary<{ text: string; defect: string }> {
  const schema = catalog.resolve(parameter.schema);
  const texts =
    schema.type === 'integer'
      ? ['0', '-1', 'abc', '1.5', '1e3', '2147483648', '99999999999', '%201', 'null']
      : schema.format === 'email'
        ? ['not-an-email', 'a%40b', `${'a'.repeat(250)}%40example.com`, 'nadia%40example.c']
        : [];
  const malformed = fc
    .constantFrom('%E0%A4%A', '%', '%zz')
    .map((text) => ({ text, defect: `malformed percent-encoding ${text}` }));
  if (texts.length === 0) return malformed;
  const wrong = fc
    .constantFrom(...texts)
    .filter((text) => !catalog.validText(parameter.schema, decodeURIComponent(text)))
    .map((text) => ({ text, defect: `"${decodeURIComponent(text)}"` }));
  return fc.oneof(wrong, malformed);
}
