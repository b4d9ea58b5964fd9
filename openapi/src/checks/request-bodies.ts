/**
 * Compile-time proof that every input schema reads what openapi/recipehub.openapi.yaml says its
 * call takes, as server/src/contract/use-case-answers.ts proves it for the answers. For each
 * call's JSON `requestBody`, two things must hold, or `tsc -p openapi` fails:
 * - what the schema hands the use case (`z.output`) fits the body and adds no field the document
 *   does not declare, so no rule reads a field a client was never told about;
 * - any body the document allows is a type the schema accepts (`z.input`), so no schema asks for
 *   a field the document leaves out or types differently.
 */
import type { z } from 'zod';
import type { paths } from '../../generated/schema.js';
import type { Check, Fits } from '../type-fit.js';
import type {
  loginInput,
  profileUpdateInput,
  registerInput,
  resendVerificationInput,
  resetPasswordInput,
  roleUpdateInput,
  sendOtpInput,
  verifyOtpInput,
} from '../schemas/accounts.js';
import type { contactInput } from '../schemas/contact.js';
import type { reportInput } from '../schemas/reports.js';
import type {
  customerInput,
  customerReferenceInput,
  customerUpdateInput,
} from '../schemas/customers.js';
import type { commentInput, reactionInput, reviewInput } from '../schemas/engagement.js';
import type { categoryInput, recipeImportInput, recipeInput } from '../schemas/recipes.js';

type Method = 'post' | 'put';

/** The JSON body the contract documents for one path and method. */
type RequestBody<P extends keyof paths, M extends Method> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

/** true when the schema and the body agree both ways; otherwise what disagrees. */
type Reads<S extends z.ZodType, Body> =
  Fits<z.output<S>, Body> extends true
    ? [Body] extends [z.input<S>]
      ? true
      : { bodyTheSchemaRefuses: Body }
    : { outputThatDoesNotFit: Fits<z.output<S>, Body> };
type ReadOnlyProfileFields = 'email' | 'role';

export type InputSchemasReadTheContract = [
  // accounts
  Check<Reads<typeof registerInput, RequestBody<'/api/accounts/register/', 'post'>>>,
  Check<Reads<typeof loginInput, RequestBody<'/api/accounts/login/', 'post'>>>,
  Check<
    Reads<typeof resendVerificationInput, RequestBody<'/api/users/resend-verification/', 'post'>>
  >,
  Check<Reads<typeof sendOtpInput, RequestBody<'/api/accounts/send-otp/', 'post'>>>,
  Check<Reads<typeof verifyOtpInput, RequestBody<'/api/accounts/verify-otp/', 'post'>>>,
  Check<Reads<typeof resetPasswordInput, RequestBody<'/api/accounts/reset-password/', 'post'>>>,
  // `email` and `role` are read-only: accepted and ignored whatever they hold (z.unknown()).
  Check<
    Reads<
      z.ZodObject<Omit<(typeof profileUpdateInput)['shape'], ReadOnlyProfileFields>>,
      Omit<RequestBody<'/api/accounts/profile/update/', 'put'>, ReadOnlyProfileFields>
    >
  >,
  Check<
    Reads<typeof roleUpdateInput, RequestBody<'/api/accounts/profile/{email}/update-role/', 'put'>>
  >,
  // contact
  Check<Reads<typeof contactInput, RequestBody<'/api/contact/', 'post'>>>,
  // reports
  Check<Reads<typeof reportInput, RequestBody<'/api/reports/', 'post'>>>,
  // recipes
  Check<Reads<typeof categoryInput, RequestBody<'/api/recipes/categories/', 'post'>>>,
  Check<Reads<typeof categoryInput, RequestBody<'/api/recipes/categories/{id}/', 'put'>>>,
  Check<Reads<typeof recipeInput, RequestBody<'/api/recipes/lists/', 'post'>>>,
  Check<Reads<typeof recipeInput, RequestBody<'/api/recipes/lists/{id}/', 'put'>>>,
  Check<Reads<typeof recipeImportInput, RequestBody<'/api/recipes/import/', 'post'>>>,
  Check<Reads<typeof reactionInput, RequestBody<'/api/recipes/lists/{id}/like/', 'post'>>>,
  Check<Reads<typeof reviewInput, RequestBody<'/api/recipes/reviews/', 'post'>>>,
  // Not reviewUpdateInput: ReviewUpdate's `anyOf` (a rating, a text or both) generates `unknown`,
  // which every schema would fit; tests/contract checks that call against the document instead.
  Check<Reads<typeof commentInput, RequestBody<'/api/recipes/lists/{id}/comments/', 'post'>>>,
  // leftovers
  Check<Reads<typeof customerInput, RequestBody<'/api/create-customer', 'post'>>>,
  Check<Reads<typeof customerUpdateInput, RequestBody<'/api/update-customer', 'post'>>>,
  Check<Reads<typeof customerReferenceInput, RequestBody<'/api/delete-customer', 'post'>>>,
];

// The check itself must keep failing on drift: these must stay errors (tsc fails if they stop).
type IdAndHash = z.ZodObject<{ id: z.ZodNumber; hash: z.ZodString }>;
type IdAndTitle = z.ZodObject<{ id: z.ZodNumber; title: z.ZodString }>;
type TextId = z.ZodObject<{ id: z.ZodString }>;
// @ts-expect-error the schema reads a field the document does not declare
export type RejectsExtraField = Check<Reads<IdAndHash, { id: number }>>;
// @ts-expect-error the schema requires a field the document does not have
export type RejectsMissingField = Check<Reads<IdAndTitle, { id: number }>>;
// @ts-expect-error the schema types a field otherwise than the document
export type RejectsOtherType = Check<Reads<TextId, { id: number }>>;
