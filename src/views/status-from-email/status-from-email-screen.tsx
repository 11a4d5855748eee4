import { css } from '@emotion/react';
import { errorWords } from '../../../contract/words/en/errors.ts';
import { startWords } from '../../../contract/words/en/start.ts';
import { useWords } from '../../words/use-words';
import { IntentLink } from '../../portal/intent-link';
import { colors, font, mediaUp, radii, space } from '../../theme/theme';
import { Alert, Button, Card, PageHeading, Spinner, TruncatedName, buttonStyles } from '../../ui';
import { usePortalCan, usePortalSelector, usePortalSend } from '../../portal/portal-context';
import { selectIsBusy, selectLanguage, selectSource, selectJobs } from '../../../machines/index.ts';
import { useScreenHeading } from '../screen-headings';
import { dateAndTime, type Language } from '../../../contract/index.ts';

/** §9: the page lists at most five exports. */
const MAX_LISTED = 5;

const list = css`
  list-style: none;
  margin: 0 0 ${space(4)};
  padding: 0;
  border: 1px solid ${colors.border};
  border-radius: ${radii.md};
  li + li {
    border-top: 1px solid ${colors.border};
  }
  a {
    display: grid;
    gap: ${space(1)};
    padding: ${space(4)};
    text-decoration: none;
    color: ${colors.dark};
    ${mediaUp('md')} {
      grid-template-columns: 1fr auto;
      align-items: center;
    }
  }
  a:hover {
    background: ${colors.primarySoft};
  }
  code {
    font-family: ${font.mono};
    font-size: ${font.size.sm};
    overflow-wrap: anywhere;
    color: ${colors.primary};
    font-weight: ${font.weight.bold};
  }
`;

const signedInAs = css`
  margin: 0 0 ${space(2)};
  color: ${colors.muted};
  font-size: ${font.size.sm};
`;

const formatStart = (iso: string, language: Language): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateAndTime(date, language);
};

/**
 * `/status-from-email`: the (at most five) exports found for the signed-in address. The lead (what
 * the list is, and where older export IDs are) is the same for everyone and is prerendered; the
 * address, the list and the messages are the customer's and fill in below it.
 */
export default function StatusFromEmailScreen() {
  const heading = useScreenHeading('statusFromEmail');
  const send = usePortalSend();
  const { jobs, message } = usePortalSelector(selectJobs);
  const email = usePortalSelector(selectSource)?.email;
  const busy = usePortalSelector(selectIsBusy);
  const canRetry = usePortalCan({ type: 'STATUS.RETRY_REQUESTED' });
  const shown = jobs.slice(0, MAX_LISTED);
  const t = useWords(startWords);
  const e = useWords(errorWords);
  const language = usePortalSelector(selectLanguage);
  return (
    <Card as="section">
      <PageHeading lead={heading.lead}>{heading.title}</PageHeading>
      {busy && <Spinner label={t('lookingUp')} />}
      {!busy && message && <Alert tone={canRetry ? 'error' : 'info'}>{e.said(message)}</Alert>}
      {!busy && canRetry && <Button onClick={() => send({ type: 'STATUS.RETRY_REQUESTED' })}>{t('tryAgain')}</Button>}
      {!busy && shown.length > 0 && (
        <>
          {email && (
            <p css={signedInAs}>
              {t('signedInAs')} <TruncatedName name={email} />
            </p>
          )}
          <ul css={list} aria-label={t('exports')}>
            {shown.map((job) => (
              <li key={job.id}>
                <IntentLink intent={{ type: 'STATUS.OPENED', exportId: job.id }}>
                  <code>{job.id}</code>
                  <span css={{ color: colors.muted, fontSize: font.size.sm }}>
                    {t('started', { when: formatStart(job.startedAt, language) })}
                  </span>
                </IntentLink>
              </li>
            ))}
          </ul>
        </>
      )}
      <p css={{ marginTop: space(6) }}>
        <IntentLink intent={{ type: 'HOME.REQUESTED' }} css={buttonStyles('secondary')}>
          {t('backToHome')}
        </IntentLink>
      </p>
    </Card>
  );
}
