import fc from 'fast-check';
import { uriArbitrary } from './uri-arbitrary.js';

/**
 * fast-check arbitraries for the JSON Schema (2020-12) that openapi/ uses, drawn from what the
 * schema allows and never from what the server is known to accept: `$ref`, `type` (one or a
 * list; none means any JSON value), `const`, `enum`, `anyOf`/`oneOf`, `if`/`then`, strings with
 * `minLength`/`maxLength`/`pattern`/`format` (email, uri, binary), integers and numbers with
 * `minimum`/`maximum`, arrays with `minItems`/`maxItems`/`uniqueItems`, objects with
 * `properties`/`required`/`additionalProperties`. Candidates that may break a keyword (a URI for
 * a link pattern, text for a text pattern, an object for a `required` branch) are dropped by the
 * validator `accepts` (the document's own, see fuzz-requests.ts): so a value is "valid" because
 * the document says so, and a rule the server enforces but the document does not state shows.
 */

export type JsonSchema = { [keyword: string]: unknown };

export interface SchemaArbitraryOptions {
  /** Follows a `$ref` such as `#/components/schemas/Id`. */
  resolve: (ref: string) => JsonSchema;
  /** Values that exist in the test database, mixed into the generated ones by `$ref` name. */
  known?: Partial<Record<string, readonly unknown[]>>;
  /** Adds members the schema does not list to some objects (the document says they are ignored). */
  unknownMembers?: boolean;
  /**
   * The document's validator for one string schema; without it, only lengths and `pattern` are
   * checked here (a format is then left to the caller's validator).
   */
  accepts?: (schema: JsonSchema, value: string) => boolean;
}

/**
 * Text the way people type it (mostly ASCII, some accents, scripts, emoji, spaces, line breaks),
 * now and then a control character: the document's text patterns refuse those, so the validator
 * filter keeps them out of "valid" values and fields without a pattern (passwords) get them too.
 */
const textUnit: fc.Arbitrary<string> = fc.oneof(
  { weight: 12, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(' ', '\n', '\t', 'é', 'ß', 'ড', '中', '😀', '\u200b', "'", '"'),
  },
  { weight: 1, arbitrary: fc.constantFrom('\u0000', '\u0007', '\u001b', '\u007f', '\u2028') },
);

export function text(minLength = 0, maxLength = 40): fc.Arbitrary<string> {
  return fc.string({ unit: textUnit, minLength, maxLength });
}

/**
 * Emails of the shape the document's `Email.pattern` describes, often with capitals; drawn beside
 * fast-check's RFC 5322 addresses, of which the document's validator keeps those it allows.
 */
export const emailArbitrary: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(fc.stringMatching(/^[A-Za-z0-9_'+-]{1,8}$/), { minLength: 1, maxLength: 2 }),
    fc.stringMatching(/^[A-Za-z0-9_+-]$/),
    fc.array(fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,6}[a-z0-9])?$/), {
      minLength: 1,
      maxLength: 2,
    }),
    fc.stringMatching(/^[A-Za-z]{2,6}$/),
  )
  .map(([local, last, labels, tld]) => `${local.join('.')}${last}@${labels.join('.')}.${tld}`);

/** Sibling keywords of `$ref`/`anyOf` apply too: merge them (required lists add up). */
export function merge(base: JsonSchema, extra: JsonSchema): JsonSchema {
  const merged: JsonSchema = { ...base, ...extra };
  if (Array.isArray(base.required) && Array.isArray(extra.required)) {
    merged.required = [
      ...new Set([
        ...((base.required as string[] | undefined) ?? []),
        ...((extra.required as string[] | undefined) ?? []),
      ]),
    ];
  }
  if (base.properties && extra.properties) {
    const properties = { ...(base.properties as Record<string, JsonSchema>) };
    // `then: { properties: { currentPassword: { minLength: 1 } } }` narrows, not replaces.
    for (const [name, narrower] of Object.entries(extra.properties as Record<string, JsonSchema>))
      properties[name] = properties[name] ? { ...properties[name], ...narrower } : narrower;
    merged.properties = properties;
  }
  return merged;
}

/** The schema with its top-level `$ref` followed (siblings such as readOnly kept). */
export function deref(schema: JsonSchema, resolve: (ref: string) => JsonSchema): JsonSchema {
  let current = schema;
  for (let hops = 0; typeof current.$ref === 'string' && hops < 10; hops++) {
    const { $ref, ...siblings } = current;
    current = merge(resolve($ref as string), siblings);
  }
  return current;
}

const refName = (ref: string) => ref.split('/').at(-1) ?? ref;

