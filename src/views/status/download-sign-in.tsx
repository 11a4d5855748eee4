/**
 * A completed export's file, for a visitor the page has no link for: only the account that made the
 * export may download it (docs/decisions/0021-owner-bound-downloads.md), so the page says so and
 * offers the sign-in that brings them back here with the download. The notification mail quotes the
 * button's label (server/notify/export-mail.ts, PORTAL_LABELS).
 */
import { css } from '@emotion/react';
import { selectDownloadSignIn } from '../../../machines/index.ts';
import { sameData, usePortalSelector, usePortalSend } from '../../portal/portal-context';
import { colors, font, radii, space } from '../../theme/theme';
import { Button } from '../../ui';
import { useStatusWords } from './use-status-words';

const box = css`
  margin: 0 0 ${space(5)};
  padding: ${space(4)};
  border: 1px solid ${colors.border};
  border-radius: ${radii.md};
  h2 {
    margin: 0 0 ${space(2)};
    font-size: ${font.size.md};
  }
  p {
    margin: 0 0 ${space(3)};
  }
`;

export function DownloadSignIn() {
  const send = usePortalSend();
  const t = useStatusWords();
  const offer = usePortalSelector(selectDownloadSignIn, sameData);
  if (!offer) return null;
  return (
    <section css={box} aria-labelledby="download-sign-in-heading">
      <h2 id="download-sign-in-heading">{t('fileReady')}</h2>
      <p>{offer.signedInAs ? t('otherAccount', { name: offer.signedInAs }) : t('ownerOnly')}</p>
      <Button loading={offer.leaving} onClick={() => send({ type: 'STATUS.DOWNLOAD_SIGN_IN_REQUESTED' })}>
        {t('signInToDownload')}
      </Button>
    </section>
  );
}
