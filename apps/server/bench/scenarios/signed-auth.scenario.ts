import { contract } from '@pinyou/contract';
import { signedCall, type Scenario } from '../scenario.ts';

export const scenario: Scenario<{ token: string }> = {
  name: 'signed + logged-in authInfo',
  description: 'Everything above plus the session lookup and the user read',
  order: 30,
  async setup(server) {
    const res = await server.call(contract.account.appletLogin, { code: 'sandbox:bench-user' });
    if (res.code !== 0) throw new Error(`login for the bench user failed: ${res.code} ${res.msg}`);
    return { token: res.data.token as string };
  },
  request: (state, server) => signedCall(contract.account.authInfo, server, {}, state.token),
};

/** The same on PostgreSQL: the yardstick of the PostgreSQL list scenarios. */
export const scenarios = [scenario, { ...scenario, name: 'signed + logged-in authInfo (pg)', database: 'postgres' as const }];
