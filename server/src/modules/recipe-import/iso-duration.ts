/**
 * Minutes in an ISO 8601 duration as recipe pages write them (`PT1H30M`, `PT45M`, `P1DT2H`,
 * `PT0.5H`, `PT90S`), rounded to whole minutes; null for anything else (sites also write "30
 * mins" or nothing). Years and months are refused: no recipe takes them, and their length varies.
 */
export function isoDurationMinutes(text: string): number | null {
  const match =
    /^P(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/i.exec(
      text.trim(),
    );
  if (!match || text.trim().toUpperCase() === 'P' || /T$/i.test(text.trim())) return null;
  const [weeks, days, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0));
  const total = ((weeks! * 7 + days!) * 24 + hours!) * 60 + minutes! + seconds! / 60;
  return Number.isFinite(total) ? Math.round(total) : null;
}
