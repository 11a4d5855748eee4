/**
 * The contract: the one language of the browser, the machine and the export service. Valibot schemas
 * for every request and response, the types inferred from them, and the paths they travel on.
 * It imports nothing of ours (eslint.config.js holds that); docs/api.md describes each call.
 */
export * from './vocabulary.ts';
export * from './destinations/index.ts';
export * from './accounts.ts';
export * from './session-calls.ts';
export * from './mail-choice.ts';
export * from './export-service-calls.ts';
export * from './support.ts';
export * from './errors.ts';
export * from './paths.ts';
export * from './opt-out.ts';
export * from './imap-address.ts';
export * from './progress.ts';
export * from './estimate-words.ts';
export * from './time-words.ts';
export * from './words/languages.ts';
export * from './words/section.ts';
export * from './words/phrase.ts';
