/**
 * The confirmation before cancelling an account closure (spec §1: cancelling cannot be undone).
 * Shown while the machine waits for the answer; Escape, the close button and "Keep" all dismiss.
 */
import { ConfirmDialog } from '../../ui';
import { usePortalSend } from '../../portal/portal-context';
import { useWords } from '../../words/use-words';
import { optOutWords } from '../../../contract/words/en/opt-out.ts';

export function CancelClosureDialog() {
  const send = usePortalSend();
  const t = useWords(optOutWords);
  return (
    <ConfirmDialog
      title={t('cancelTitle')}
      keepLabel={t('keepClosure')}
      confirmLabel={t('confirmCancel')}
      onKeep={() => send({ type: 'OPT_OUT.CANCEL_DISMISSED' })}
      onConfirm={() => send({ type: 'OPT_OUT.CANCEL_CONFIRMED' })}
    >
      <p>
        {t('cancelStays')} <strong>{t('cancelFinal')}</strong> {t('cancelWhy')}
      </p>
    </ConfirmDialog>
  );
}
