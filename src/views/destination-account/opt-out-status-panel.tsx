/**
 * The opt-out status panel of the destination page (spec §2): shown when the machine says so
 * (feature on, login active, state not neverOptedOut). It explains the closure in one sentence and
 * leads to the opt-out view, where the closure can be reviewed or cancelled.
 */
import { css } from '@emotion/react';
import { destinationScreenWords } from '../../../contract/words/en/destination.ts';
import { optOutWords } from '../../../contract/words/en/opt-out.ts';
import { useWords } from '../../words/use-words';
import { IntentLink } from '../../portal/intent-link';
import { Button } from '../../ui';
import { colors, font, radii, space, mediaUp } from '../../theme/theme';
import { brand } from '../../config/brand';
import { sameData, usePortalCan, usePortalSelector, usePortalSend } from '../../portal/portal-context';
import { selectOptOut } from '../../../machines/index.ts';
import { explainOptOut } from '../opt-out-info/opt-out-explanations';

const panel = css`
  display: grid;
  gap: ${space(3)};
  margin: 0 0 ${space(6)};
  padding: ${space(4)} ${space(5)};
  border-radius: ${radii.md};
  border: 1px solid ${colors.primarySoftBorder};
  border-left: 4px solid ${colors.warning};
  background: ${colors.warningSoft};
  ${mediaUp('md')} {
    grid-template-columns: minmax(0, 1fr) auto;
    align-items: center;
  }
  h2 {
    font-size: ${font.size.lg};
    margin: 0 0 ${space(1)};
  }
  p {
    margin: 0;
  }
`;

const actions = css`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(3)};
  align-items: center;
`;

export function OptOutStatusPanel() {
  const optOut = usePortalSelector(selectOptOut, sameData);
  const mayCancel = usePortalCan({ type: 'OPT_OUT.CANCEL_REQUESTED' });
  const send = usePortalSend();
  const t = useWords(destinationScreenWords);
  const o = useWords(optOutWords);
  if (!optOut.infoState) return null;
  const explanation = explainOptOut(optOut.infoState, { providerName: brand.providerName, deadline: optOut.deadline }, o);

  return (
    <section css={panel} aria-labelledby="opt-out-panel-title">
      <div>
        <h2 id="opt-out-panel-title">{explanation.title}</h2>
        <p>
          {explanation.summary} {explanation.paragraphs[1]}
        </p>
      </div>
      <div css={actions}>
        {optOut.reviewable && <IntentLink intent={{ type: 'OPT_OUT.REVIEW_REQUESTED' }}>{t('reviewClosure')}</IntentLink>}
        {mayCancel && (
          <Button variant="secondary" onClick={() => send({ type: 'OPT_OUT.CANCEL_REQUESTED' })}>
            {t('cancelClosure')}
          </Button>
        )}
      </div>
    </section>
  );
}
