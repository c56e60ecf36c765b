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
import { contract, type Parcel } from '@pinyou/contract';
import { call, ConsoleApiError } from '../../api.ts';
import { BarcodeCamera } from './barcode-camera.tsx';
import { PhotoUploader, sizeText, uploadedUrls } from './parcels-common.tsx';

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
        msg: `Enter the ${missing === 'weight_kg' ? 'weight' : missing.replace('_cm', '')} before submitting.`,
      });
      measureRefs.current[missing]?.focus();
      return;
    }
    if (!shelf.trim()) {
      setResult({ kind: 'error', tracking_no: no, msg: 'Enter the shelf before submitting.' });
      measureRefs.current.shelf?.focus();
      return;
    }
    if (photos.some((p) => p.status === 'uploading')) {
      setResult({ kind: 'error', tracking_no: no, msg: 'Photos are still uploading.' });
      return;
    }
    setBusy(true);
    try {
      const res = await call(
        contract.parcels.scannedInbound,
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
        const detail = await call(contract.parcelsAdmin.adminParcelDetail, { id: res.parcel.id }, { quiet: true }).catch(() => null);
        const customer = detail ? `${detail.owner.user_account} (#${detail.owner.user_id})` : '?';
        setResult({ kind: 'matched', parcel: res.parcel, customer, attributed: res.attributed });
        addLog({
          tracking_no: res.parcel.tracking_no,
          outcome: res.attributed ? 'recipient code' : 'matched',
          customer,
          goods: `${res.parcel.goods_name} ×${res.parcel.quantity}`,
          detail: `${res.parcel.weight_kg} kg, ${sizeText(res.parcel.size)}, shelf ${res.parcel.shelf}`,
        });
      } else {
        setResult({ kind: 'unclaimed', tracking_no: no.toUpperCase(), unclaimed_id: res.unclaimed_id! });
        addLog({
          tracking_no: no.toUpperCase(),
          outcome: 'unclaimed',
          customer: '—',
          goods: '—',
          detail: `Unclaimed #${res.unclaimed_id}, shelf ${shelf.trim()}`,
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
          title="Inbound scanning"
          extra={
            <Button onClick={() => setCamera((c) => !c)} data-testid="scan-camera">
              {camera ? 'Hide camera' : 'Scan with camera'}
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
              <Typography.Text strong>Tracking number (scan or type, Enter submits)</Typography.Text>
              <Input
                ref={scanRef}
                data-testid="scan-input"
                aria-label="Tracking number"
                size="large"
                autoComplete="off"
                placeholder="Scan the courier label"
                style={{ fontSize: 22, fontFamily: 'monospace' }}
                value={tracking}
                onChange={(e) => setTracking(e.target.value)}
                onKeyDown={onEnter}
              />
            </div>
            <Row gutter={8}>
              {measureField('weight_kg', 'Weight (kg)', 0.1, 'scan-weight')}
              {measureField('length_cm', 'Length (cm)', 1, 'scan-length')}
              {measureField('width_cm', 'Width (cm)', 1, 'scan-width')}
              {measureField('height_cm', 'Height (cm)', 1, 'scan-height')}
            </Row>
            <Row gutter={8} align="bottom">
              <Col span={8}>
                <Typography.Text type="secondary">Shelf</Typography.Text>
                <Input
                  ref={(el) => {
                    measureRefs.current.shelf = el?.input ?? null;
                  }}
                  data-testid="scan-shelf"
                  aria-label="Shelf"
                  size="large"
                  maxLength={20}
                  placeholder="e.g. A-03-2"
                  value={shelf}
                  onChange={(e) => setShelf(e.target.value)}
                  onKeyDown={onEnter}
                />
              </Col>
              <Col span={6}>
                <Typography.Text type="secondary">Recipient code</Typography.Text>
                <Input
                  data-testid="scan-dragon"
                  aria-label="Recipient code on the label (undeclared parcels)"
                  size="large"
                  maxLength={8}
                  placeholder="e.g. 龙A7"
                  value={dragon}
                  onChange={(e) => setDragon(e.target.value.toUpperCase())}
                  onKeyDown={onEnter}
                />
              </Col>
              <Col span={10}>
                <Checkbox checked={keepMeasure} onChange={(e) => setKeepMeasure(e.target.checked)}>
                  Keep weight and size for the next scan (identical boxes)
                </Checkbox>
              </Col>
            </Row>
            <PhotoUploader files={photos} onChange={setPhotos} />
            <Button type="primary" size="large" block loading={busy} onClick={() => void submit()} data-testid="scan-submit">
              Shelve parcel
            </Button>
          </Space>
        </Card>
      </Col>
      <Col xs={24} xl={11}>
        <Card title="Result" style={{ marginBottom: 16 }}>
          <ScanResult result={result} />
        </Card>
        <Card title={`This session: ${log.length} scan${log.length === 1 ? '' : 's'}`}>
          <List
            size="small"
            data-testid="scan-log"
            dataSource={log}
            locale={{ emptyText: 'No scans yet' }}
            pagination={log.length > 10 ? { pageSize: 10, size: 'small' } : false}
            renderItem={(r) => (
              <List.Item style={{ display: 'block' }}>
                <Space wrap>
                  <Typography.Text type="secondary">{r.at}</Typography.Text>
                  <code>{r.tracking_no}</code>
                  <Tag color={r.outcome === 'error' ? 'red' : r.outcome === 'unclaimed' ? 'orange' : 'green'}>{r.outcome}</Tag>
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
  if (!result) return <Typography.Text type="secondary">Scan a parcel: the result shows here.</Typography.Text>;
  if (result.kind === 'error')
    return (
      <Alert
        data-testid="scan-result"
        data-outcome="error"
        type="error"
        showIcon
        message={<span style={{ fontSize: 20, fontWeight: 700 }}>NOT SHELVED: {result.tracking_no}</span>}
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
        message={<span style={{ fontSize: 18, fontWeight: 700 }}>No declaration: kept as unclaimed parcel #{result.unclaimed_id}</span>}
        description={`${result.tracking_no} — customers can claim it from the unclaimed-parcels list.`}
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
            {result.attributed
              ? `Undeclared, given by recipient code to ${result.customer} (to supplement)`
              : `Matched declaration — customer ${result.customer}`}
          </span>
        }
      />
      <Descriptions bordered size="small" column={1}>
        <Descriptions.Item label="Tracking no.">
          <code>{p.tracking_no}</code> ({p.carrier_name})
        </Descriptions.Item>
        <Descriptions.Item label="Customer">{result.customer}</Descriptions.Item>
        <Descriptions.Item label="Goods">
          {p.goods_name} ×{p.quantity} ({p.category}, {p.mode})
        </Descriptions.Item>
        <Descriptions.Item label="Measured">
          {p.weight_kg} kg, {sizeText(p.size)}, {p.volume_cbm} cbm
        </Descriptions.Item>
        <Descriptions.Item label="Shelf">{p.shelf}</Descriptions.Item>
        {p.is_low_value && (
          <Descriptions.Item label="Note">
            <Tag color="orange">Goods name or value to be supplemented by the customer</Tag>
          </Descriptions.Item>
        )}
      </Descriptions>
    </Space>
  );
}
