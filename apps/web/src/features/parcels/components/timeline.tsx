import { Steps } from 'antd-mobile';

export interface TimelineEntry {
  title: string;
  description?: string;
  at?: string | null;
  done?: boolean;
}

const when = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')} ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};
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
