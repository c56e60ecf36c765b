import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminHolidayList = (...a: CallArgs<typeof contract.parcelsAdmin.adminHolidayList>) =>
  call(contract.parcelsAdmin.adminHolidayList, ...a);