export function schemaArbitrary(
  schema: JsonSchema,
  options: SchemaArbitraryOptions,
): fc.Arbitrary<unknown> {
  if (typeof schema.$ref === 'string') {
    const generated = schemaArbitrary(deref(schema, options.resolve), options);
    const known = options.known?.[refName(schema.$ref)];
    return known && known.length > 0
      ? fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...known) }, generated)
      : generated;
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));

  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (branches) {
    const { anyOf: _anyOf, oneOf: _oneOf, ...base } = schema;
    return fc.oneof(...branches.map((branch) => schemaArbitrary(merge(base, branch), options)));
  }
  if (schema.if && schema.then) {
    // Values meeting the condition's consequence and values built without it (the validator
    // drops those that meet the condition but not the consequence).
    const { if: _if, then, ...base } = schema;
    return fc.oneof(
      schemaArbitrary(merge(base, then as JsonSchema), options),
      schemaArbitrary(base, options),
    );
  }

  if (schema.type === undefined) {
    // No `type`: any JSON value (an object built from the properties, when there are any).
    return schema.properties || schema.required
      ? fc.oneof(objectArbitrary(schema, options), fc.jsonValue())
      : fc.jsonValue();
  }
  const types = [schema.type].flat().map(String);
  if (types.length > 1) {
    return fc.oneof(...types.map((type) => schemaArbitrary({ ...schema, type }, options)));
  }
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return integerArbitrary(schema);
    case 'number':
      return fc.double({
        min: (schema.minimum as number | undefined) ?? -1e9,
        max: (schema.maximum as number | undefined) ?? 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'string':
      return stringArbitrary(schema, options);
    case 'array':
      return arrayArbitrary(schema, options);
    default:
      return objectArbitrary(schema, options);
  }
}

function integerArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const min = (schema.minimum as number | undefined) ?? -Number.MAX_SAFE_INTEGER;
  const max = (schema.maximum as number | undefined) ?? Number.MAX_SAFE_INTEGER;
  // Edges and small values find more than uniform draws from a huge range.
  return fc.oneof(
    fc.integer({ min, max }),
    fc.integer({ min, max: Math.min(max, min + 50) }),
    fc.constantFrom(min, max),
  );
}

function stringArbitrary(schema: JsonSchema, options: SchemaArbitraryOptions) {
  if (schema.format === 'binary') return fc.constant('');
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = (schema.maxLength as number | undefined) ?? 60;
  const pattern = typeof schema.pattern === 'string' ? schema.pattern : undefined;
  const candidates: fc.Arbitrary<string>[] = [];
  if (schema.format === 'email') {
    candidates.push(emailArbitrary, fc.emailAddress());
  } else if (schema.format === 'uri') {
    candidates.push(uriArbitrary);
  } else {
    const short = text(minLength, Math.min(maxLength, minLength + 40));
    candidates.push(short);
    // Now and then exactly the longest value allowed.
    if (maxLength > minLength + 40) {
      candidates.push(
        text(1, 4).map((unit) => codePoints(unit.repeat(maxLength)).slice(0, maxLength).join('')),
      );
    }
    if (pattern) candidates.push(fc.stringMatching(new RegExp(pattern)));
  }
  // JSON Schema lengths count code points, not UTF-16 units (an emoji is one).
  const fits = (value: string) =>
    codePoints(value).length >= minLength &&
    codePoints(value).length <= maxLength &&
    (pattern === undefined || new RegExp(pattern, 'u').test(value));
  const accepts = options.accepts ?? ((_schema: JsonSchema, value: string) => fits(value));
  return fc.oneof(...candidates).filter((value) => accepts(schema, value));
}

const codePoints = (value: string) => Array.from(value);

function arrayArbitrary(schema: JsonSchema, options: SchemaArbitraryOptions) {
  const items = schemaArbitrary((schema.items as JsonSchema | undefined) ?? {}, options);
  const constraints = {
    minLength: (schema.minItems as number | undefined) ?? 0,
    maxLength: Math.min((schema.maxItems as number | undefined) ?? 8, 25),
  };
  return schema.uniqueItems
    ? fc.uniqueArray(items, { ...constraints, selector: (item) => JSON.stringify(item) })
    : fc.array(items, constraints);
}

function objectArbitrary(
  schema: JsonSchema,
  options: SchemaArbitraryOptions,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = (schema.required as string[] | undefined) ?? [];
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) {
    model[name] = schemaArbitrary(property, options);
  }
  for (const name of required) model[name] ??= fc.jsonValue();
  const record = fc.record(model, { requiredKeys: required });
  const additional = schema.additionalProperties;
  if (additional === false) return record;
  // Members the schema does not list: of its `additionalProperties` schema when it has one, any
  // JSON value when the document says unknown members are ignored.
  const extraValue =
    typeof additional === 'object' && additional !== null
      ? schemaArbitrary(additional as JsonSchema, options)
      : options.unknownMembers
        ? fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null))
        : undefined;
  if (!extraValue) return record;
  return fc
    .tuple(
      record,
      fc.option(
        fc.dictionary(fc.stringMatching(/^x[A-Za-z_]{1,12}$/), extraValue, { maxKeys: 3 }),
        {
          freq: 3,
        },
      ),
    )
    .map(([value, extra]) => ({ ...(extra ?? {}), ...value }));
}
