/**
 * One case of the assistant's evaluation: the question, what must answer it (a section "slug#n" of the
 * seeded articles, several separated by |; "tool:NAME"; or "none"), the facts the answer must contain
 * (separated by |), and words it must not contain (a wrong state, separated by |).
 */
export type EvalCase = [question: string, expect: string, facts: string, forbid?: string];
