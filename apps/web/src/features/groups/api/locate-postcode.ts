import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

/**
 * A Singapore postcode's point, through the groups module's geocoding provider (offline postal sectors or
 * OneMap): getGroupListAll answers the point it measured from as `origin`. An unknown postcode is refused
 * with its coded message.
 */
export async function locatePostcode(postcode: string): Promise<{ lat: number; lng: number } | null> {
  const r = await api.call(contract.groups.getGroupListAll, { postcode });
  return r.origin;
}
