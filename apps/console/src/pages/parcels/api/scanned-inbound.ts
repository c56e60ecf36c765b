import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const scannedInbound = (...a: CallArgs<typeof contract.parcels.scannedInbound>) => call(contract.parcels.scannedInbound, ...a);
