import fs from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

/** The functions with the most self time in the V8 CPU profiles of a directory (written by --cpu-prof). */
export function summarizeProfiles(dir: string, top = 25): string {
  const self = new Map<string, number>();
  let total = 0;
  for (const f of fs.readdirSync(dir).filter((x) => x.endsWith('.cpuprofile'))) {
    const prof = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { nodes: ProfileNode[] };
    for (const n of prof.nodes) {
      const hits = n.hitCount ?? 0;
      if (!hits) continue;
      const url = n.callFrame.url
        .replace(/^file:\/\//, '')
        .replace(/.*node_modules\//, 'nm/')
        .replace(/.*\/apps\//, 'apps/')
        .replace(/.*\/packages\//, 'packages/');
      const key = `${n.callFrame.functionName || '(anonymous)'}  ${url}${url ? `:${n.callFrame.lineNumber + 1}` : ''}`;
      self.set(key, (self.get(key) ?? 0) + hits);
      total += hits;
    }
  }
  const rows = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
  return rows.map(([k, v]) => `${((v / total) * 100).toFixed(1).padStart(5)}%  ${k}`).join('\n');
}
