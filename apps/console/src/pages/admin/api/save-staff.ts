import { contract, type RequestInputOf } from '@pinyou/contract';
import { call } from '../../../api.ts';

export const createStaff = (input: RequestInputOf<typeof contract.admin.staffCreate>) => call(contract.admin.staffCreate, input);
export const updateStaff = (input: RequestInputOf<typeof contract.admin.staffUpdate>) => call(contract.admin.staffUpdate, input);
