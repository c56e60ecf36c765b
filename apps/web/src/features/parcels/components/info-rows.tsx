import type { ReactNode } from 'react';

/** Label / value lines inside a section. Empty values are skipped. */
export function InfoRows({ rows }: { rows: Array<[string, ReactNode] | null | false> }) {
  return (
    <div>
      {rows
        .filter((r): r is [string, ReactNode] => !!r && r[1] !== null && r[1] !== undefined && r[1] !== '')
        .map(([k, v]) => (
          <div className="copy-line" key={k}>
            <span className="k pc-k">{k}</span>
            <span className="v">{v}</span>
          </div>
        ))}
    </div>
  );
}
