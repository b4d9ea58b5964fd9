import fc from 'fast-check';
import {
  deref,
  merge,
  schemaArbitrary,
  type JsonSchema,
  type SchemaArbitraryOptions,
} from './json-schema-arbitrary.js';

/** A value that breaks its schema, with the rule it breaks (shown when a property fails). */
export interface Defect {
  value: unknown;
  defect: string;
}

const wrongTypes: Record<string, unknown[]> = {
  string: [42, true, null, ['text'], { text: 'x' }],
  integer: ['7', 1.5, true, null, [], {}],
  number: ['7.5', true, null, {}],
  boolean: ['true', 1, null],
  array: ['1,2', 3, null, { 0: 1 }],
  object: ['text', 7, null, [], true],
  null: [0, 'null', false],
};

const badEmails = [
  'not-an-email',
  'a@b',
  '@example.com',
  'nadia@',
  'nadia rahman@example.com',
  'nadia@@example.com',
  'nadia@example.c',
  '.nadia@example.com',
];
const badUrls = [
  'javascript:alert(1)',
  'data:text/html,hi',
  'not a url',
  'ftp://example.com/a',
  '//example.com',
];
/** Visible characters only, so trimming cannot bring a too-long value back into range. */
const visible = fc.stringMatching(/^[A-Za-z0-9é中]$/);

/**
 * Values that break `schema` in one place: a wrong type, a missing required member, a number out
 * of range, a string too long or too short, a bad enum or format, a broken pattern, an array of
 * the wrong size. Callers keep only those their validator also calls invalid (a mutation inside an
 * `anyOf` may land on another branch).
 */
export function invalidArbitrary(
  schema: JsonSchema,
  options: SchemaArbitraryOptions,
  depth = 0,
): fc.Arbitrary<Defect> {
  const resolved = deref(schema, options.resolve);
  const candidates: fc.Arbitrary<Defect>[] = [];
  const types = resolved.type === undefined ? [] : [resolved.type].flat().map(String);
  const branches = (resolved.anyOf ?? resolved.oneOf) as JsonSchema[] | undefined;
  if (branches) {
    const { anyOf: _anyOf, oneOf: _oneOf, ...base } = resolved;
    for (const branch of branches) {
      candidates.push(invalidArbitrary(merge(base, branch), options, depth));
    }
  }

  const others = Object.entries(wrongTypes)
    .filter(([type]) => !types.includes(type) && !(type === 'number' && types.includes('integer')))
    .flatMap(([, values]) => values);
  if (types.length > 0) {
    candidates.push(
      fc.constantFrom(...others).map((value) => ({ value, defect: `not ${types.join('|')}` })),
    );
  }
  if (Array.isArray(resolved.enum)) {
    const allowed = resolved.enum as unknown[];
    candidates.push(
      fc
        .constantFrom('NOT_IN_ENUM', 'admin', 'LIKE ', 'true ', 'Unknown', 'yes')
        .filter((value) => !allowed.includes(value))
        .map((value) => ({ value, defect: 'not in enum' })),
    );
  }
  if ('const' in resolved) {
    candidates.push(fc.constant({ value: 'something else', defect: 'not the const' }));
  }
  if (types.includes('string')) candidates.push(...stringDefects(resolved));
  if (types.includes('integer') || types.includes('number'))
    candidates.push(...numberDefects(resolved, types));
  if (types.includes('array')) candidates.push(...arrayDefects(resolved, options, depth));
  if (types.includes('object') || (types.length === 0 && resolved.properties)) {
    candidates.push(...objectDefects(resolved, options, depth));
  }
  if (candidates.length === 0) return fc.constant({ value: Symbol('no defect'), defect: 'none' });
  return fc.oneof(...candidates);
}

