/*
 * Compile-time checks that a type fits a contract type and adds nothing to it: used by the answer
 * checks (server/src/contract/use-case-answers.ts) and the input checks (checks/request-bodies.ts).
 * Types only; nothing here runs.
 */

/** Keys present in A (at any depth of objects and arrays) that B does not declare. */
export type ExtraKeys<A, B> = A extends readonly (infer AItem)[]
  ? B extends readonly (infer BItem)[]
    ? ExtraKeys<AItem, BItem>
    : never
  : A extends object
    ? B extends object
      ? | Exclude<keyof A, keyof B>
        | { [K in keyof A & keyof B]: ExtraKeys<A[K], NonNullable<B[K]>> }[keyof A & keyof B]
      : never
    : never;

/**
 * true only when A fits B and adds nothing to it; otherwise the extra keys, or A itself when it
 * does not fit, so the compiler's error names what is wrong.
 */
export type Fits<A, B> = [A] extends [B]
  ? [ExtraKeys<A, B>] extends [never]
    ? true
    : ExtraKeys<A, B>
  : A;

/** Compiles only for `true`. */
export type Check<_T extends true> = true;
