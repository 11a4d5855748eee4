/**
 * /destination-account (spec §2): 'Save your email data'. The customer picks where the data goes;
 * Other opens a credentials form. What is offered, every message, and whether Next is enabled all
 * come from the machine; this screen lays them out.
 */
import { css } from '@emotion/react';
import { destinationScreenWords } from '../../../contract/words/en/destination.ts';
import { useWords } from '../../words/use-words';
import { useErrorWords } from '../../words/use-error-words';
import { IntentLink } from '../../portal/intent-link';
import { Alert, ButtonRow, Card, PageHeading } from '../../ui';
import { colors, font, radii, space } from '../../theme/theme';
import { brand } from '../../config/brand';
import { usePortalSelector } from '../../portal/portal-context';
import {
  selectDaysRemaining,
  selectFieldErrors,
  selectIsBusy,
  selectOptOut,
  selectOptOutPanelShown,
  selectOtherForm,
} from '../../../machines/index.ts';
import { DestinationChoice } from './destination-choice';
import { OtherProviderForm } from './other-provider-form';
import { OptOutStatusPanel } from './opt-out-status-panel';
import { NextButton } from '../wizard-buttons';
import { useScreenHeading } from '../screen-headings';

const daysBadge = css`
  display: inline-flex;
  align-items: center;
  gap: ${space(2)};
  margin: 0 0 ${space(5)};
  padding: ${space(1.5)} ${space(3)};
  border-radius: ${radii.md};
  background: ${colors.primarySoft};
  svg {
    flex: none;
  }
  color: ${colors.primary};
  font-weight: ${font.weight.bold};
  font-size: ${font.size.sm};
`;

const note = css`
  margin: ${space(6)} 0 0;
  color: ${colors.muted};
  font-size: ${font.size.sm};
`;

/** Decorative: the sentence beside it says it all. */
function ClockIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M8 4.5V8l2.5 1.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

export default function DestinationAccountScreen() {
  const heading = useScreenHeading('destinationAccount');
  const days = usePortalSelector(selectDaysRemaining);
  const panelShown = usePortalSelector(selectOptOutPanelShown);
  const closureOffered = usePortalSelector((s) => selectOptOut(s).closureOffered);
  const otherActive = usePortalSelector((s) => selectOtherForm(s).active);
  const destinationError = usePortalSelector((s) => selectFieldErrors(s).destination ?? null);
  const busy = usePortalSelector(selectIsBusy);
  const t = useWords(destinationScreenWords);
  const error = useErrorWords();

  return (
    <Card as="section">
      <PageHeading lead={heading.lead}>{heading.title}</PageHeading>

      {days !== null && (
        <p css={daysBadge}>
          <ClockIcon />
          {t('daysLeft', { days: Math.max(0, days) })}
        </p>
      )}

      {panelShown && <OptOutStatusPanel />}

      {destinationError && <Alert tone="error">{error(destinationError)}</Alert>}

      <DestinationChoice />
      {otherActive && <OtherProviderForm />}

      <p css={note}>{t('addressNote', { provider: brand.providerName })}</p>
      {closureOffered && (
        <p css={note}>
          {t('nothingToKeep')} <IntentLink intent={{ type: 'OPT_OUT.REVIEW_REQUESTED' }}>{t('closeInstead')}</IntentLink>.
        </p>
      )}

      <ButtonRow next={<NextButton loading={busy} />} />
    </Card>
  );
}
