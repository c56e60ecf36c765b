import { contract, type RequestInputOf } from '@pinyou/contract';
import { call } from '../../../api.ts';

export const getAuditList = (input: RequestInputOf<typeof contract.admin.auditList>) => call(contract.admin.auditList, input);
