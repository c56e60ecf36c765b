import { Code, type CodeName } from '@pinyou/contract';

/** A coded failure a service throws; the one error handler turns it into the envelope in the caller's language. */
export class DomainError extends Error {
  readonly code: number;
  constructor(
    override readonly name: CodeName,
    readonly params: Record<string, unknown> = {},
    readonly data: unknown = null,
  ) {
    super(name);
    this.code = Code[name];
  }
}

export const fail = (name: CodeName, params?: Record<string, unknown>, data?: unknown): never => {
  throw new DomainError(name, params, data);
};

/** A validation failure with a rule key (messages.ts) or a ready text. */
export class ValidationError extends Error {
  constructor(
    readonly rule: string,
    readonly params: Record<string, unknown> = {},
  ) {
    super(rule);
  }
}
