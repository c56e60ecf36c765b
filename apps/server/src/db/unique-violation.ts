/**
 * Whether a database error (or the error it wraps: drizzle puts the driver's error in `cause`) is a
 * unique-constraint violation (SQLSTATE 23505), optionally of a constraint whose name contains `constraint`.
 */
export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  let c = e as { code?: string; constraint?: string; cause?: unknown } | undefined;
  for (let i = 0; i < 4 && c; i++) {
    if (c.code === '23505') return !constraint || (c.constraint ?? '').includes(constraint);
    c = c.cause as typeof c;
  }
  return false;
}
