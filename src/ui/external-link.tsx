import type { AnchorHTMLAttributes, ReactNode } from 'react';

/**
 * A link that opens another site in a new tab, saying so to screen readers, without handing the
 * portal's window to the other site.
 */
export function ExternalLink({ children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { children: ReactNode }) {
  return (
    <a target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
      <span css={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0,0,0,0)' }}> (opens in a new tab)</span>
    </a>
  );
}
