/**
 * Durations written in a recipe step ("simmer for 10 minutes", "bake 1 hour 15 mins", "rest
 * 5-10 min", "half an hour"), each offered to the cook as a timer. Pure: tests/unit checks it.
 * A range offers its lower end: that is when a cook first checks for doneness, and the timer can
 * be started again. Bare "m" and "h" after a number are read only when they stand as a duration
 * ("1h30", "10m"): "5 m" of cloth is not for a kitchen timer, but a recipe never says it anyway.
 */
export interface StepDuration {
  /** Length of the timer. */
  seconds: number;
  /** The words in the step that gave it ("10 minutes"). */
  text: string;
  /** A short name for it ("10 min", "1 h 15 min", "30 s"). */
  label: string;
}

const WORD_NUMBERS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  'forty-five': 45,
  sixty: 60,
};
const VULGAR: Record<string, number> = { '¼': 0.25, '½': 0.5, '¾': 0.75, '⅓': 1 / 3, '⅔': 2 / 3 };

const NUMBER =
  `(?:\\d+(?:[.,]\\d+)?\\s*[¼½¾⅓⅔]|\\d+\\s+\\d+\\/\\d+|\\d+\\/\\d+|\\d+(?:[.,]\\d+)?|[¼½¾⅓⅔]|` +
  `${Object.keys(WORD_NUMBERS)
    .sort((a, b) => b.length - a.length)
    .join('|')})`;
const UNIT = '(?:hours?|hrs?|h|minutes?|mins?|m|seconds?|secs?|s)(?![\\p{L}\\d])';
// One "amount unit" part, an optional range before it, and an optional second part ("1 hour 20
// minutes", "1 hr and 15 mins"); or the compact "1h30"; or "half an hour".
const PART = `(${NUMBER})(?:\\s*(?:-|–|to)\\s*(${NUMBER}))?\\s*(${UNIT})`;
const DURATION = new RegExp(
  `(?<![\\p{L}\\d])(?:half\\s+an?\\s+hour|(\\d{1,2})h(\\d{2})(?![\\p{L}\\d])|` +
    `${PART}(?:\\s*,?\\s*(?:and\\s+)?${PART})?)`,
  'giu',
);

function numberValue(text: string): number | null {
  const trimmed = text.trim().toLowerCase();
  if (trimmed in WORD_NUMBERS) return WORD_NUMBERS[trimmed]!;
  let match = /^(\d+(?:[.,]\d+)?)\s*([¼½¾⅓⅔])$/u.exec(trimmed);
  if (match) return Number(match[1]!.replace(',', '.')) + VULGAR[match[2]!]!;
  if (trimmed in VULGAR) return VULGAR[trimmed]!;
  match = /^(\d+)\s+(\d+)\/(\d+)$/.exec(trimmed);
  if (match)
    return Number(match[3]) === 0 ? null : Number(match[1]) + Number(match[2]) / Number(match[3]);
  match = /^(\d+)\/(\d+)$/.exec(trimmed);
  if (match) return Number(match[2]) === 0 ? null : Number(match[1]) / Number(match[2]);
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

function unitSeconds(unit: string): number {
  const first = unit.toLowerCase()[0];
  return first === 'h' ? 3600 : first === 'm' ? 60 : 1;
}

/** "1 h 15 min", "10 min", "45 s". */
export function durationLabel(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const parts = [
    hours > 0 ? `${hours} h` : '',
    minutes > 0 ? `${minutes} min` : '',
    rest > 0 ? `${rest} s` : '',
  ].filter(Boolean);
  return parts.join(' ') || '0 s';
}

/** Longest timer offered: a step that says "marinate for 2 days" is not for a kitchen timer. */
const MAX_SECONDS = 24 * 3600;

/** Every duration in `step`, in the order written, without repeats. */
export function findDurations(step: string): StepDuration[] {
  const found: StepDuration[] = [];
  for (const match of step.matchAll(DURATION)) {
    const text = match[0].trim();
    let seconds: number | null;
    const [, hours, minutes, first, , unit, second, , secondUnit] = match;
    if (/^half/i.test(text)) {
      seconds = 1800;
    } else if (hours !== undefined && minutes !== undefined) {
      seconds = Number(hours) * 3600 + Number(minutes) * 60;
    } else {
      const amount = numberValue(first!);
      seconds = amount === null ? null : amount * unitSeconds(unit!);
      if (seconds !== null && second !== undefined && secondUnit !== undefined) {
        const more = numberValue(second);
        seconds = more === null ? null : seconds + more * unitSeconds(secondUnit);
      }
    }
    if (seconds === null) continue;
    const rounded = Math.round(seconds);
    if (rounded <= 0 || rounded > MAX_SECONDS) continue;
    if (found.some((duration) => duration.seconds === rounded)) continue;
    found.push({ seconds: rounded, text, label: durationLabel(rounded) });
  }
  return found;
}
