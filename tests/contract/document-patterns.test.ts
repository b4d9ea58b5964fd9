// The document's field rules (`pattern`, `format`) against the server's own input schemas, on a
// list of strings chosen to sit on either side of each rule: every body the document calls valid
// must be one the server's schema accepts, or a client that validates against the contract sends
// what the server refuses. The contract fuzz suite (server/test/contract-fuzz/) checks the same
// through the real app with generated values; this is the quick, readable half.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import type { FormatsPlugin } from 'ajv-formats';
import type { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { isHttpUrl } from '../../openapi/src/http-url.js';
import {
  loginInput,
  profileUpdateInput,
  registerInput,
  roleUpdateInput,
  sendOtpInput,
  verifyOtpInput,
} from '../../openapi/src/schemas/accounts.js';
import { contactInput } from '../../openapi/src/schemas/contact.js';
import {
  customerInput,
  customerReferenceInput,
  customerUpdateInput,
} from '../../openapi/src/schemas/customers.js';
import {
  commentInput,
  reactionInput,
  reviewInput,
  reviewUpdateInput,
} from '../../openapi/src/schemas/engagement.js';
import {
  categoryInput,
  recipeImportInput,
  recipeInput,
} from '../../openapi/src/schemas/recipes.js';
import { loadDocument } from '../../openapi/scripts/validate-document.mjs';

type Schema = { [keyword: string]: unknown };

const SAMPLES = [
  ...['', ' ', '  \t ', 'a', 'Nadia', ' Nadia Rahman ', 'é中😀', "O'Brien", '+880 1711-000000'],
  ...['a\nb', 'a\r\nb', '\nrice\n', 'a\tb', 'a\u0000b', '\u0007', 'a\u001bb', 'a\u007fb'],
  ...['a\u0085b', '\u00a0', 'a\u00a0b', 'a\u2028b', 'a\u202eb', 'a\u2066b', '\u200b', '\ufeffa'],
  ...['0', '7', '012', '150', '151', '2147483647', '2147483648', '-1', '1.5', '1e3', ' 12'],
  ...['nadia@example.com', 'NADIA@Example.COM', 'a@b', 'a..b@example.com', 'a.@example.com'],
  ...['https://example.com', 'https://example.com/a b', 'http://', 'http://a:99999', 'http://:80'],
  ...['ftp://example.com/x', 'javascript:alert(1)', 'HTTPS://EXAMPLE.COM', 'http:///x'],
  ...['https://u:p@example.com/', 'http://example.123', 'http://1.2.3.999/', 'http://[v1.x]/'],
  ...['http://xn--zz.com', 'https://192.168.1.1:8080/x?y=1#z', 'https://[::1]/', 'LIKE', 'Chef'],
  ...['123456', '12345a', 'http://a.b.', 'http://_x.example/', 'https://a-b.example/c?d#e'],
];

/** Each JSON body the document types, the server's schema for it, and a valid body to vary. */
const BODIES: [string, z.ZodType, Record<string, unknown>?][] = [
  ['RegisterInput', registerInput],
  ['LoginInput', loginInput],
  ['EmailInput', sendOtpInput],
  ['OtpInput', verifyOtpInput],
  ['ProfileUpdate', profileUpdateInput],
  ['RoleUpdate', roleUpdateInput],
  ['ContactInput', contactInput],
  ['CategoryInput', categoryInput],
  ['RecipeInput', recipeInput],
  ['RecipeImportInput', recipeImportInput],
  ['ReactionInput', reactionInput],
  ['ReviewInput', reviewInput],
  ['ReviewUpdate', reviewUpdateInput],
  ['CommentInput', commentInput],
  ['CustomerInput', customerInput, { name: 'K', email: 'k@example.com', mobile: '017' }],
  [
    'CustomerUpdate',
    customerUpdateInput,
    { id: 5, name: 'K', email: 'k@example.com', mobile: '1' },
  ],
  ['CustomerReference', customerReferenceInput, { id: 5 }],
];

let document: { components: { schemas: Record<string, Schema> } } & Schema;
let ajv: Ajv2020;
const DOCUMENT_ID = 'https://recipehub.invalid/openapi.json';

beforeAll(async () => {
  document = (await loadDocument()) as unknown as typeof document;
  ajv = new Ajv2020({ strict: false });
  (addFormatsPlugin as unknown as FormatsPlugin)(ajv);
  ajv.addSchema({ $id: DOCUMENT_ID, components: document.components }, DOCUMENT_ID);
});

const resolve = (schema: Schema): Schema =>
  typeof schema.$ref === 'string'
    ? resolve(document.components.schemas[schema.$ref.split('/').at(-1) ?? ''] ?? {})
    : schema;

/** Does the field's schema (or a branch of it) state a text rule: a pattern, a format, an enum? */
function hasTextRule(schema: Schema): boolean {
  const resolved = resolve(schema);
  const branches = [
    ...((resolved.anyOf as Schema[]) ?? []),
    ...((resolved.oneOf as Schema[]) ?? []),
  ];
  return (
    typeof resolved.pattern === 'string' ||
    typeof resolved.format === 'string' ||
    Array.isArray(resolved.enum) ||
    branches.some(hasTextRule)
  );
}

/** Dotted paths of the fields with a text rule: `title`, `profile.bio`. */
function ruledFields(schema: Schema, prefix = ''): string[] {
  const properties = (resolve(schema).properties ?? {}) as Record<string, Schema>;
  return Object.entries(properties).flatMap(([name, property]) => {
    if (resolve(property).properties) return ruledFields(property, `${prefix}${name}.`);
    return hasTextRule(property) && !resolve(property).readOnly ? [`${prefix}${name}`] : [];
  });
}

function withField(
  body: Record<string, unknown>,
  path: string,
  value: string,
): Record<string, unknown> {
  const [head = '', ...rest] = path.split('.');
  if (rest.length === 0) return { ...body, [head]: value };
  const inner = (body[head] ?? {}) as Record<string, unknown>;
  return { ...body, [head]: withField(inner, rest.join('.'), value) };
}

describe('the document’s field rules', () => {
  it.each(BODIES)(
    '%s: every body the document accepts, the server’s schema accepts',
    (name, input, base) => {
      const schema = document.components.schemas[name];
      expect(schema, name).toBeDefined();
      const valid = ajv.compile({ $ref: `${DOCUMENT_ID}#/components/schemas/${name}` });
      const example =
        base ?? (schema?.examples as Record<string, unknown>[] | undefined)?.[0] ?? {};
      expect(valid(example), `${name}'s base body: ${ajv.errorsText(valid.errors)}`).toBe(true);
      const fields = ruledFields(schema ?? {});
      expect(fields.length, `${name} has no field with a pattern, format or enum`).toBeGreaterThan(
        0,
      );
      const refused: string[] = [];
      for (const field of fields) {
        for (const sample of SAMPLES) {
          const body = withField(example, field, sample);
          if (valid(body) && !input.safeParse(body).success)
            refused.push(`${field}: ${JSON.stringify(sample)}`);
        }
      }
      expect(refused).toEqual([]);
    },
  );

  it('calls a link valid only where the server reads it as an absolute http(s) link', () => {
    const links = document['x-link-patterns'] as Record<string, string>;
    for (const pattern of Object.values(links)) {
      const valid = ajv.compile({ type: 'string', format: 'uri', pattern });
      const accepted = SAMPLES.filter((sample) => valid(sample));
      expect(accepted.filter((sample) => !isHttpUrl(sample))).toEqual([]);
      expect(accepted).toContain('https://192.168.1.1:8080/x?y=1#z');
    }
  });
});
