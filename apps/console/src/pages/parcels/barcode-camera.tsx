import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Space } from 'antd';

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

export function cameraScanSupport(): { ok: true } | { ok: false; reason: string } {
  if (!detectorCtor())
    return {
      ok: false,
      reason: 'Camera scanning is not supported in this browser (no BarcodeDetector). Use a barcode scanner or type the number.',
    };
  if (!navigator.mediaDevices?.getUserMedia)
    return {
      ok: false,
      reason: 'Camera scanning needs a secure (https) page and camera access. Use a barcode scanner or type the number.',
    };
  return { ok: true };
}

/**
 * Phone camera scanning with the browser's own BarcodeDetector (no library download):
 * the rear camera runs until a code is read, then stops and hands the value over.
 */
export function BarcodeCamera({ onDetected, onClose }: { onDetected: (value: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(() => {
    const s = cameraScanSupport();
    return s.ok ? null : s.reason;
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
          e instanceof DOMException && e.name === 'NotAllowedError'
            ? 'Camera access was refused.'
            : `The camera could not be started (${(e as Error).message}).`,
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
        <Alert type="warning" showIcon message={error} data-testid="camera-unsupported" />
      ) : (
        <video ref={video} muted playsInline style={{ width: '100%', maxHeight: 320, background: '#000', borderRadius: 8 }} />
      )}
      <Button onClick={onClose}>Close camera</Button>
    </Space>
  );
}
