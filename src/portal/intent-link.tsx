/**
 * A link whose click is an intent the machine decides (HOME.REQUESTED, SUPPORT.OPENED …). Its href
 * comes from the route table, so opening it in a new tab or copying its address still works; a plain
 * click sends the event instead of navigating, and the URL follows the machine.
 */
import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { intentHref, type NavigationIntent } from '../../machines/index.ts';
import { usePortalSend } from './portal-context';

export type IntentLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'onClick'> & {
  intent: NavigationIntent;
  children: ReactNode;
};

/** A click the browser should handle itself: another button, or a modifier asking for a new tab or window. */
const opensElsewhere = (event: MouseEvent) => event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

export function IntentLink({ intent, children, ...rest }: IntentLinkProps) {
  const send = usePortalSend();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (opensElsewhere(event)) return;
    event.preventDefault();
    send(intent);
  };
  return (
    <a href={intentHref(intent)} onClick={onClick} {...rest}>
      {children}
    </a>
  );
}
