import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminHolidaySave = (...a: CallArgs<typeof contract.parcelsAdmin.adminHolidaySave>) =>
  call(contract.parcelsAdmin.adminHolidaySave, ...a);
