import { useSearchParams } from 'react-router';
import { useStrings } from '../../../lib/i18n.ts';
import { AddressForm } from '../../../features/address/components/address-form.tsx';
import { useAddressList } from '../../../features/address/api/address-list.ts';
import { nav } from '../../../lib/nav.ts';

/** Add an address, or edit one with ?id=. */
export default function AddressAddScreen() {
  useStrings('address');
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const { data, isLoading } = useAddressList();
  const initial = id ? data?.list.find((a) => a.id === id) : undefined;
  if (id && isLoading) return null;
  return <AddressForm key={initial?.id ?? 'new'} initial={initial} onSaved={() => nav.navigateBack('pages/sub/address-list')} />;
}
