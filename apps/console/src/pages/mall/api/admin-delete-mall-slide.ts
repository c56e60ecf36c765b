import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminDeleteMallSlide = (...a: CallArgs<typeof contract.mallAdmin.adminDeleteMallSlide>) =>
  call(contract.mallAdmin.adminDeleteMallSlide, ...a);
