import { useEffect, useRef, useState } from 'react';
import { useIsMutating, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { precheckAfter, type Write } from './writes.ts';

/**
 * A pre-check: a question asked of the server before an action ("can these parcels be packed?"). The
 * rule every screen gets from this hook: a mutation's success never triggers a stale pre-check.
 *
 * - Its key starts with 'precheck', outside every domain prefix, so a mutation's
 *   `invalidateQueries({ queryKey: ['parcels'] })` never asks it again: after the pack is created, the
 *   same question would be refused ("not in the warehouse") and shown on top of the success.
 * - It does not run while a mutation is in flight. A write of data it reads (lib/writes.ts: a new default
 *   address for the packing check) asks it again at once; any other write freezes it for the inputs it
 *   had (the action it checked is done), and it runs again only when the user changes the inputs.
 * - Its call must be silent (no Tip): a refusal is shown inline by the screen from `error`.
 */
export function usePrecheck<T>({ key, fn, enabled }: { key: QueryKey; fn: () => Promise<T>; enabled: boolean }) {
  const qc = useQueryClient();
  const mutating = useIsMutating() > 0;
  const sig = JSON.stringify(key);
  const [frozenSig, setFrozenSig] = useState<string | null>(null);
  const sigRef = useRef(sig);
  sigRef.current = sig;
  const keyRef = useRef(key);
  keyRef.current = key;
  useEffect(
    () =>
      qc.getMutationCache().subscribe((e) => {
        if (e.type !== 'updated' || e.action.type !== 'success') return;
        const write = e.mutation.meta?.write as Write | undefined;
        if (precheckAfter(write, String(keyRef.current[0])) === 'refresh') {
          setFrozenSig(null);
          void qc.invalidateQueries({ queryKey: ['precheck', ...keyRef.current] });
        } else setFrozenSig(sigRef.current);
      }),
    [qc],
  );
  const frozen = frozenSig === sig;
  return useQuery({
    queryKey: ['precheck', ...key],
    queryFn: fn,
    enabled: enabled && !mutating && !frozen,
    staleTime: Infinity,
    refetchOnMount: false,
    retry: false,
  });
}
