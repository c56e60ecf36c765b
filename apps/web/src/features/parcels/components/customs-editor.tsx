import { Button, Form, Popup, Toast } from 'antd-mobile';
import type { CustomsCategory, Parcel } from '@pinyou/contract';
import { useTranslation } from '../../../lib/translation.ts';
import { useEditCustoms } from '../api/edit-customs.ts';
import { CustomsFields } from './customs-fields.tsx';

/** A popup where the owner fills in (or corrects) a parcel's customs line before it is packed. */
export function CustomsEditor({ parcel, visible, onClose }: { parcel: Parcel; visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const edit = useEditCustoms();
  const onSave = async (v: { customs_description: string; customs_category: CustomsCategory[] }) => {
    await edit.mutateAsync({ id: parcel.id, customs_description: v.customs_description.trim(), customs_category: v.customs_category[0] });
    Toast.show({ icon: 'success', content: t('common.saved') });
    onClose();
  };
  return (
    <Popup visible={visible} onMaskClick={onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
      <Form
        layout="vertical"
        initialValues={{
          customs_description: parcel.customs_description,
          customs_category: parcel.customs_category ? [parcel.customs_category] : [],
        }}
        onFinish={(v) => void onSave(v as { customs_description: string; customs_category: CustomsCategory[] }).catch(() => undefined)}
        footer={
          <Button block type="submit" color="primary" loading={edit.isPending} data-testid="customs-save">
            {t('common.save')}
          </Button>
        }
      >
        <Form.Header>{t('parcels.customs.title')}</Form.Header>
        <CustomsFields required />
      </Form>
    </Popup>
  );
}
