import { Button, Image, Input, Space, Tag, Typography, Upload } from 'antd';
import { mallOrderStatuses, mallSources, type MallOrderStatus, type MallSource } from '@pinyou/contract';
import { defineStrings, useConsoleLang, useT } from '../../i18n.ts';
import { roleSees, useMe } from '../../staff.ts';
import { adminUploadImage } from '../admin/api/admin-upload-image.ts';

/** Words every mall page shares: sources, order statuses, common buttons. */
export const mallStrings = defineStrings({
  en: {
    jd: 'JD',
    taobao: 'Taobao',
    '1688': '1688',
    pdd: 'PDD',
    self: 'Our shop',
    waiting_pay: 'Unpaid',
    waiting_ship: 'Paid, to buy',
    shipped: 'Shipped to warehouse',
    packed: 'Packed',
    done: 'Done',
    cancelled: 'Cancelled',
    cancel_pending: 'Cancel requested',
    all: 'All',
    source: 'Source',
    status: 'Status',
    save: 'Save',
    saved: 'Saved',
    cancel: 'Cancel',
    edit: 'Edit',
    new: 'New',
    delete: 'Delete',
    upload: 'Upload image',
    imageUrl: 'Image URL (https://… or /uploads/…)',
    add: 'Add',
    remove: 'Remove',
    on: 'On',
    off: 'Off',
    loadFailed: 'Could not load: {msg}',
    retry: 'Retry',
  },
  zh_CN: {
    jd: '京东',
    taobao: '淘宝',
    '1688': '1688',
    pdd: '拼多多',
    self: '自营商城',
    waiting_pay: '待付款',
    waiting_ship: '已付款待采购',
    shipped: '已发往仓库',
    packed: '已打包',
    done: '已完成',
    cancelled: '已取消',
    cancel_pending: '待确认取消',
    all: '全部',
    source: '来源',
    status: '状态',
    save: '保存',
    saved: '已保存',
    cancel: '取消',
    edit: '编辑',
    new: '新建',
    delete: '删除',
    upload: '上传图片',
    imageUrl: '图片地址（https://… 或 /uploads/…）',
    add: '添加',
    remove: '移除',
    on: '开',
    off: '关',
    loadFailed: '加载失败：{msg}',
    retry: '重试',
  },
});
export type MallT = ReturnType<typeof useT<keyof (typeof mallStrings)['en']>>;
export const useMallT = () => useT(mallStrings);

const statusColor: Record<MallOrderStatus, string> = {
  waiting_pay: 'default',
  waiting_ship: 'orange',
  shipped: 'blue',
  packed: 'cyan',
  done: 'green',
  cancelled: 'red',
  cancel_pending: 'magenta',
};
const sourceColor: Record<MallSource, string> = { jd: 'red', taobao: 'orange', '1688': 'gold', pdd: 'volcano', self: 'geekblue' };

export function MallStatusTag({ status }: { status: MallOrderStatus }) {
  const t = useMallT();
  return (
    <Tag color={statusColor[status]} data-testid="mall-status">
      {t(status)}
    </Tag>
  );
}

export function SourceTag({ source }: { source: MallSource }) {
  const t = useMallT();
  return <Tag color={sourceColor[source]}>{t(source)}</Tag>;
}

export const useSourceOptions = () => {
  const t = useMallT();
  return mallSources.map((s) => ({ value: s, label: t(s) }));
};
export const useStatusOptions = () => {
  const t = useMallT();
  return mallOrderStatuses.map((s) => ({ value: s, label: t(s) }));
};

/** Whether the staff member of this session holds one of the roles (administrators hold all). */
export function useCan() {
  const me = useMe();
  return (roles: readonly string[]) => roleSees(me.data?.role, roles);
}

/** A product or category name in the staff member's language, falling back to the other one. */
export function useLocalName() {
  const lang = useConsoleLang();
  return (n: { en: string; zh_CN: string }) => (lang === 'en' ? n.en || n.zh_CN : n.zh_CN || n.en);
}

/** A thumbnail that opens larger; nothing when there is no image. */
export function Thumb({ src, size = 40 }: { src: string; size?: number }) {
  if (!src) return <Typography.Text type="secondary">—</Typography.Text>;
  return <Image src={src} width={size} height={size} style={{ objectFit: 'cover', borderRadius: 4 }} />;
}

/** One image: typed as a URL or uploaded through the console's upload call. */
export function ImageInput({
  value,
  onChange,
  testId,
  disabled,
}: {
  value?: string;
  onChange?: (v: string) => void;
  testId?: string;
  disabled?: boolean;
}) {
  const t = useMallT();
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        placeholder={t('imageUrl')}
        data-testid={testId}
        disabled={disabled}
      />
      <Upload
        accept="image/png,image/jpeg,image/webp,image/gif"
        showUploadList={false}
        disabled={disabled}
        customRequest={async (o) => {
          try {
            const res = await adminUploadImage({ purpose: 'photo' }, { file: o.file as File });
            onChange?.(res.url);
            o.onSuccess?.(res);
          } catch (e) {
            o.onError?.(e as Error);
          }
        }}
      >
        <Button disabled={disabled}>{t('upload')}</Button>
      </Upload>
    </Space.Compact>
  );
}

/** A failed load says so (never an empty table that looks like "nothing there"). */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useMallT();
  if (!error) return null;
  return (
    <Typography.Paragraph type="danger" data-testid="mall-load-error">
      {t('loadFailed', { msg: error instanceof Error ? error.message : String(error) })}{' '}
      <Button size="small" onClick={onRetry}>
        {t('retry')}
      </Button>
    </Typography.Paragraph>
  );
}
