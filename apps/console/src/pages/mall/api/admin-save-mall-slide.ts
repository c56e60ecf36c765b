import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminSaveMallSlide = (...a: CallArgs<typeof contract.mallAdmin.adminSaveMallSlide>) =>
  call(contract.mallAdmin.adminSaveMallSlide, ...a);
