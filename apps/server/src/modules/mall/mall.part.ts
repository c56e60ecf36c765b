import type { ServerModule } from '../module.ts';

/** One part of the mall module: its services and the handlers of the calls it answers. */
export interface MallPart<S> extends Omit<ServerModule, 'name' | 'handlers'> {
  services: S;
  handlers: { mall: Record<string, unknown>; mallAdmin: Record<string, unknown> };
}
