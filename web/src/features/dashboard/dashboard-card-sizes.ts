/**
 * How wide a dashboard card's photo is on screen (its `<img>`'s `sizes`), in a module of its own:
 * the first card's preload (app/dashboard-photo-preload.ts) must name the same width, and this
 * file adds nothing to the first download.
 */
export const DASHBOARD_CARD_SIZES = '(min-width: 64rem) 20rem, (min-width: 40rem) 50vw, 100vw';
