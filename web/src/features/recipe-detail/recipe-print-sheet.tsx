import { ingredientLines, instructionLines } from './recipe-text';
import { scaleIngredientText, scalingLabel, type Scaling } from './recipe-scaling';
import './recipe-print.css';

/**
 * What a printed recipe adds to the page's title and photo (issue 16): the ingredients at the
 * chosen scale and every step numbered (both at once, where the screen has tabs), and the source
 * link written out in full. Hidden on screen (display: none, so no screen reader meets it twice);
 * recipe-print.css shows it, and hides the rest of the page, for print.
 */
export function RecipePrintSheet({
  ingredients,
  instructions,
  scaling,
  author,
  sourceUrl,
}: {
  ingredients: string;
  instructions: string;
  scaling: Scaling;
  author: string;
  sourceUrl: string | null;
}) {
  const amounts =
    scaling.kind === 'servings'
      ? `Serves ${scaling.to}`
      : scalingLabel(scaling) === '×1'
        ? null
        : `Amounts ${scalingLabel(scaling)}`;
  return (
    <section className="recipe-print" aria-label="Printable recipe">
      <p className="recipe-print__meta">
        By {author}
        {amounts && ` · ${amounts}`}
      </p>
      <h2 className="recipe-print__heading">Ingredients</h2>
      <ul className="recipe-print__ingredients">
        {ingredientLines(scaleIngredientText(ingredients, scaling)).map((line, index) => (
          <li key={index}>{line}</li>
        ))}
      </ul>
      <h2 className="recipe-print__heading">Steps</h2>
      <ol className="recipe-print__steps">
        {instructionLines(instructions).map((line, index) => (
          <li key={index}>{line.replace(/^☘\s*/u, '')}</li>
        ))}
      </ol>
      {sourceUrl && <p className="recipe-print__source">Source: {sourceUrl}</p>}
    </section>
  );
}
