/**
 * The machine's face for the status pages (/status, /status-from-email, and the complete page's
 * cancel): their selectors and words. Apart from machines/index.ts on purpose: a module re-exported
 * there lands in the first load's chunk, so the sign-in page would carry every status text
 * (`npm run size` counts it); imported from here, they load with the status screens.
 */
export * from './status-selectors.ts';
export type { Outcome } from './outcome-texts.ts';
