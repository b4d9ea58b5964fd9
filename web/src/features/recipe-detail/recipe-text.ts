import { paths } from '../../lib/paths';

/** Spec §2 (recipe detail): how ingredient and instruction text is shown, line by line. */

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

export const INGREDIENT_BULLET = '•';
export const INSTRUCTION_CLOVER = '☘';

// "1) rice" keeps its own numbering. The spec says a digit followed by a closing bracket; "10)"
// is numbering too, so any run of digits counts.
const NUMBERED = /^\d+\)/;

/** Ingredient lines: numbered ones ("1) ...") as they are, the others with a dot prefix. */
export function ingredientLines(text: string): string[] {
  return lines(text).map((line) => (NUMBERED.test(line) ? line : `${INGREDIENT_BULLET} ${line}`));
}

/** Instruction lines get a clover prefix unless they already start with one. */
export function instructionLines(text: string): string[] {
  return lines(text).map((line) =>
    line.startsWith(INSTRUCTION_CLOVER) ? line : `${INSTRUCTION_CLOVER} ${line}`,
  );
}

/**
 * The home list to return to (Back without history; after deleting a recipe, spec §4): the home list on page fromPage, limited to the
 * last page after the deletion, keeping the categories and search the user came with.
 */
export function homeAfterDelete(
  fromPage: number,
  lastPage: number,
  categories: string | null,
  search: string | null,
): string {
  const query = new URLSearchParams();
  const page = Math.max(1, Math.min(fromPage, lastPage));
  if (page > 1) query.set('page', String(page));
  if (categories) query.set('categories', categories);
  if (search) query.set('search', search);
  const text = query.toString().replace(/%2C/g, ',');
  return text ? `${paths.home}?${text}` : paths.home;
}
