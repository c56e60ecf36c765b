import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Space } from 'antd';
import { consoleLang, defineStrings, useT } from '../../i18n.ts';

const strings = defineStrings({
  en: {
    noDetector: 'Camera scanning is not supported in this browser (no BarcodeDetector). Use a barcode scanner or type the number.',
    noCamera: 'Camera scanning needs a secure (https) page and camera access. Use a barcode scanner or type the number.',
    refused: 'Camera access was refused.',
    failed: 'The camera could not be started ({reason}).',
    close: 'Close camera',
  },
  zh_CN: {
    noDetector: '此浏览器不支持摄像头扫码（没有 BarcodeDetector）。请使用扫码枪或手动输入单号。',
    noCamera: '摄像头扫码需要安全（https）页面和摄像头权限。请使用扫码枪或手动输入单号。',
    refused: '摄像头权限被拒绝。',
    failed: '无法启动摄像头（{reason}）。',
    close: '关闭摄像头',
  },
});

/** The parts of the (not yet typed in lib.dom) Shape Detection API that are used here. */
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorCtor {
  new (opts?: { formats?: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

const detectorCtor = (): BarcodeDetectorCtor | undefined =>
  (globalThis as unknown as { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector;

/** Courier labels are linear codes; QR is kept for labels that carry the number as a QR code. */
const WANTED = ['code_128', 'code_39', 'code_93', 'ean_13', 'ean_8', 'upc_a', 'upc_e', 'itf', 'codabar', 'qr_code'];

/** Why the camera cannot scan here, as a strings key (worded in the chosen language where it shows). */
const unsupported = (): 'noDetector' | 'noCamera' | null =>
  !detectorCtor() ? 'noDetector' : !navigator.mediaDevices?.getUserMedia ? 'noCamera' : null;

export function cameraScanSupport(lang = consoleLang()): { ok: true } | { ok: false; reason: string } {
  const why = unsupported();
  return why ? { ok: false, reason: strings[lang][why] } : { ok: true };
}

/**
 * Phone camera scanning with the browser's own BarcodeDetector (no library download):
 * the rear camera runs until a code is read, then stops and hands the value over.
 */
export function BarcodeCamera({ onDetected, onClose }: { onDetected: (value: string) => void; onClose: () => void }) {
  const t = useT(strings);
  const video = useRef<HTMLVideoElement>(null);
  // A strings key plus the browser's own detail, so the message follows a language switch while it shows.
  const [error, setError] = useState<{ key: keyof (typeof strings)['en']; reason?: string } | null>(() => {
    const why = unsupported();
    return why ? { key: why } : null;
  });
  const done = useRef(onDetected);
  done.current = onDetected;

  useEffect(() => {
    const Ctor = detectorCtor();
    if (!Ctor || !navigator.mediaDevices?.getUserMedia) return;
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    (async () => {
      try {
        const supported = (await Ctor.getSupportedFormats?.()) ?? WANTED;
        const formats = WANTED.filter((f) => supported.includes(f));
        const detector = new Ctor(formats.length ? { formats } : undefined);
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const tick = async () => {
          if (stopped || !video.current) return;
          try {
            const found = await detector.detect(video.current);
            const value = found.map((b) => b.rawValue.trim()).find(Boolean);
            if (value) {
              stopped = true;
              done.current(value);
              return;
            }
          } catch {
            // A frame that cannot be read yet (camera warming up): try the next one.
          }
          timer = window.setTimeout(tick, 250);
        };
        void tick();
      } catch (e) {
        setError(
          e instanceof DOMException && e.name === 'NotAllowedError' ? { key: 'refused' } : { key: 'failed', reason: (e as Error).message },
        );
      }
    })();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {error ? (
        <Alert type="warning" showIcon message={t(error.key, { reason: error.reason ?? '' })} data-testid="camera-unsupported" />
      ) : (
        <video ref={video} muted playsInline style={{ width: '100%', maxHeight: 320, background: '#000', borderRadius: 8 }} />
      )}
      <Button onClick={onClose}>{t('close')}</Button>
    </Space>
  );
}
