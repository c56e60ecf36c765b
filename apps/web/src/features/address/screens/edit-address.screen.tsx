import { useSearchParams } from 'react-router';
import { useStrings } from '../../../lib/i18n.ts';
import { AddressForm } from '../components/address-form.tsx';
import { useAddressList } from '../../../lib/address-list.ts';
import { loadGate } from '../../../components/query-state.tsx';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';

/** Add an address, or edit one with ?id=. */
export default function AddressAddScreen() {
  useStrings('address');
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const listQ = useAddressList();
  const { data } = listQ;
  const initial = id ? data?.list.find((a) => a.id === id) : undefined;
  // Editing needs the address: never an empty form in its place when the load failed.
  const gate = id ? loadGate(listQ) : null;
  if (gate) return gate;
  return <AddressForm key={initial?.id ?? 'new'} initial={initial} onSaved={() => nav.navigateBack(paths.addressList)} />;
}
