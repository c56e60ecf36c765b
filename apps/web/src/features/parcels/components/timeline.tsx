import { formatDateTime } from '../../../lib/dates.ts';
import { Steps } from 'antd-mobile';

export interface TimelineEntry {
  title: string;
  description?: string;
  at?: string | null;
  done?: boolean;
}

/** Dates in the app's one format per language (lib/dates.ts). */
const when = (iso: string) => formatDateTime(iso);
export const formatTime = when;

/** A vertical timeline, newest last; entries not reached yet are greyed. */
export function Timeline({ entries, testId }: { entries: TimelineEntry[]; testId?: string }) {
  return (
    <Steps direction="vertical" current={entries.filter((e) => e.done !== false).length - 1} data-testid={testId}>
      {entries.map((e, i) => (
        <Steps.Step
          key={i}
          title={e.title}
          status={e.done === false ? 'wait' : 'finish'}
          description={[e.description, e.at ? when(e.at) : ''].filter(Boolean).join(' · ')}
        />
      ))}
    </Steps>
  );
}
