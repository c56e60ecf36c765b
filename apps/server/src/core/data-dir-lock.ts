import fs from 'node:fs';
import path from 'node:path';

export class DataDirInUseError extends Error {}

/** Lock files this process holds: a file naming our own pid that is not in here is a previous run's (pid reuse in containers). */
const held = new Set<string>();

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * One server per embedded-database folder: PGlite in two processes on one folder loses writes silently.
 * The lock is a file holding the owner's pid, created exclusively; a lock whose pid is gone (a killed
 * server) is stale and taken over, so a crash never blocks the next start.
 */
export function lockDataDir(dir: string): { release(): void; file: string } {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'pinyou.lock');
  for (let i = 0; i < 3; i++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, `${process.pid}\n`);
      fs.closeSync(fd);
      held.add(file);
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          held.delete(file);
          try {
            if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
          } catch {
            // already gone
          }
        },
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    let owner = NaN;
    try {
      owner = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
    } catch {
      continue; // removed meanwhile: try again
    }
    const ours = owner === process.pid;
    if (Number.isInteger(owner) && owner > 0 && (ours ? held.has(file) : alive(owner)))
      throw new DataDirInUseError(
        `The data folder ${dir} is in use by another Pinyou server (pid ${owner}). Stop that server first, or give this one its own DATA_DIR (or a DATABASE_URL).`,
      );
    // Stale (its process is gone) or unreadable: take it over.
    try {
      fs.unlinkSync(file);
    } catch {
      // someone else removed it first
    }
  }
  throw new DataDirInUseError(`Could not lock the data folder ${dir} (${file}); another server may be starting on it.`);
}
