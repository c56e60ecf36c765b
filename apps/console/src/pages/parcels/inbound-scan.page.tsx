import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Descriptions,
  Input,
  InputNumber,
  List,
  Row,
  Space,
  Tag,
  Typography,
  type InputRef,
  type UploadFile,
} from 'antd';
import { type Parcel } from '@pinyou/contract';
import { ConsoleApiError } from '../../api.ts';
import { defineStrings, useT } from '../../i18n.ts';
import { BarcodeCamera } from './barcode-camera.tsx';
import { PhotoUploader, sizeText, uploadedUrls } from './parcels-common.tsx';
import { enumText } from '../../enums.ts';
import { adminParcelDetail } from './api/admin-parcel-detail.ts';
import { scannedInbound } from './api/scanned-inbound.ts';

/** The warehouse in Guangzhou scans in Chinese: every text of the page in both languages. */
const strings = defineStrings({
  en: {
    title: 'Inbound scanning',
    cameraHide: 'Hide camera',
    cameraShow: 'Scan with camera',
    trackingLabel: 'Tracking number (scan or type, Enter submits)',
    tracking: 'Tracking number',
    trackingPh: 'Scan the courier label',
    weight: 'Weight (kg)',
    length: 'Length (cm)',
    width: 'Width (cm)',
    height: 'Height (cm)',
    shelf: 'Shelf',
    shelfPh: 'e.g. A-03-2',
    dragon: 'Recipient code',
    dragonAria: 'Recipient code on the label (undeclared parcels)',
    dragonPh: 'e.g. 龙A7',
    keep: 'Keep weight and size for the next scan (identical boxes)',
    submit: 'Shelve parcel',
    result: 'Result',
    session: 'This session: {n} scans',
    sessionOne: 'This session: 1 scan',
    noScans: 'No scans yet',
    idle: 'Scan a parcel: the result shows here.',
    missing: 'Enter the {what} before submitting.',
    missingShelf: 'Enter the shelf before submitting.',
    uploading: 'Photos are still uploading.',
    notShelved: 'NOT SHELVED: {no}',
    unclaimedTitle: 'No declaration: kept as unclaimed parcel #{id}',
    unclaimedBody: '{no} — customers can claim it from the unclaimed-parcels list.',
    unclaimedLog: 'Unclaimed #{id}, shelf {shelf}',
    attributed: 'Undeclared, given by recipient code to {customer} (to supplement)',
    matched: 'Matched declaration — customer {customer}',
    trackingNo: 'Tracking no.',
    customer: 'Customer',
    goods: 'Goods',
    measured: 'Measured',
    note: 'Note',
    lowValue: 'Goods name or value to be supplemented by the customer',
    logDetail: '{kg} kg, {size}, shelf {shelf}',
    'outcome.matched': 'matched',
    'outcome.recipient code': 'recipient code',
    'outcome.unclaimed': 'unclaimed',
    'outcome.error': 'error',
  },
  zh_CN: {
    title: '入库扫描',
    cameraHide: '关闭摄像头',
    cameraShow: '用摄像头扫描',
    trackingLabel: '快递单号（扫描或输入，回车提交）',
    tracking: '快递单号',
    trackingPh: '扫描快递面单',
    weight: '重量（kg）',
    length: '长（cm）',
    width: '宽（cm）',
    height: '高（cm）',
    shelf: '货架',
    shelfPh: '例如 A-03-2',
    dragon: '收件码',
    dragonAria: '面单上的收件码（未预报的包裹）',
    dragonPh: '例如 龙A7',
    keep: '下一件沿用重量和尺寸（相同的箱子）',
    submit: '上架',
    result: '结果',
    session: '本次扫描：{n} 件',
    sessionOne: '本次扫描：1 件',
    noScans: '尚未扫描',
    idle: '扫描包裹，结果显示在这里。',
    missing: '请先输入{what}再提交。',
    missingShelf: '请先输入货架再提交。',
    uploading: '照片仍在上传。',
    notShelved: '未上架：{no}',
    unclaimedTitle: '无预报：已作为无主包裹 #{id} 保存',
    unclaimedBody: '{no} — 客户可在无主包裹列表中认领。',
    unclaimedLog: '无主包裹 #{id}，货架 {shelf}',
    attributed: '未预报，按收件码归属 {customer}（待补充信息）',
    matched: '匹配预报 — 客户 {customer}',
    trackingNo: '快递单号',
    customer: '客户',
    goods: '物品',
    measured: '测量',
    note: '备注',
    lowValue: '物品名称或价值待客户补充',
    logDetail: '{kg} kg，{size}，货架 {shelf}',
    'outcome.matched': '已匹配',
    'outcome.recipient code': '按收件码',
    'outcome.unclaimed': '无主',
    'outcome.error': '错误',
  },
});
const missingName = { weight_kg: 'weight', length_cm: 'length', width_cm: 'width', height_cm: 'height' } as const;

