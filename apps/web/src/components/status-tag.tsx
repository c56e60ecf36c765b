import type { ReactNode } from 'react';

export type StatusTone = 'waiting' | 'action' | 'done' | 'danger' | 'neutral';

/**
 * A status word in a coloured pill, the same look for parcels, packs, bills, orders and groups. The
 * tone carries the meaning (action = the customer must act), the text carries the words; colours pass
 * WCAG AA on their background.
 */
export function StatusTag({ tone = 'neutral', children, testId }: { tone?: StatusTone; children: ReactNode; testId?: string }) {
  return (
    <span className={`status-tag ${tone}`} data-testid={testId}>
      {children}
    </span>
  );
}
