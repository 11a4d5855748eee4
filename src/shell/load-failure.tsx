/**
 * What the page says when a part of the portal's script did not arrive: a dropped connection, or a
 * tab left open across a release whose files have since gone. Without it, a prerendered page would
 * ignore every tap and a live one would go blank. The spec shows no such message; the wording is
 * ours (docs/spec-rules.md). The way out is a real link to the page itself, so that it works
 * whether or not any script runs; the tab's session (sessionStorage) survives the reload.
 */
import { css } from '@emotion/react';
import { LOAD_FAILURE_ID } from '../first-paint/attributes';
import { layout, space } from '../theme/theme';
import { Alert } from '../ui/alert';
import { shellWords } from '../../contract/words/en/shell.ts';
import { useWords } from '../words/use-words';
import { ButtonLink } from '../ui/button';

const reload = css`
  margin-top: ${space(3)};
`;

export function LoadFailure() {
  const t = useWords(shellWords);
  return (
    <Alert tone="error" title={t('loadFailed')}>
      <p>{t('loadFailedHelp')}</p>
      <ButtonLink href="" variant="primary" css={reload}>
        {t('reload')}
      </ButtonLink>
    </Alert>
  );
}

const banner = css`
  max-width: ${layout.maxWidth};
  margin: 0 auto;
  padding: ${space(4)} ${space(4)} 0;
`;

/**
 * The notice a prerendered page carries, hidden, outside the markup the script takes over: the
 * entry (src/main.tsx) shows it when the portal's own chunks fail to load, before React exists.
 */
export function PrerenderedLoadFailure() {
  return (
    <div id={LOAD_FAILURE_ID} hidden css={banner}>
      <LoadFailure />
    </div>
  );
}
