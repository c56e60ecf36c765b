import fs from 'node:fs';

/*
 * CPU time spent by the server's process and by PostgreSQL's processes while a scenario runs, read from /proc
 * (Linux). On this 2-core machine the load generator, the server and the database share the cores, so a run's
 * req/s moves a lot between runs of the same code; the CPU each request costs the server and the database moves
 * far less, and is what a change to a hot path shows first.
 */

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux this runs on

/** user + system ticks of a process (all its threads), or null where /proc has no such process. */
function ticksOf(pid: number | string): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces; the fields after it are space-separated.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** Ticks of every process named `postgres` (backends, WAL writer, checkpointer) by pid. */
function postgresTicks(): Map<string, number> {
  const out = new Map<string, number>();
  if (!fs.existsSync('/proc/self/stat')) return out;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let comm: string;
    try {
      comm = fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    if (comm !== 'postgres') continue;
    const t = ticksOf(pid);
    if (t !== null) out.set(pid, t);
  }
  return out;
}

export interface CpuSnapshot {
  server: number | null;
  postgres: Map<string, number>;
  /** The bench's own process, the load generator (µs, user + system). */
  loadGenerator: number;
}

export function cpuSnapshot(serverPid: number | undefined): CpuSnapshot {
  const own = process.cpuUsage();
  return { server: serverPid ? ticksOf(serverPid) : null, postgres: postgresTicks(), loadGenerator: own.user + own.system };
}

/**
 * Milliseconds of CPU per request between two snapshots: the server's, PostgreSQL's (processes present at the
 * end; a backend that started during the run counts from zero) and the load generator's. Null where /proc could not tell.
 */
export function cpuPerRequest(
  before: CpuSnapshot,
  after: CpuSnapshot,
  requests: number,
): { server: number | null; postgres: number | null; loadGenerator: number | null } {
  if (requests <= 0) return { server: null, postgres: null, loadGenerator: null };
  const ms = (ticks: number) => (ticks * 1000) / TICKS_PER_SECOND / requests;
  const server = before.server !== null && after.server !== null ? ms(after.server - before.server) : null;
  let pg = 0;
  for (const [pid, t] of after.postgres) pg += t - (before.postgres.get(pid) ?? 0);
  const loadGenerator = (after.loadGenerator - before.loadGenerator) / 1000 / requests;
  return { server, postgres: after.postgres.size ? ms(pg) : null, loadGenerator };
}