type Measure = { weight_kg: number | null; length_cm: number | null; width_cm: number | null; height_cm: number | null };
const MEASURE_KEYS = ['weight_kg', 'length_cm', 'width_cm', 'height_cm'] as const;
const emptyMeasure: Measure = { weight_kg: null, length_cm: null, width_cm: null, height_cm: null };

interface ScanLog {
  key: number;
  at: string;
  tracking_no: string;
  outcome: 'matched' | 'recipient code' | 'unclaimed' | 'error';
  customer: string;
  goods: string;
  detail: string;
}

/** A short tone so staff hear the result without looking: high for shelved, low for a problem. */
function beep(ok: boolean) {
  try {
    const ctx = new AudioContext();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = ok ? 1200 : 220;
    gain.gain.value = 0.08;
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + (ok ? 0.12 : 0.45));
    osc.onended = () => void ctx.close();
  } catch {
    // No audio output (e.g. a headless browser): the on-screen result is enough.
  }
}

type Result =
  | { kind: 'matched'; parcel: Parcel; customer: string; attributed: boolean }
  | { kind: 'unclaimed'; tracking_no: string; unclaimed_id: number }
  | { kind: 'error'; tracking_no: string; msg: string };

export function InboundScanPage() {
  const t = useT(strings);
  const scanRef = useRef<InputRef>(null);
  const measureRefs = useRef<Record<string, HTMLInputElement | null>>({});
  const [tracking, setTracking] = useState('');
  const [measure, setMeasure] = useState<Measure>(emptyMeasure);
  const [shelf, setShelf] = useState('');
  const [dragon, setDragon] = useState('');
  const [keepMeasure, setKeepMeasure] = useState(false);
  const [photos, setPhotos] = useState<UploadFile[]>([]);
  const [busy, setBusy] = useState(false);
  const [camera, setCamera] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const [log, setLog] = useState<ScanLog[]>([]);
  const seq = useRef(0);

  useEffect(() => scanRef.current?.focus(), []);
  // Back to the scan field once a submission finishes, whatever the outcome (the field is never disabled, so a scan is never lost).
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !busy) scanRef.current?.focus({ cursor: 'all' });
    wasBusy.current = busy;
  }, [busy]);
  const focusScan = () => setTimeout(() => scanRef.current?.focus({ cursor: 'all' }), 0);

  const addLog = (e: Omit<ScanLog, 'key' | 'at'>) =>
    setLog((l) => [{ ...e, key: ++seq.current, at: new Date().toLocaleTimeString('en-SG', { hour12: false }) }, ...l]);

  const submit = async () => {
    const no = tracking.trim();
    if (!no) {
      focusScan();
      return;
    }
    // A scanner sends Enter straight after the number: when a measurement is still missing, go there instead of failing.
    const missing = MEASURE_KEYS.find((k) => !measure[k] || measure[k]! <= 0);
    if (missing) {
      setResult({
        kind: 'error',
        tracking_no: no,
        msg: t('missing', {
          what: t(missingName[missing])
            .replace(/[（(].*$/, '')
            .trim()
            .toLowerCase(),
        }),
      });
      measureRefs.current[missing]?.focus();
      return;
    }
    if (!shelf.trim()) {
      setResult({ kind: 'error', tracking_no: no, msg: t('missingShelf') });
      measureRefs.current.shelf?.focus();
      return;
    }
    if (photos.some((p) => p.status === 'uploading')) {
      setResult({ kind: 'error', tracking_no: no, msg: t('uploading') });
      return;
    }
    setBusy(true);
    try {
      const res = await scannedInbound(
        {
          tracking_no: no,
          weight_kg: measure.weight_kg!,
          length_cm: measure.length_cm!,
          width_cm: measure.width_cm!,
          height_cm: measure.height_cm!,
          shelf: shelf.trim(),
          photos: uploadedUrls(photos),
          dragon_code: dragon.trim() || undefined,
        },
        { quiet: true },
      );
      if (res.parcel) {
        const detail = await adminParcelDetail({ id: res.parcel.id }, { quiet: true }).catch(() => null);
        const customer = detail ? `${detail.owner.user_account} (#${detail.owner.user_id})` : '?';
        setResult({ kind: 'matched', parcel: res.parcel, customer, attributed: res.attributed });
        addLog({
          tracking_no: res.parcel.tracking_no,
          outcome: res.attributed ? 'recipient code' : 'matched',
          customer,
          goods: `${res.parcel.goods_name} ×${res.parcel.quantity}`,
          detail: t('logDetail', { kg: res.parcel.weight_kg ?? '', size: sizeText(res.parcel.size), shelf: res.parcel.shelf }),
        });
      } else {
        setResult({ kind: 'unclaimed', tracking_no: no.toUpperCase(), unclaimed_id: res.unclaimed_id! });
        addLog({
          tracking_no: no.toUpperCase(),
          outcome: 'unclaimed',
          customer: '—',
          goods: '—',
          detail: t('unclaimedLog', { id: res.unclaimed_id!, shelf: shelf.trim() }),
        });
      }
      beep(true);
      setTracking('');
      setDragon('');
      setPhotos([]);
      if (!keepMeasure) setMeasure(emptyMeasure);
    } catch (e) {
      const msg = e instanceof ConsoleApiError ? e.message : String(e);
      setResult({ kind: 'error', tracking_no: no, msg });
      addLog({ tracking_no: no.toUpperCase(), outcome: 'error', customer: '—', goods: '—', detail: msg });
      beep(false);
    } finally {
      setBusy(false);
    }
  };

  const onEnter = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      if (!busy) void submit();
    }
  };

  const measureField = (k: (typeof MEASURE_KEYS)[number], label: string, step: number, testid: string) => (
    <Col span={6} key={k}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <InputNumber
        ref={(el) => {
          measureRefs.current[k] = el;
        }}
        data-testid={testid}
        aria-label={label}
        size="large"
        min={0}
        step={step}
        style={{ width: '100%' }}
        value={measure[k]}
        onChange={(v) => setMeasure((m) => ({ ...m, [k]: v }))}
        onKeyDown={onEnter}
      />
    </Col>
  );

  return (
    <Row gutter={16}>
      <Col xs={24} xl={13}>
        <Card
          title={t('title')}
          extra={
            <Button onClick={() => setCamera((c) => !c)} data-testid="scan-camera">
              {camera ? t('cameraHide') : t('cameraShow')}
            </Button>
          }
        >
          <Space direction="vertical" style={{ width: '100%' }} size="middle">
            {camera && (
              <BarcodeCamera
                onDetected={(v) => {
                  setTracking(v);
                  setCamera(false);
                  const missing = MEASURE_KEYS.find((k) => !measure[k]);
                  if (missing) measureRefs.current[missing]?.focus();
                  else focusScan();
                }}
                onClose={() => setCamera(false)}
              />
            )}
            <div>
              <Typography.Text strong>{t('trackingLabel')}</Typography.Text>
              <Input
                ref={scanRef}
                data-testid="scan-input"
                aria-label={t('tracking')}
                size="large"
                autoComplete="off"
                placeholder={t('trackingPh')}
                style={{ fontSize: 22, fontFamily: 'monospace' }}
                value={tracking}
                onChange={(e) => setTracking(e.target.value)}
                onKeyDown={onEnter}
              />
            </div>
            <Row gutter={8}>
              {measureField('weight_kg', t('weight'), 0.1, 'scan-weight')}
              {measureField('length_cm', t('length'), 1, 'scan-length')}
              {measureField('width_cm', t('width'), 1, 'scan-width')}
              {measureField('height_cm', t('height'), 1, 'scan-height')}
            </Row>
            <Row gutter={8} align="bottom">
              <Col span={8}>
                <Typography.Text type="secondary">{t('shelf')}</Typography.Text>
                <Input
                  ref={(el) => {
                    measureRefs.current.shelf = el?.input ?? null;
                  }}
                  data-testid="scan-shelf"
                  aria-label={t('shelf')}
                  size="large"
                  maxLength={20}
                  placeholder={t('shelfPh')}
                  value={shelf}
                  onChange={(e) => setShelf(e.target.value)}
                  onKeyDown={onEnter}
                />
              </Col>
              <Col span={6}>
                <Typography.Text type="secondary">{t('dragon')}</Typography.Text>
                <Input
                  data-testid="scan-dragon"
                  aria-label={t('dragonAria')}
                  size="large"
                  maxLength={8}
                  placeholder={t('dragonPh')}
                  value={dragon}
                  onChange={(e) => setDragon(e.target.value.toUpperCase())}
                  onKeyDown={onEnter}
                />
              </Col>
              <Col span={10}>
                <Checkbox checked={keepMeasure} onChange={(e) => setKeepMeasure(e.target.checked)}>
                  {t('keep')}
                </Checkbox>
              </Col>
            </Row>
            <PhotoUploader files={photos} onChange={setPhotos} />
            <Button type="primary" size="large" block loading={busy} onClick={() => void submit()} data-testid="scan-submit">
              {t('submit')}
            </Button>
          </Space>
        </Card>
      </Col>
      <Col xs={24} xl={11}>
        <Card title={t('result')} style={{ marginBottom: 16 }}>
          <ScanResult result={result} />
        </Card>
        <Card title={log.length === 1 ? t('sessionOne') : t('session', { n: log.length })}>
          <List
            size="small"
            data-testid="scan-log"
            dataSource={log}
            locale={{ emptyText: t('noScans') }}
            pagination={log.length > 10 ? { pageSize: 10, size: 'small' } : false}
            renderItem={(r) => (
              <List.Item style={{ display: 'block' }}>
                <Space wrap>
                  <Typography.Text type="secondary">{r.at}</Typography.Text>
                  <code>{r.tracking_no}</code>
                  <Tag color={r.outcome === 'error' ? 'red' : r.outcome === 'unclaimed' ? 'orange' : 'green'}>
                    {t(`outcome.${r.outcome}`)}
                  </Tag>
                  {(r.outcome === 'matched' || r.outcome === 'recipient code') && <b>{r.customer}</b>}
                </Space>
                <div style={{ color: r.outcome === 'error' ? '#cf1322' : '#555', fontSize: 13 }}>
                  {r.outcome === 'matched' || r.outcome === 'recipient code' ? `${r.goods}; ${r.detail}` : r.detail}
                </div>
              </List.Item>
            )}
          />
        </Card>
      </Col>
    </Row>
  );
}

