import { useQuery } from '@tanstack/react-query';
import { contract, type EndpointDef } from '@pinyou/contract';
import { call, staffToken } from './api.ts';

/** The staff member of this console session (shared with the shell's query, so one request). */
export function useMe() {
  return useQuery({ queryKey: ['me'], queryFn: () => call(contract.admin.adminMe, {}, { quiet: true }), enabled: !!staffToken.get() });
}

/** Whether a role sees a page: administrators see every page; others the pages that name their role. */
export const roleSees = (role: string | undefined, roles: readonly string[] | undefined) =>
  role === 'admin' || !roles || (!!role && roles.includes(role));

/**
 * Whether the staff member's role may make a call, by the contract's roles for it (the server's own rule):
 * a page shows the parts its role may use and hides the rest, rather than show a refusal.
 */
export function useCan() {
  const me = useMe();
  return (def: EndpointDef) =>
    !!me.data && (me.data.role === 'admin' || !def.roles || (def.roles as readonly string[]).includes(me.data.role));
}
