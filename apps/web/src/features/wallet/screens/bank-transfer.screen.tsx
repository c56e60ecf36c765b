import { useRef, useState } from 'react';
import { Button, ImageUploader, NoticeBar, TextArea, type ImageUploadItem } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation.ts';
import { AmountField } from '../../../components/fields/amount-field.tsx';
import { useStrings } from '../../../lib/i18n.ts';
import { formatMoney } from '../../../lib/money.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';
import { useWalletPage } from '../api/wallet-page.ts';
import { useCreateRecharge } from '../api/create-recharge.ts';
import { amountProblem } from '../amount.ts';
import { CopyLine } from '../components/copy-line.tsx';

/** Offline bank transfer: our bank details, the amount sent and a photo of the transfer voucher. */
export default function RechargeApplyScreen() {
  useStrings('wallet');
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const page = useWalletPage();
  const create = useCreateRecharge();
  const [amount, setAmount] = useState(params.get('amount') ?? '');
  const [remark, setRemark] = useState('');
  const [images, setImages] = useState<ImageUploadItem[]>([]);
  // The picked file stays on the device until submit: it goes in the same call as the top-up.
  const files = useRef(new Map<string, File>());
  const [errors, setErrors] = useState<{ amount?: string; voucher?: string }>({});
  const d = page.data;
  const days = d?.manual_review_working_days ?? 1;

  const submit = async () => {
    const problem = amountProblem(amount, d?.max_amount.amount_minor ?? 0);
    const file = images[0] ? files.current.get(images[0].url) : undefined;
    const next = {
      amount: problem
        ? t(problem.key, { max: problem.max !== undefined ? formatMoney(problem.max, d?.max_amount.currency ?? 'SGD') : '' })
        : undefined,
      voucher: file ? undefined : t('wallet.voucherRequired'),
    };
    setErrors(next);
    if (next.amount || next.voucher) return;
    const res = await create
      .mutateAsync({ amount: amount.trim(), method: 'offline', voucher: file, remark: remark.trim() || undefined })
      .catch(() => null);
    if (res) nav.redirectTo(paths.payDone, { kind: 'recharge', id: res.order.order_no });
  };

  return (
    <div>
      <NoticeBar content={t('wallet.apply.review', { days })} color="info" wrap />
      <div className="section">
        <div className="section-title">{t('wallet.apply.bank')}</div>
        <CopyLine label={t('wallet.apply.bankName')} value={d?.bank.name ?? ''} />
        <CopyLine label={t('wallet.apply.accountName')} value={d?.bank.account_name ?? ''} />
        <CopyLine label={t('wallet.apply.accountNo')} value={d?.bank.account_no ?? ''} testId="bank-account-no" />
      </div>
      <div className="section">
        <div className="section-title">{t('wallet.apply.amount')}</div>
        <AmountField
          value={amount}
          onChange={setAmount}
          error={errors.amount}
          label={t('wallet.apply.amount')}
          placeholder={t('wallet.amountPh')}
          testId="apply-amount"
          errorTestId="apply-amount-error"
        />
      </div>
      <div className="section">
        <div className="section-title">{t('wallet.apply.voucher')}</div>
        <ImageUploader
          value={images}
          onChange={setImages}
          maxCount={1}
          accept="image/png,image/jpeg,image/webp"
          upload={async (file) => {
            const url = URL.createObjectURL(file);
            files.current.set(url, file);
            setErrors((e) => ({ ...e, voucher: undefined }));
            return { url };
          }}
        />
        <div className="muted" style={{ marginTop: 6 }}>
          {t('wallet.apply.voucherHint')}
        </div>
        {errors.voucher && (
          <div className="field-error" data-testid="voucher-error">
            {errors.voucher}
          </div>
        )}
      </div>
      <div className="section">
        <div className="section-title">{t('wallet.apply.remark')}</div>
        <TextArea value={remark} onChange={setRemark} maxLength={140} showCount autoSize placeholder={t('wallet.apply.remarkPh')} />
      </div>
      <div className="form-footer">
        <Button block color="primary" size="large" loading={create.isPending} onClick={() => void submit()} data-testid="apply-submit">
          {t('wallet.apply.submit')}
        </Button>
      </div>
    </div>
  );
}
