import { useEffect, useRef, useState } from 'react';
import { Button, Input } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';

interface Detector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
type DetectorCtor = new (opts?: { formats?: string[] }) => Detector;
const BarcodeDetectorImpl = (globalThis as { BarcodeDetector?: DetectorCtor }).BarcodeDetector;

/** A tracking-number field that scans with the camera where the browser has BarcodeDetector; typing always works. */
export function ScanInput({
  value,
  onChange,
  placeholder,
  testId,
}: {
  value: string;
  onChange: (v: string) => void;
  placeholder: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [scanning, setScanning] = useState(false);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (!scanning || !BarcodeDetectorImpl) return;
    let stream: MediaStream | null = null;
    let stopped = false;
    const detector = new BarcodeDetectorImpl({ formats: ['code_128', 'code_39', 'ean_13', 'qr_code'] });
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        if (!video.current || stopped) return;
        video.current.srcObject = stream;
        await video.current.play();
        while (!stopped) {
          const found = await detector.detect(video.current).catch(() => []);
          if (found[0]?.rawValue) {
            onChange(found[0].rawValue.trim().toUpperCase());
            setScanning(false);
            return;
          }
          await new Promise((r) => setTimeout(r, 250));
        }
      } catch {
        setScanning(false);
      }
    })();
    return () => {
      stopped = true;
      stream?.getTracks().forEach((tr) => tr.stop());
    };
  }, [scanning, onChange]);

  return (
    <div className="ct-scan">
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <Input value={value} onChange={(v) => onChange(v.toUpperCase())} placeholder={placeholder} clearable data-testid={testId} />
        {BarcodeDetectorImpl ? (
          <Button size="small" onClick={() => setScanning((s) => !s)}>
            {scanning ? t('content.pickup.scanStop') : t('content.pickup.scan')}
          </Button>
        ) : null}
      </div>
      {!BarcodeDetectorImpl && (
        <div className="muted" style={{ fontSize: 12 }}>
          {t('content.pickup.noCamera')}
        </div>
      )}
      {scanning && <video ref={video} muted playsInline />}
    </div>
  );
}
