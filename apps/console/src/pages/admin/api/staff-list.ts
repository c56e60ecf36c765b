import { useQuery } from '@tanstack/react-query';
import { contract, type RequestInputOf } from '@pinyou/contract';
import { call } from '../../../api.ts';

export const staffListKey = ['staffList'] as const;
export const getStaffList = (input: RequestInputOf<typeof contract.admin.staffList>) => call(contract.admin.staffList, input);
/** Every staff account (the audit log's filter lists them by name). */
export const useAllStaff = () => useQuery({ queryKey: [...staffListKey, 'all'], queryFn: () => getStaffList({ page: 1, page_size: 100 }) });
