import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { call, staffToken } from './api.ts';

/** The staff member of this console session (shared with the shell's query, so one request). */
export function useMe() {
  return useQuery({ queryKey: ['me'], queryFn: () => call(contract.admin.adminMe, {}, { quiet: true }), enabled: !!staffToken.get() });
}

/** Whether a role sees a page: administrators see every page; others the pages that name their role. */
export const roleSees = (role: string | undefined, roles: readonly string[] | undefined) =>
  role === 'admin' || !roles || (!!role && roles.includes(role));
