/**
 * The confirmation before ending forwarding's daily copies (decision 0032): once stopped, they cannot
 * be started again, so the page asks first. What was copied stays; the owner may still copy new mail
 * by hand while the account is open.
 */
import { ConfirmDialog } from '../../ui';
import { usePortalSend } from '../../portal/portal-context';
import { useStatusWords } from './use-status-words';

export function StopForwardingDialog({ busy }: { busy: boolean }) {
  const send = usePortalSend();
  const t = useStatusWords();
  return (
    <ConfirmDialog
      title={t('stopCopyingTitle')}
      keepLabel={t('keepCopying')}
      confirmLabel={t('confirmStopCopying')}
      onKeep={() => send({ type: 'FORWARDING.STOP_DISMISSED' })}
      onConfirm={() => send({ type: 'FORWARDING.STOP_CONFIRMED' })}
      busy={busy}
    >
      <p>{t('stopCopyingBody')}</p>
    </ConfirmDialog>
  );
}
