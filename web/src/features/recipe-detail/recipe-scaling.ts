import { fraction, scaleIngredientLine, type Fraction } from './ingredient-scaling';

/*
 * How much of a recipe the cook makes, kept in the page's query so a reload, a shared link, cook
 * mode and the printout all show the same amounts. A recipe that states its servings is scaled
 * to a servings count (`?servings=6`); one that does not is scaled by a factor (`?scale=2`):
 * most recipes written before servings existed, and many imported ones, say nothing about
 * servings, and "double it" or "half of it" needs no count.
 */

export const SERVINGS_MIN = 1;
export const SERVINGS_MAX = 100;

/** The factors a recipe without servings offers, in steps a cook thinks in. */
export const SCALE_FACTORS: readonly { value: Fraction; text: string; query: string }[] = [
  { value: fraction(1, 4), text: '¼', query: '1/4' },
  { value: fraction(1, 2), text: '½', query: '1/2' },
  { value: fraction(1), text: '1', query: '1' },
  { value: fraction(3, 2), text: '1½', query: '3/2' },
  { value: fraction(2), text: '2', query: '2' },
  { value: fraction(3), text: '3', query: '3' },
  { value: fraction(4), text: '4', query: '4' },
];
export const UNSCALED_FACTOR = 2;

export type Scaling =
  { kind: 'servings'; from: number; to: number } | { kind: 'factor'; index: number };

/** The scaling the query asks for, within bounds; anything unreadable is the recipe as written. */
export function scalingFromQuery(servings: number | null, query: URLSearchParams): Scaling {
  if (servings !== null) {
    const asked = Number(query.get('servings'));
    const to =
      Number.isInteger(asked) && asked >= SERVINGS_MIN && asked <= SERVINGS_MAX ? asked : servings;
    return { kind: 'servings', from: servings, to };
  }
  const index = SCALE_FACTORS.findIndex((factor) => factor.query === query.get('scale'));
  return { kind: 'factor', index: index === -1 ? UNSCALED_FACTOR : index };
}

/** The query parameter for a scaling (null when the recipe is as written). */
export function scalingParam(scaling: Scaling): [name: string, value: string] | null {
  if (scaling.kind === 'servings') {
    return scaling.to === scaling.from ? null : ['servings', String(scaling.to)];
  }
  return scaling.index === UNSCALED_FACTOR
    ? null
    : ['scale', SCALE_FACTORS[scaling.index]?.query ?? '1'];
}

/** `query` with the scaling's parameter set (and the other kind removed). */
export function withScaling(query: URLSearchParams, scaling: Scaling): URLSearchParams {
  const next = new URLSearchParams(query);
  next.delete('servings');
  next.delete('scale');
  const param = scalingParam(scaling);
  if (param) next.set(param[0], param[1]);
  return next;
}

export function scalingFactor(scaling: Scaling): Fraction {
  if (scaling.kind === 'servings') return fraction(scaling.to, scaling.from);
  return SCALE_FACTORS[scaling.index]?.value ?? fraction(1);
}

export const servingsText = (count: number) => `${count} ${count === 1 ? 'serving' : 'servings'}`;
export const factorText = (index: number) => `×${SCALE_FACTORS[index]?.text ?? '1'}`;

/** How the amounts read: "6 servings" or "×2". */
export function scalingLabel(scaling: Scaling): string {
  return scaling.kind === 'servings' ? servingsText(scaling.to) : factorText(scaling.index);
}

/** The recipe's ingredient text with every line's leading amount scaled. */
export function scaleIngredientText(text: string, scaling: Scaling): string {
  const factor = scalingFactor(scaling);
  return text
    .split('\n')
    .map((line) => scaleIngredientLine(line, factor))
    .join('\n');
}
