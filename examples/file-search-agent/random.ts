/**
 * Seeded randomness, so a demo run can be replayed exactly: the same seed
 * gives the same mistakes, the same spans and the same summary.
 */

/** mulberry32: a tiny 32-bit generator, plenty for choosing mistakes. Returns numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A number in [0, 1) fixed by a seed and a label: decisions that must not depend on call order. */
export function hashToUnit(seed: number, label: string): number {
  let hash = (seed ^ 0x811c9dc5) >>> 0;
  for (let i = 0; i < label.length; i++) {
    hash ^= label.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return seededRandom(hash)();
}
