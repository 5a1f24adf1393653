import { IonText } from '@ionic/react';
import { useEffect, useRef, useState } from 'react';
import { isEan } from '../../domain/barcode';
import { Dialog } from './dialog';
import { newSaleMessages } from '../../domain/messages/new-sale';

const text = newSaleMessages;
/** Spec §9: the reader is 640 by 480. */
const READER = { width: 640, height: 480 };

interface NativeBarcodeDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string; format: string }[]>;
}
type DetectorConstructor = (new (options: { formats: string[] }) => NativeBarcodeDetector) & {
  getSupportedFormats?: () => Promise<string[]>;
};

/**
 * The barcode scanner dialog (spec §2): reads EAN codes from the camera, with the
 * browser's own BarcodeDetector where it has one (Chrome on Android) and @zxing/browser
 * otherwise, loaded only here. The first valid EAN is handed over and the camera stops.
 */
export default function ScannerDialog({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  return (
    <Dialog label={text.scannerTitle} onClose={onClose}>
      {(close) => (
        <ScannerView
          onCode={(code) => {
            onCode(code);
            close();
          }}
        />
      )}
    </Dialog>
  );
}

function ScannerView({ onCode }: { onCode: (code: string) => void }) {
  // The modal draws its content once open: the camera starts when the video element exists.
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [error, setError] = useState<string | null>(null);
  const handed = useRef(false);
  const found = useRef(onCode);
  useEffect(() => {
    found.current = onCode;
  });

  useEffect(() => {
    if (!video) return;
    let stream: MediaStream | null = null;
    let stopReader: (() => void) | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    const hand = (code: string) => {
      if (handed.current || !isEan(code)) return;
      handed.current = true;
      found.current(code);
    };

    const start = async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { ...READER, facingMode: 'environment' }, audio: false });
      } catch {
        if (!stopped) setError(text.scannerNoCamera);
        return;
      }
      // Closed while the person was answering the camera prompt: the camera goes off at once.
      if (stopped) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      const Detector = (window as unknown as { BarcodeDetector?: DetectorConstructor }).BarcodeDetector;
      const formats = (await Detector?.getSupportedFormats?.()) ?? [];
      if (Detector && formats.includes('ean_13')) {
        video.srcObject = stream;
        await video.play().catch(() => undefined);
        const detector = new Detector({ formats: ['ean_13', 'ean_8'] });
        const tick = async () => {
          if (stopped || handed.current) return;
          const codes = await detector.detect(video).catch(() => []);
          for (const code of codes) hand(code.rawValue);
          timer = setTimeout(() => void tick(), 150);
        };
        void tick();
        return;
      }
      const { BrowserMultiFormatOneDReader, BarcodeFormat } = await import('@zxing/browser');
      if (stopped) return;
      const reader = new BrowserMultiFormatOneDReader();
      const controls = await reader.decodeFromStream(stream, video, (result) => {
        if (!result) return;
        const format = result.getBarcodeFormat();
        if (format === BarcodeFormat.EAN_13 || format === BarcodeFormat.EAN_8) hand(result.getText());
      });
      stopReader = () => controls.stop();
      if (stopped) stopReader();
    };

    void start();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      stopReader?.();
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [video]);

  return (
    <>
      <p>{text.scannerHint}</p>
      {error ? (
        <p role="alert">
          <IonText color="danger">{error}</IonText>
        </p>
      ) : (
        <video
          ref={setVideo}
          className="scanner-video"
          width={READER.width}
          height={READER.height}
          muted
          playsInline
          aria-label={text.scannerTitle}
        />
      )}
    </>
  );
}
