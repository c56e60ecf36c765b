import { Button, Dialog, Empty, List, Space, Tag, Toast } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation.ts';
import { useStrings } from '../../../lib/i18n.ts';
import { useAddressList } from '../../../lib/address-list.ts';
import { useDeleteAddress } from '../api/delete-address.ts';
import { useSetDefaultAddress } from '../api/set-default-address.ts';
import { loadGate } from '../../../components/query-state.tsx';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';

export default function AddressDetailScreen() {
  useStrings('address');
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const listQ = useAddressList();
  const { data } = listQ;
  const del = useDeleteAddress();
  const setDefault = useSetDefaultAddress();
  const a = data?.list.find((x) => x.id === id);
  const gate = loadGate(listQ);
  if (gate) return gate;
  if (!a) return <Empty description={t('address.gone')} />;
  const onDelete = async () => {
    if (!(await Dialog.confirm({ content: t('address.deleteConfirm'), confirmText: t('common.confirm'), cancelText: t('common.cancel') })))
      return;
    await del.mutateAsync(a.id).then(
      () => nav.navigateBack(paths.addressList),
      () => undefined,
    );
  };
  return (
    <div>
      <List>
        <List.Item extra={a.receiver}>{t('address.receiver')}</List.Item>
        <List.Item extra={a.phone}>{t('address.phone')}</List.Item>
        <List.Item extra={a.district}>{t('address.district')}</List.Item>
        <List.Item description={a.address}>{t('address.detail')}</List.Item>
        <List.Item extra={a.postcode}>{t('address.postcode')}</List.Item>
        <List.Item extra={a.is_default ? <Tag color="primary">{t('address.default')}</Tag> : null}>{t('address.setDefault')}</List.Item>
      </List>
      <div className="form-footer">
        <Space direction="vertical" block>
          <Button block color="primary" onClick={() => nav.navigateTo(paths.addressAdd, { id: a.id })}>
            {t('common.edit')}
          </Button>
          {!a.is_default && (
            <Button
              block
              color="primary"
              fill="outline"
              loading={setDefault.isPending}
              onClick={() =>
                void setDefault.mutateAsync(a.id).then(
                  () => Toast.show({ icon: 'success', content: t('common.saved') }),
                  () => undefined,
                )
              }
            >
              {t('address.setDefault')}
            </Button>
          )}
          <Button block color="danger" fill="outline" loading={del.isPending} onClick={() => void onDelete()}>
            {t('common.delete')}
          </Button>
        </Space>
      </div>
    </div>
  );
}