function ScanResult({ result }: { result: Result | null }) {
  const t = useT(strings);
  if (!result) return <Typography.Text type="secondary">{t('idle')}</Typography.Text>;
  if (result.kind === 'error')
    return (
      <Alert
        data-testid="scan-result"
        data-outcome="error"
        type="error"
        showIcon
        message={<span style={{ fontSize: 20, fontWeight: 700 }}>{t('notShelved', { no: result.tracking_no })}</span>}
        description={<span style={{ fontSize: 16 }}>{result.msg}</span>}
        style={{ borderWidth: 3 }}
      />
    );
  if (result.kind === 'unclaimed')
    return (
      <Alert
        data-testid="scan-result"
        data-outcome="unclaimed"
        type="warning"
        showIcon
        message={<span style={{ fontSize: 18, fontWeight: 700 }}>{t('unclaimedTitle', { id: result.unclaimed_id })}</span>}
        description={t('unclaimedBody', { no: result.tracking_no })}
      />
    );
  const p = result.parcel;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="scan-result" data-outcome="matched">
      <Alert
        type="success"
        showIcon
        message={
          <span style={{ fontSize: 18, fontWeight: 700 }}>
            {result.attributed ? t('attributed', { customer: result.customer }) : t('matched', { customer: result.customer })}
          </span>
        }
      />
      <Descriptions bordered size="small" column={1}>
        <Descriptions.Item label={t('trackingNo')}>
          <code>{p.tracking_no}</code> ({p.carrier_name})
        </Descriptions.Item>
        <Descriptions.Item label={t('customer')}>{result.customer}</Descriptions.Item>
        <Descriptions.Item label={t('goods')}>
          {p.goods_name} ×{p.quantity} ({enumText('goodsCategory', p.category)}, {enumText('shippingMode', p.mode)})
        </Descriptions.Item>
        <Descriptions.Item label={t('measured')}>
          {p.weight_kg} kg, {sizeText(p.size)}, {p.volume_cbm} cbm
        </Descriptions.Item>
        <Descriptions.Item label={t('shelf')}>{p.shelf}</Descriptions.Item>
        {p.is_low_value && (
          <Descriptions.Item label={t('note')}>
            <Tag color="orange">{t('lowValue')}</Tag>
          </Descriptions.Item>
        )}
      </Descriptions>
    </Space>
  );
}
