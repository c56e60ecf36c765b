import { expect, it } from 'vitest';
import { printReport, runAssistantEval } from './run-eval.ts';

/** The target of the assistant's evaluation set (npm run eval:assistant prints the table). */
const TARGET = 0.9;

it('answers the evaluation set: hit@1 and accuracy at least 90% in each language, no wrong price or state', async () => {
  const report = await runAssistantEval();
  const lines: string[] = [];
  printReport(report, (s) => lines.push(s));
  console.log(lines.join('\n'));
  for (const lang of ['en', 'zh_CN'] as const) {
    expect(report[lang].n).toBeGreaterThanOrEqual(100);
    expect(report[lang].hit1, `${lang} hit@1`).toBeGreaterThanOrEqual(TARGET);
    expect(report[lang].accuracy, `${lang} accuracy`).toBeGreaterThanOrEqual(TARGET);
    expect(report[lang].wrong, `${lang} answers stating a wrong price or state`).toBe(0);
  }
}, 300_000);
