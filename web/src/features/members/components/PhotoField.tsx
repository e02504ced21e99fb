import { CameraOutlined, DeleteOutlined, ReloadOutlined, SwapOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Upload } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Webcam from 'react-webcam';
import styles from '../members.module.css';
import { MemberSheet } from './MemberSheet';

/** Longest side of a stored member photo, in pixels. */
const PHOTO_MAX = 640;

/** Draws an image into a JPEG data URL no larger than PHOTO_MAX on its longest side. */
export function shrinkImage(src: string, max = PHOTO_MAX): Promise<string> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => {
      const scale = Math.min(1, max / Math.max(img.naturalWidth, img.naturalHeight));
      const w = Math.max(1, Math.round(img.naturalWidth * scale));
      const h = Math.max(1, Math.round(img.naturalHeight * scale));
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const ctx = canvas.getContext('2d');
      if (!ctx) return reject(new Error('canvas'));
      ctx.drawImage(img, 0, 0, w, h);
      resolve(canvas.toDataURL('image/jpeg', 0.86));
    };
    img.onerror = () => reject(new Error('image'));
    img.src = src;
  });
}

function readFile(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });
}

/** The camera error messages of spec §8, by the browser's error name. */
export function cameraErrorKey(err: unknown): string {
  if (typeof window !== 'undefined' && window.isSecureContext === false) return 'members.camera.secure';
  if (typeof navigator !== 'undefined' && !navigator.mediaDevices?.getUserMedia) return 'members.camera.unsupported';
  const name = err instanceof DOMException || err instanceof Error ? err.name : String(err);
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
      return 'members.camera.permission';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
      return 'members.camera.noCamera';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'members.camera.inUse';
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      return 'members.camera.unsuitable';
    case 'SecurityError':
      return 'members.camera.secure';
    case 'TypeError':
      return 'members.camera.unsupported';
    default:
      return 'members.camera.generic';
  }
}

interface Props {
  /** '' none, '/api/files/…' the stored photo, 'data:…' a new one. */
  value?: string;
  onChange?: (v: string) => void;
}

/** The member's photo: taken with the webcam (react-webcam) or uploaded, shown square. */
export function PhotoField({ value = '', onChange }: Props) {
  const { t } = useTranslation();
  const [camera, setCamera] = useState(false);

  return (
    <div className={styles.photoField} data-testid="photo-field">
      <div className={styles.photoFrame}>
        {value ? (
          <img src={value} alt={t('members.fields.photo')} className={styles.photoImg} data-testid="photo-preview" />
        ) : (
          <div className={styles.photoEmpty}>
            <UserOutlined />
            <span>{t('members.photo.none')}</span>
          </div>
        )}
      </div>
      <div className={styles.photoButtons}>
        <Button icon={<CameraOutlined />} onClick={() => setCamera(true)} data-testid="photo-take" block>
          {t('members.photo.take')}
        </Button>
        <Upload
          accept="image/*"
          showUploadList={false}
          maxCount={1}
          beforeUpload={(file) => {
            void readFile(file)
              .then((d) => shrinkImage(d))
              .then((d) => onChange?.(d));
            return false;
          }}
          className={styles.photoUpload}
        >
          <Button icon={<UploadOutlined />} data-testid="photo-upload" block>
            {t('members.photo.upload')}
          </Button>
        </Upload>
        {value && (
          <Button type="text" danger icon={<DeleteOutlined />} onClick={() => onChange?.('')} data-testid="photo-remove" block>
            {t('members.photo.remove')}
          </Button>
        )}
      </div>
      <WebcamModal
        open={camera}
        onClose={() => setCamera(false)}
        onPhoto={(d) => {
          setCamera(false);
          onChange?.(d);
        }}
      />
    </div>
  );
}

function WebcamModal({ open, onClose, onPhoto }: { open: boolean; onClose: () => void; onPhoto: (dataUrl: string) => void }) {
  const { t } = useTranslation();
  const cam = useRef<Webcam>(null);
  const [shot, setShot] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [facing, setFacing] = useState<'user' | 'environment'>('user');
  const captureBtn = useRef<HTMLButtonElement>(null);

  // Once the picture is live, Enter takes the photo.
  useEffect(() => {
    if (ready && !shot) captureBtn.current?.focus();
  }, [ready, shot]);

  const capture = useCallback(() => {
    const d = cam.current?.getScreenshot();
    if (d) setShot(d);
  }, []);

  const reset = () => {
    setShot(null);
    setReady(false);
    setError(null);
  };

  return (
    <MemberSheet
      open={open}
      onCancel={onClose}
      afterOpenChange={(o) => o || reset()}
      width={600}
      title={t('members.photo.cameraTitle')}
      data-testid="webcam-dialog"
      footer={
        <div className={styles.modalFooter}>
          {shot ? (
            <>
              <Button icon={<ReloadOutlined />} onClick={() => setShot(null)}>
                {t('members.photo.retake')}
              </Button>
              <Button type="primary" autoFocus onClick={() => void shrinkImage(shot).then(onPhoto)} data-testid="webcam-use">
                {t('members.photo.use')}
              </Button>
            </>
          ) : (
            <>
              <Button icon={<SwapOutlined />} onClick={() => setFacing((f) => (f === 'user' ? 'environment' : 'user'))} disabled={!!error}>
                {t('members.photo.switchCamera')}
              </Button>
              <Button ref={captureBtn} type="primary" icon={<CameraOutlined />} onClick={capture} disabled={!ready} data-testid="webcam-capture">
                {t('members.photo.capture')}
              </Button>
            </>
          )}
        </div>
      }
    >
      <div className={styles.webcamBox}>
        {error ? (
          <Alert type="warning" showIcon title={t(error)} data-testid="camera-error" />
        ) : shot ? (
          <img src={shot} alt="" className={styles.webcamMedia} />
        ) : (
          open && (
            <>
              {!ready && <div className={styles.webcamWaiting}>{t('members.photo.starting')}</div>}
              {ready && <div className={styles.webcamGuide} aria-hidden="true" />}
              <Webcam
                ref={cam}
                audio={false}
                mirrored={facing === 'user'}
                screenshotFormat="image/jpeg"
                screenshotQuality={0.9}
                videoConstraints={{ facingMode: facing, width: { ideal: 960 }, height: { ideal: 720 } }}
                onUserMedia={() => setReady(true)}
                onUserMediaError={(e) => setError(cameraErrorKey(e))}
                className={styles.webcamMedia}
                data-testid="webcam-video"
              />
            </>
          )
        )}
      </div>
    </MemberSheet>
  );
}