function stringDefects(schema: JsonSchema): fc.Arbitrary<Defect>[] {
  const defects: fc.Arbitrary<Defect>[] = [];
  const maxLength = schema.maxLength as number | undefined;
  const minLength = (schema.minLength as number | undefined) ?? 0;
  if (maxLength !== undefined) {
    defects.push(
      fc.tuple(visible, fc.integer({ min: 1, max: 30 })).map(([unit, extra]) => ({
        value: unit.repeat(maxLength + extra),
        defect: `longer than ${maxLength}`,
      })),
    );
  }
  if (minLength > 0) defects.push(fc.constant({ value: '', defect: `shorter than ${minLength}` }));
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern, 'u');
    // Values known to break one of the document's patterns (digits, ids, blank text, and the
    // characters the text patterns refuse), kept only where they break this one. A random string
    // that merely has to miss the pattern could take forever to find for a permissive pattern
    // (fast-check's filter retries without bound), so random text only ever carries one of them.
    const breaking = [
      ...['12345a', '1234567', 'abc', '0,1', '1,,2', '-1', ' ', '   '],
      ...['a\u0000b', '\u0007', 'tab\u001b', 'del\u007f', 'line\nbreak', 'cr\r', 'ls\u2028'],
      ...['\u202Eevil', 'iso\u2066late'],
    ].filter((value) => !pattern.test(value));
    if (breaking.length > 0) {
      const broken = fc.constantFrom(...breaking);
      defects.push(
        fc
          .oneof(
            broken,
            fc
              .tuple(fc.string({ maxLength: 8 }), broken, fc.string({ maxLength: 8 }))
              .map(([before, bad, after]) => `${before}${bad}${after}`)
              .filter((value) => !pattern.test(value)),
          )
          .map((value) => ({ value, defect: `not matching ${schema.pattern as string}` })),
      );
    }
  }
  if (schema.format === 'email') {
    defects.push(fc.constantFrom(...badEmails).map((value) => ({ value, defect: 'not an email' })));
  }
  if (schema.format === 'uri') {
    defects.push(
      fc.constantFrom(...badUrls).map((value) => ({ value, defect: 'not an http(s) URL' })),
    );
  }
  return defects;
}

function numberDefects(schema: JsonSchema, types: string[]): fc.Arbitrary<Defect>[] {
  const defects: fc.Arbitrary<Defect>[] = [];
  const minimum = schema.minimum as number | undefined;
  const maximum = schema.maximum as number | undefined;
  if (minimum !== undefined) {
    defects.push(
      fc
        .integer({ min: 1, max: 1_000_000 })
        .map((below) => ({ value: minimum - below, defect: `below ${minimum}` })),
    );
  }
  if (maximum !== undefined) {
    defects.push(
      fc
        .integer({ min: 1, max: 1_000_000 })
        .map((above) => ({ value: maximum + above, defect: `above ${maximum}` })),
    );
  }
  if (types.includes('integer') && !types.includes('number')) {
    defects.push(
      fc
        .constantFrom(1.5, 2.25, 0.1)
        .map((value) => ({ value: value + (minimum ?? 0), defect: 'not whole' })),
    );
  }
  return defects;
}

function arrayDefects(
  schema: JsonSchema,
  options: SchemaArbitraryOptions,
  depth: number,
): fc.Arbitrary<Defect>[] {
  const defects: fc.Arbitrary<Defect>[] = [];
  const items = (schema.items as JsonSchema | undefined) ?? {};
  const valid = schemaArbitrary(items, options);
  const minItems = (schema.minItems as number | undefined) ?? 0;
  const maxItems = schema.maxItems as number | undefined;
  if (minItems > 0)
    defects.push(fc.constant({ value: [], defect: `fewer than ${minItems} items` }));
  if (maxItems !== undefined) {
    defects.push(
      fc
        .array(valid, { minLength: maxItems + 1, maxLength: maxItems + 5 })
        .map((value) => ({ value, defect: `more than ${maxItems} items` })),
    );
  }
  if (schema.uniqueItems) {
    defects.push(valid.map((item) => ({ value: [item, item], defect: 'duplicate items' })));
  }
  if (depth < 3) {
    defects.push(
      fc
        .tuple(
          fc.array(valid, { minLength: 0, maxLength: 2 }),
          invalidArbitrary(items, options, depth + 1),
        )
        .map(([value, bad]) => ({ value: [...value, bad.value], defect: `item: ${bad.defect}` })),
    );
  }
  return defects;
}

function objectDefects(
  schema: JsonSchema,
  options: SchemaArbitraryOptions,
  depth: number,
): fc.Arbitrary<Defect>[] {
  const defects: fc.Arbitrary<Defect>[] = [];
  const valid = schemaArbitrary(schema, { ...options, unknownMembers: false }) as fc.Arbitrary<
    Record<string, unknown>
  >;
  const required = (schema.required as string[] | undefined) ?? [];
  if (required.length > 0) {
    defects.push(
      fc.tuple(valid, fc.constantFrom(...required)).map(([value, name]) => {
        const copy = { ...value };
        delete copy[name];
        return { value: copy, defect: `missing ${name}` };
      }),
    );
  }
  const properties = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).filter(
    ([, property]) => !(deref(property, options.resolve).readOnly === true),
  );
  if (properties.length > 0 && depth < 3) {
    defects.push(
      fc.tuple(valid, fc.constantFrom(...properties)).chain(([value, [name, property]]) =>
        invalidArbitrary(property, options, depth + 1).map((bad) => ({
          value: { ...value, [name]: bad.value },
          defect: `${name}: ${bad.defect}`,
        })),
      ),
    );
  }
  return defects;
}
