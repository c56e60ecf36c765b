import { useEffect, useState } from 'react';
import { Button, Checkbox, Form, Input, TextArea, Toast } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import { PhoneField } from '../../../components/fields/phone-field.tsx';
import { patterns } from '@pinyou/contract';
import { useStrings } from '../../../lib/i18n.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';
import { clearLocationPick, peekLocationPick, saveLocationDraft } from '../../../lib/location-pick.ts';
import { useApplyLeader, type ApplyLeaderInput } from '../api/apply-leader.ts';

const rule = (re: RegExp, message: string) => ({
  validator: async (_: unknown, v: string) => (re.test(v ?? '') ? undefined : Promise.reject(new Error(message))),
});

const OPENER = 'apply-leader';

/** Apply to become a leader (§5: name letters/digits, phone 8 digits, address, floor, unit, postcode, rules ticked). */
export default function ApplyLeaderScreen() {
  useStrings('groups');
  const { t } = useTranslation();
  const apply = useApplyLeader();
  const [form] = Form.useForm<ApplyLeaderInput>();
  // Back from choose-location: the form as it was, with the chosen address and postcode filled in.
  const [initial] = useState(() => {
    const { lat: _lat, lng: _lng, ...values } = peekLocationPick<ApplyLeaderInput>(OPENER)?.values ?? {};
    return values;
  });
  useEffect(() => clearLocationPick(OPENER), []);
  const chooseOnMap = () => {
    const v = form.getFieldsValue();
    saveLocationDraft(OPENER, v);
    nav.navigateTo(paths.chooseLocation, { for: OPENER, postcode: String(v.postcode ?? ''), address: String(v.address ?? '') });
  };
  const onFinish = async (v: ApplyLeaderInput) => {
    if (await apply.mutateAsync({ ...v, remark: v.remark ?? '' }).catch(() => null)) {
      Toast.show({ icon: 'success', content: t('groups.applied') });
      nav.navigateBack();
    }
  };
  return (
    <div className="page">
      <Form
        form={form}
        initialValues={initial}
        onFinish={(v) => void onFinish(v as ApplyLeaderInput)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={apply.isPending} data-testid="apply-submit">
            {t('groups.submit')}
          </Button>
        }
      >
        <Form.Header>{t('groups.applyTitle')}</Form.Header>
        <Form.Item name="leader_name" label={t('groups.leaderName')} rules={[rule(patterns.leaderName, t('groups.leaderName'))]}>
          <Input maxLength={30} data-testid="apply-name" />
        </Form.Item>
        <PhoneField name="phone" label={t('groups.phone')} rule="phone8" testId="apply-phone" />
        <Form.Item name="address" label={t('groups.address')} rules={[{ required: true }]}>
          <Input maxLength={120} data-testid="apply-address" />
        </Form.Item>
        <Form.Item name="floor" label={t('groups.floor')} rules={[{ required: true }]}>
          <Input maxLength={10} data-testid="apply-floor" />
        </Form.Item>
        <Form.Item name="unit" label={t('groups.unit')} rules={[{ required: true }]}>
          <Input maxLength={10} data-testid="apply-unit" />
        </Form.Item>
        <Form.Item name="postcode" label={t('groups.postcode')} rules={[rule(patterns.postcode, t('groups.postcode'))]}>
          <Input inputMode="numeric" maxLength={6} data-testid="apply-postcode" />
        </Form.Item>
        <Form.Item>
          <Button block fill="outline" color="primary" onClick={chooseOnMap} data-testid="apply-choose-location">
            {t('groups.location.choose')}
          </Button>
        </Form.Item>
        <Form.Item name="remark" label={t('groups.remark')}>
          <TextArea maxLength={140} />
        </Form.Item>
        <Form.Item
          name="rules_accepted"
          valuePropName="checked"
          rules={[{ validator: async (_, v) => (v ? undefined : Promise.reject(new Error(t('groups.rules')))) }]}
        >
          <Checkbox data-testid="apply-rules">{t('groups.rules')}</Checkbox>
        </Form.Item>
      </Form>
    </div>
  );
}
