import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminWallet = (...a: CallArgs<typeof contract.walletAdmin.adminWallet>) => call(contract.walletAdmin.adminWallet, ...a);
