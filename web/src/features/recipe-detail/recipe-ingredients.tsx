import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ServingsControl } from '@recipehub/ui/servings-control';
import { ingredientLines } from './recipe-text';
import {
  factorText,
  SCALE_FACTORS,
  scaleIngredientText,
  scalingFromQuery,
  SERVINGS_MAX,
  SERVINGS_MIN,
  servingsText,
  UNSCALED_FACTOR,
  withScaling,
  type Scaling,
} from './recipe-scaling';

/**
 * The page's scaling: read from its query, and written back to it (replacing the history entry).
 * The choice is also kept in React state, because react-router applies a query change as a
 * transition: several quick key presses would each step from the same stale value (seen in the
 * e2e run on a loaded machine: three ArrowDowns from 6 gave 4).
 */
export function useScaling(servings: number | null): [Scaling, (next: Scaling) => void] {
  const [query, setQuery] = useSearchParams();
  const [chosen, setChosen] = useState<Scaling | null>(null);
  const fromQuery = scalingFromQuery(servings, query);
  // A choice made for another shape of scaling (before the recipe loaded) does not count.
  const current =
    chosen !== null &&
    chosen.kind === fromQuery.kind &&
    (chosen.kind === 'factor' || (fromQuery.kind === 'servings' && chosen.from === fromQuery.from))
      ? chosen
      : fromQuery;
  const setScaling = (next: Scaling) => {
    setChosen(next);
    setQuery((previous) => withScaling(previous, next), { replace: true });
  };
  return [current, setScaling];
}

/** The servings stepper, or the factor stepper for a recipe that states no servings. */
export function ScalingControl({
  scaling,
  onChange,
}: {
  scaling: Scaling;
  onChange(next: Scaling): void;
}) {
  if (scaling.kind === 'servings') {
    return (
      <ServingsControl
        className="recipe-scaling"
        label="Servings"
        value={scaling.to}
        defaultValue={scaling.from}
        min={SERVINGS_MIN}
        max={SERVINGS_MAX}
        valueText={servingsText}
        decreaseLabel="Fewer servings"
        increaseLabel="More servings"
        onValueChange={(to) => onChange({ ...scaling, to })}
      />
    );
  }
  return (
    <ServingsControl
      className="recipe-scaling"
      label="Scale"
      value={scaling.index}
      defaultValue={UNSCALED_FACTOR}
      min={0}
      max={SCALE_FACTORS.length - 1}
      valueText={factorText}
      decreaseLabel="Make less"
      increaseLabel="Make more"
      hint="This recipe does not say how many it serves, so its amounts scale by a factor."
      onValueChange={(index) => onChange({ kind: 'factor', index })}
    />
  );
}

/** The ingredient lines at the chosen scale (spec §2's prefixes kept). */
export function IngredientList({
  ingredients,
  scaling,
}: {
  ingredients: string;
  scaling: Scaling;
}) {
  return (
    <ul className="recipe-lines">
      {ingredientLines(scaleIngredientText(ingredients, scaling)).map((line, index) => (
        <li key={index}>{line}</li>
      ))}
    </ul>
  );
}
