import { Button, Form, Input, Switch, TextArea, Toast } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import { PhoneField } from '../../../components/fields/phone-field.tsx';
import { limits, patterns, type Address } from '@pinyou/contract';
import { useSaveAddress } from '../api/save-address.ts';

interface Values {
  receiver: string;
  phone: string;
  district: string;
  address: string;
  postcode: string;
  is_default: boolean;
}

/** Add or edit an address with the spec §5 checks before anything is sent. */
export function AddressForm({ initial, onSaved }: { initial?: Address; onSaved: (a: Address) => void }) {
  const { t } = useTranslation();
  const save = useSaveAddress();
  const onFinish = async (v: Values) => {
    const saved = await save.mutateAsync({ ...v, id: initial?.id, is_default: v.is_default });
    Toast.show({ icon: 'success', content: t('common.saved') });
    onSaved(saved);
  };
  return (
    <Form
      layout="horizontal"
      initialValues={initial ?? { is_default: false }}
      onFinish={(v) => void onFinish(v as Values).catch(() => undefined)}
      footer={
        <Button block type="submit" color="primary" size="large" loading={save.isPending}>
          {t('common.save')}
        </Button>
      }
    >
      <Form.Item name="receiver" label={t('address.receiver')} rules={[{ required: true, message: t('address.receiverRequired') }]}>
        <Input placeholder={t('address.receiverPh')} maxLength={40} clearable />
      </Form.Item>
      <PhoneField name="phone" label={t('address.phone')} placeholder="8xxxxxxx / 9xxxxxxx" />
      <Form.Item name="district" label={t('address.district')} rules={[{ required: true, message: t('address.districtRequired') }]}>
        <Input placeholder={t('address.districtPh')} maxLength={60} clearable />
      </Form.Item>
      <Form.Item name="address" label={t('address.detail')} rules={[{ required: true, message: t('address.detailRequired') }]}>
        <TextArea placeholder={t('address.detailPh')} maxLength={limits.textAreaMax} showCount autoSize />
      </Form.Item>
      <Form.Item
        name="postcode"
        label={t('address.postcode')}
        rules={[
          { required: true, message: t('rules.postcode') },
          { pattern: patterns.postcode, message: t('rules.postcode') },
        ]}
      >
        <Input placeholder="520201" type="tel" maxLength={6} clearable />
      </Form.Item>
      <Form.Item name="is_default" label={t('address.setDefault')} childElementPosition="right" valuePropName="checked">
        <Switch />
      </Form.Item>
    </Form>
  );
}
