import { contract } from '@pinyou/contract';
import { signedCall, type Scenario } from '../scenario.ts';

export const scenario: Scenario = {
  name: 'signed getSystemSetting',
  description: 'Rate limit, signature, nonce, validation and a settings read; no login',
  order: 20,
  request: (_state, server) => signedCall(contract.account.getSystemSetting, server),
};
