/**
 * mulberry32: a tiny deterministic generator of numbers in [0, 1), identical on every platform,
 * so the demo seed (its data and its dish pictures) and the bench's data set come out the same
 * on every run. Not for anything secret.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
