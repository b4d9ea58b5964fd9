/**
 * A length limit counted the way the contract counts: JSON Schema's `maxLength` (and MySQL's
 * VARCHAR) count Unicode code points, where String.length counts UTF-16 units, so an emoji is one
 * character here and two for `.max()`. Use as `.refine(atMost(100), 'Name must be at most ...')`.
 */
export function atMost(max: number) {
  return (value: string) => value.length <= max || Array.from(value).length <= max;
}
