/** Where the e2e harness keeps its files: everything under test-results/ (gitignored). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const resultsDir = path.join(repoRoot, 'test-results');
/** A private build of the SPA, so the suite never races another engineer's `dist/`. */
export const e2eDistDir = path.join(resultsDir, 'e2e-dist');
export const screenshotsDir = path.join(resultsDir, 'screens');
