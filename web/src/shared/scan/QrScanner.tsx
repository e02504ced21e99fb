import './i18n';
import { CameraOutlined, EnterOutlined, QrcodeOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Input, Spin, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SheetModal } from '../ui/SheetModal';
import { CameraProblemView } from './CameraProblemView';
import styles from './scan.module.css';
import { useCamera } from './useCamera';

export interface QrScannerModalProps {
  open: boolean;
  onClose: () => void;
  /** Called once per scan with the code's text (QR or barcode), or with what was typed in. */
  onResult: (text: string) => void;
}

interface Controls {
  stop: () => void;
}

/**
 * The camera scanner of the counter screens: QR codes and the common barcodes (EAN, Code 128,
 * Code 39, ITF, Data Matrix, PDF417…) through @zxing/browser, loaded only when the dialog opens.
 * A typed code (or a USB scanner that types) with Enter works as well. A full-screen sheet on
 * narrow screens; Escape closes.
 */
export function QrScannerModal({ open, onClose, onResult }: QrScannerModalProps) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const inputRef = useRef<InputRef | null>(null);
  const camera = useCamera(videoRef, open, { facingMode: 'environment' });
  const [typed, setTyped] = useState('');
  const resultRef = useRef(onResult);
  resultRef.current = onResult;

  // Decode frames while the camera is live.
  const { stream, status } = camera;
  useEffect(() => {
    if (!open || status !== 'live' || !stream || !videoRef.current) return;
    let controls: Controls | null = null;
    let stopped = false;
    const video = videoRef.current;
    void import('@zxing/browser').then(async ({ BrowserMultiFormatReader }) => {
      if (stopped) return;
      const reader = new BrowserMultiFormatReader(undefined, { delayBetweenScanAttempts: 120 });
      try {
        const c = await reader.decodeFromVideoElement(video, (result) => {
          if (!result || stopped) return;
          stopped = true;
          controls?.stop();
          resultRef.current(result.getText());
        });
        if (stopped) c.stop();
        else controls = c;
      } catch {
        /* the video went away while starting: nothing to decode */
      }
    });
    return () => {
      stopped = true;
      controls?.stop();
    };
  }, [open, status, stream]);

  const submitTyped = () => {
    const code = typed.trim();
    if (!code) return;
    setTyped('');
    onResult(code);
  };

  return (
    <SheetModal
      width={560}
      open={open}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      title={
        <span className={styles.modalTitle}>
          <QrcodeOutlined /> {t('scan.title')}
        </span>
      }
      afterOpenChange={(visible) => {
        if (visible) inputRef.current?.focus();
      }}
    >
      <div className={styles.scanner} data-testid="qr-scanner">
        <div className={styles.viewport}>
          <video ref={videoRef} className={styles.video} muted playsInline data-testid="qr-video" />
          {camera.status === 'live' && (
            <div className={styles.frame} aria-hidden="true">
              <span className={styles.laser} />
            </div>
          )}
          {(camera.status === 'starting' || camera.status === 'idle') && (
            <div className={`${styles.cover} ${styles.overlay}`}>
              <Spin />
              <span>{t('scan.starting')}</span>
            </div>
          )}
          {camera.status === 'error' && camera.problem && (
            <div className={`${styles.cover} ${styles.overlayLight}`}>
              <CameraProblemView problem={camera.problem} onRetry={camera.retry} />
            </div>
          )}
          {camera.status === 'live' && camera.canSwitch && (
            <Button
              className={styles.switch}
              shape="round"
              icon={<SwapOutlined />}
              onClick={camera.switchCamera}
              data-testid="qr-switch-camera"
            >
              {t('scan.switchCamera')}
            </Button>
          )}
        </div>
        {camera.status === 'live' && (
          <p className={styles.hint}>
            <CameraOutlined /> {t('scan.hint')}
          </p>
        )}
        <label className={styles.manualLabel} htmlFor="qr-manual-code">
          {t('scan.manualLabel')}
        </label>
        <div className={styles.manual}>
          <Input
            id="qr-manual-code"
            ref={inputRef}
            size="large"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onPressEnter={submitTyped}
            placeholder={t('scan.manualPlaceholder')}
            autoComplete="off"
            data-testid="qr-manual-input"
          />
          <Button size="large" type="primary" icon={<EnterOutlined />} onClick={submitTyped} data-testid="qr-manual-submit">
            {t('scan.use')}
          </Button>
        </div>
      </div>
    </SheetModal>
  );
}

export default QrScannerModal;
