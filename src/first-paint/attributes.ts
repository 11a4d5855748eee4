/** The attributes of #root on a prerendered page (written by scripts/prerender.ts, read by the entry). */

/** Names the route the page was rendered for: the browser hydrates that route's first paint. */
export const FIRST_PAINT_ATTRIBUTE = 'data-first-paint';
/** The chunk files (space-separated paths) the portal and the first paint need: fetched at once after the first paint. */
export const FIRST_PAINT_CHUNKS_ATTRIBUTE = 'data-first-paint-chunks';
/**
 * On a page whose screen is only a timed moment (the policy pages), the entry starts the machine at
 * once instead of after the paint: its moment counts from the paint, which a later start would overrun.
 */
export const MACHINE_AT_ONCE_ATTRIBUTE = 'data-machine-at-once';
/** The id of the hidden notice a prerendered page carries beside #root (src/shell/load-failure.tsx). */
export const LOAD_FAILURE_ID = 'load-failure';
