import { describe, expect, it } from 'vitest';
import { Code, httpStatusFor, isBackNavigationCode } from './codes.ts';
import { codeMessages } from './messages.ts';

describe('code table', () => {
  it('every code is unique and has a message in both languages', () => {
    const values = Object.values(Code);
    expect(new Set(values).size).toBe(values.length);
    for (const name of Object.keys(Code) as (keyof typeof Code)[]) {
      expect(codeMessages[name].en, name).toBeTruthy();
      expect(codeMessages[name].zh_CN, name).toBeTruthy();
    }
  });

  it('only "gone or forbidden" codes make the client go back', () => {
    const back = Object.entries(Code)
      .filter(([, v]) => isBackNavigationCode(v))
      .map(([k]) => k);
    expect(back.sort()).toEqual(['FORBIDDEN', 'OBJECT_NOT_FOUND']);
  });

  it('maps the HTTP statuses of the protocol', () => {
    expect(httpStatusFor(Code.LOGIN_REQUIRED)).toBe(401);
    expect(httpStatusFor(Code.PATH_NOT_FOUND)).toBe(404);
    expect(httpStatusFor(Code.INTERNAL)).toBe(500);
    expect(httpStatusFor(Code.BAD_CREDENTIALS)).toBe(200);
  });
});
