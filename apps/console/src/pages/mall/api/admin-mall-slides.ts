import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminMallSlides = (...a: CallArgs<typeof contract.mallAdmin.adminMallSlides>) =>
  call(contract.mallAdmin.adminMallSlides, ...a);
