/**
 * Which lazily loaded modules share a chunk (decision 0038; docs/performance.md, "Fewer lazy scripts"). Left to
 * itself the bundler gives every set of modules that a different set of screens imports a chunk of
 * its own: the status page loaded twelve past the first load, some of 60–150 bytes. A phone pays for
 * each script it fetches, compiles and runs, whatever its size, so two groups gather them:
 *
 * - `widgets`: the UI kit's parts the first load does not use, the error words and the links that
 *   start a step. Almost every screen and dialog loads most of them.
 * - `status-words`: what the status page, its sign-in twin and the completion page share: the status
 *   section's words and the selectors that turn a job's figures into them.
 *
 * Only lazy modules are named here: a module of the first load captured by a group would take the
 * whole group into the first load (`npm run size` fails if it did). A module not named falls back to
 * the bundler's own chunking.
 */
import type { Rolldown } from 'vite';

type CodeSplitting = Exclude<NonNullable<Rolldown.OutputOptions['codeSplitting']>, boolean>;

const module = (paths: string) => new RegExp(`/(?:${paths})\\.tsx?$`);

export const lazyChunkGroups: CodeSplitting = {
  // A group takes the modules named, not what they import: what they import from the first load stays there.
  includeDependenciesRecursively: false,
  groups: [
    {
      name: 'status-words',
      priority: 2,
      test: module(
        'machines/(?:status-texts|outcome-texts|job-status|status-selectors)|contract/words/en/status|src/views/status/(?:use-status-words|cancel-export-dialog)',
      ),
    },
    {
      name: 'widgets',
      priority: 1,
      test: module(
        [
          'src/ui/(?:index|select|truncated-name|text-area|password-field|checkbox|radio-card-group|confirm-dialog|button-row|modal|spinner|text-field|field-styles|field-message)',
          'src/portal/intent-link',
          'src/words/use-error-words',
          'contract/words/en/errors',
          'contract/destinations/descriptor',
        ].join('|'),
      ),
    },
  ],
};
