import { useEffect, useState } from 'react';
import { Button, Form, Input, TextArea, Toast } from 'antd-mobile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translation.ts';
import { PhoneField } from '../../../components/fields/phone-field.tsx';
import { contract, patterns, type RequestInputOf } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { useStrings } from '../../../lib/i18n.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';
import { clearLocationPick, peekLocationPick, saveLocationDraft } from '../../../lib/location-pick.ts';
import { useGroupDetail } from '../api/group-detail.ts';

type EditInput = RequestInputOf<typeof contract.groups.editGroup>;
const rule = (re: RegExp, message: string) => ({
  validator: async (_: unknown, v: string) => (re.test(v ?? '') ? undefined : Promise.reject(new Error(message))),
});

const OPENER = 'add-group';

/** The leader edits the group (name, contact, collection address). */
export default function AddGroupScreen() {
  useStrings('groups');
  const { t } = useTranslation();
  const g = useGroupDetail().data;
  const qc = useQueryClient();
  const save = useMutation({
    mutationFn: (i: EditInput) => api.call(contract.groups.editGroup, i),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['groups'] }),
  });
  const [form] = Form.useForm<EditInput>();
  // Back from choose-location: the form as it was, with the chosen address and postcode filled in.
  const [picked] = useState(() => peekLocationPick<EditInput>(OPENER)?.values ?? {});
  useEffect(() => clearLocationPick(OPENER), []);
  if (!g) return null;
  const { lat: _lat, lng: _lng, ...draft } = picked;
  const chooseOnMap = () => {
    const v = form.getFieldsValue();
    saveLocationDraft(OPENER, v);
    nav.navigateTo(paths.chooseLocation, {
      for: OPENER,
      postcode: String(v.postcode ?? ''),
      address: String(v.address ?? ''),
      lat: g.lat,
      lng: g.lng,
    });
  };
  const onFinish = async (v: EditInput) => {
    // The exact place chosen on the map goes with the address; without one the server uses the postcode's point.
    const point = picked.lat !== undefined && picked.lng !== undefined ? { lat: picked.lat, lng: picked.lng } : {};
    if (await save.mutateAsync({ ...v, ...point, remark: v.remark ?? '' }).catch(() => null)) {
      Toast.show({ icon: 'success', content: t('groups.edit') });
      nav.navigateBack();
    }
  };
  return (
    <div className="page">
      <Form
        form={form}
        initialValues={{
          name: g.name,
          leader_name: g.leader_name,
          phone: g.phone,
          address: g.address,
          floor: g.floor,
          unit: g.unit,
          postcode: g.postcode,
          remark: g.remark,
          ...draft,
        }}
        onFinish={(v) => void onFinish(v as EditInput)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={save.isPending}>
            {t('groups.submit')}
          </Button>
        }
      >
        <Form.Item name="name" label={t('groups.myGroup')}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="leader_name" label={t('groups.leaderName')} rules={[rule(patterns.leaderName, t('groups.leaderName'))]}>
          <Input maxLength={30} />
        </Form.Item>
        <PhoneField name="phone" label={t('groups.phone')} rule="phone8" />
        <Form.Item name="address" label={t('groups.address')} rules={[{ required: true }]}>
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item name="floor" label={t('groups.floor')} rules={[{ required: true }]}>
          <Input maxLength={10} />
        </Form.Item>
        <Form.Item name="unit" label={t('groups.unit')} rules={[{ required: true }]}>
          <Input maxLength={10} />
        </Form.Item>
        <Form.Item name="postcode" label={t('groups.postcode')} rules={[rule(patterns.postcode, t('groups.postcode'))]}>
          <Input inputMode="numeric" maxLength={6} data-testid="edit-postcode" />
        </Form.Item>
        <Form.Item>
          <Button block fill="outline" color="primary" onClick={chooseOnMap} data-testid="edit-choose-location">
            {t('groups.location.choose')}
          </Button>
        </Form.Item>
        <Form.Item name="remark" label={t('groups.remark')}>
          <TextArea maxLength={140} />
        </Form.Item>
      </Form>
    </div>
  );
}
