import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminHolidayDelete = (...a: CallArgs<typeof contract.parcelsAdmin.adminHolidayDelete>) =>
  call(contract.parcelsAdmin.adminHolidayDelete, ...a);
