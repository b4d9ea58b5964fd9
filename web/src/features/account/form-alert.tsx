import type { ReactNode } from 'react';
import './account.css';

/**
 * A message that stays on the page (toasts vanish after 3 s): verification results, the demo
 * login, rate limits. Errors interrupt screen readers (role=alert); the rest are polite.
 */
export function FormAlert({
  tone,
  children,
}: {
  tone: 'success' | 'error' | 'info';
  children: ReactNode;
}) {
  return (
    <div className="form-alert" data-tone={tone} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
