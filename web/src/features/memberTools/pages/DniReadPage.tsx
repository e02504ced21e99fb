import '../i18n';
import {
  CameraOutlined,
  CheckCircleFilled,
  FileSearchOutlined,
  PoweroffOutlined,
  ReloadOutlined,
  ScanOutlined,
  UploadOutlined,
  UserAddOutlined,
  WarningFilled,
} from '@ant-design/icons';
import { Alert, Button, Progress, Spin, Tag } from 'antd';
import { useEffect, useRef, useState, type DragEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDate } from '../../../shared/format';
import { CameraProblemView } from '../../../shared/scan/CameraProblemView';
import scan from '../../../shared/scan/scan.module.css';
import { useCamera } from '../../../shared/scan/useCamera';
import { PageHeader } from '../components/PageHeader';
import shared from '../memberTools.module.css';
import { titleCase, type MrzResult } from '../mrz';
import type { OcrPhase } from '../ocr';
import { registrationParams } from '../registration';
import styles from './dniRead.module.css';

type Outcome =
  | { kind: 'working'; phase: OcrPhase; progress: number; preview: string }
  | { kind: 'result'; mrz: MrzResult; preview: string }
  | { kind: 'nothing'; preview: string }
  | { kind: 'failed'; preview: string };

/** A yyyy-mm-dd day as unix seconds at noon UTC, for the date formatter. */
const isoToSeconds = (iso: string | null) => (iso ? Date.parse(`${iso}T12:00:00Z`) / 1000 : null);

/**
 * Route "dniread": reads name, surname, ID number and birth date from the machine-readable zone of
 * an identity document (Spanish DNI / NIE cards, passports) through the camera or a photo, in the
 * browser, and offers to register the member with them.
 */
export default function DniReadPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const fileRef = useRef<HTMLInputElement | null>(null);
  const captureRef = useRef<HTMLButtonElement | null>(null);
  const registerRef = useRef<HTMLButtonElement | null>(null);
  const [cameraOn, setCameraOn] = useState(false);
  const camera = useCamera(videoRef, cameraOn, { facingMode: 'environment', idealWidth: 1920, idealHeight: 1080 });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [dragging, setDragging] = useState(false);
  const ocrUsed = useRef(false);
  const run = useRef(0);

  // Open the camera straight away when the browser already allows it.
  useEffect(() => {
    let alive = true;
    navigator.permissions
      ?.query({ name: 'camera' as PermissionName })
      .then((s) => {
        if (alive && s.state === 'granted') setCameraOn(true);
      })
      .catch(() => {});
    return () => {
      alive = false;
    };
  }, []);

  // The OCR engine holds a lot of memory: let it go with the screen.
  useEffect(
    () => () => {
      if (ocrUsed.current) void import('../ocr').then((m) => m.disposeOcr());
    },
    [],
  );

  useEffect(() => {
    if (camera.status === 'live') captureRef.current?.focus();
  }, [camera.status]);

  useEffect(() => {
    if (outcome?.kind === 'result') registerRef.current?.focus();
  }, [outcome?.kind]);

  const working = outcome?.kind === 'working';

  const read = async (source: CanvasImageSource, width: number, height: number) => {
    const id = ++run.current;
    const preview = thumbnail(source, width, height);
    setOutcome({ kind: 'working', phase: 'loading', progress: 0, preview });
    ocrUsed.current = true;
    try {
      const ocr = await import('../ocr');
      const reading = await ocr.readDocument(source, width, height, (phase, progress) => {
        if (run.current === id) setOutcome({ kind: 'working', phase, progress, preview });
      });
      if (run.current !== id) return;
      setOutcome(reading.result ? { kind: 'result', mrz: reading.result, preview } : { kind: 'nothing', preview });
    } catch (e) {
      console.error('OCR failed', e);
      if (run.current === id) setOutcome({ kind: 'failed', preview });
    }
  };

  const capture = () => {
    const video = videoRef.current;
    if (!video || camera.status !== 'live' || !video.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')?.drawImage(video, 0, 0);
    void read(canvas, canvas.width, canvas.height);
  };

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setOutcome({ kind: 'failed', preview: '' });
      return;
    }
    try {
      const bitmap = await createImageBitmap(file);
      await read(bitmap, bitmap.width, bitmap.height);
    } catch {
      setOutcome({ kind: 'failed', preview: '' });
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void readFile(e.dataTransfer.files?.[0]);
  };

  const register = (m: MrzResult) => {
    const params = registrationParams(
      { name: titleCase(m.givenNames), surname: titleCase(m.surname), dni: m.idNumber, birthdate: m.birthDate ?? '' },
      'dniread',
    );
    navigate(`/userinvite?${params.toString()}`);
  };

  const uploadButton = (primary = false) => (
    <Button
      size="large"
      type={primary ? 'primary' : 'default'}
      icon={<UploadOutlined />}
      onClick={() => fileRef.current?.click()}
      disabled={working}
      data-testid="dni-upload"
    >
      {t('memberTools.dni.upload')}
    </Button>
  );

  return (
    <div className={shared.page} data-testid="dni-read">
      <PageHeader icon={<ScanOutlined />} title={t('memberTools.dni.title')} subtitle={t('memberTools.dni.subtitle')} />
      <input
        ref={fileRef}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        onChange={(e) => {
          void readFile(e.target.files?.[0]);
          e.target.value = '';
        }}
        data-testid="dni-file"
      />
      <div className={styles.layout}>
        <section
          className={`${styles.capture} ${dragging ? styles.dragging : ''}`}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          aria-label={t('memberTools.dni.captureTitle')}
        >
          <div className={styles.viewport}>
            <video ref={videoRef} className={scan.video} muted playsInline data-testid="dni-video" />
            {camera.status === 'live' && (
              <div className={`${scan.cover} ${styles.guide}`} aria-hidden="true">
                <div className={styles.guideCard}>
                  <div className={styles.guideMrz}>
                    <span>{'IDESP<<<<<<<<<<<<<<<<<<<<<<<<<<'}</span>
                    <span>{'<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<'}</span>
                    <span>{'<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<'}</span>
                  </div>
                </div>
                <p className={styles.guideHint}>{t('memberTools.dni.guide')}</p>
              </div>
            )}
            {!cameraOn && (
              <div className={`${scan.cover} ${styles.off}`}>
                <div className={styles.offIcon} aria-hidden="true">
                  <CameraOutlined />
                </div>
                <p className={styles.offTitle}>{t('memberTools.dni.cameraOffTitle')}</p>
                <p className={styles.offHelp}>{t('memberTools.dni.cameraOffHelp')}</p>
                <div className={styles.offActions}>
                  <Button type="primary" size="large" icon={<CameraOutlined />} onClick={() => setCameraOn(true)} data-testid="dni-camera-on">
                    {t('memberTools.dni.cameraOn')}
                  </Button>
                  {uploadButton()}
                </div>
              </div>
            )}
            {cameraOn && camera.status === 'starting' && (
              <div className={`${scan.cover} ${styles.off}`}>
                <Spin size="large" />
                <p className={styles.offHelp}>{t('scan.starting')}</p>
              </div>
            )}
            {cameraOn && camera.status === 'error' && camera.problem && (
              <div className={`${scan.cover} ${styles.problem}`}>
                <CameraProblemView problem={camera.problem} onRetry={camera.retry} extra={uploadButton(true)} />
              </div>
            )}
          </div>
          <div className={styles.actions}>
            {camera.status === 'live' && (
              <Button
                ref={captureRef}
                type="primary"
                size="large"
                icon={<ScanOutlined />}
                onClick={capture}
                loading={working}
                className={styles.captureButton}
                data-testid="dni-capture"
              >
                {t('memberTools.dni.capture')}
              </Button>
            )}
            {cameraOn && camera.status !== 'error' && uploadButton()}
            {camera.status === 'live' && camera.canSwitch && (
              <Button size="large" onClick={camera.switchCamera}>
                {t('scan.switchCamera')}
              </Button>
            )}
            {cameraOn && (
              <Button size="large" type="text" icon={<PoweroffOutlined />} onClick={() => setCameraOn(false)} data-testid="dni-camera-off">
                {t('memberTools.dni.cameraOff')}
              </Button>
            )}
          </div>
          <p className={styles.tips}>{t('memberTools.dni.tips')}</p>
        </section>

        <section className={styles.result} aria-live="polite" data-testid="dni-result">
          <h2 className={styles.resultTitle}>{t('memberTools.dni.resultTitle')}</h2>
          {outcome === null && (
            <div className={styles.empty}>
              <FileSearchOutlined className={styles.emptyIcon} />
              <ol className={styles.steps}>
                <li>{t('memberTools.dni.step1')}</li>
                <li>{t('memberTools.dni.step2')}</li>
                <li>{t('memberTools.dni.step3')}</li>
              </ol>
            </div>
          )}
          {outcome && outcome.preview && <img className={styles.preview} src={outcome.preview} alt={t('memberTools.dni.previewAlt')} />}
          {outcome?.kind === 'working' && (
            <div className={styles.working} data-testid="dni-working">
              <Progress
                percent={Math.round((outcome.phase === 'loading' ? outcome.progress * 0.3 : 0.3 + outcome.progress * 0.7) * 100)}
                status="active"
                strokeColor="#a463bf"
              />
              <p className={shared.muted}>{outcome.phase === 'loading' ? t('memberTools.dni.loadingEngine') : t('memberTools.dni.reading')}</p>
            </div>
          )}
          {(outcome?.kind === 'nothing' || outcome?.kind === 'failed') && (
            <div className={styles.nothing} role="alert" data-testid="dni-nothing">
              <WarningFilled className={styles.nothingIcon} />
              <p className={styles.nothingTitle}>{t('memberTools.dni.nothing')}</p>
              <p className={shared.muted}>{outcome.kind === 'failed' ? t('memberTools.dni.failedHelp') : t('memberTools.dni.nothingHelp')}</p>
              <Button icon={<ReloadOutlined />} onClick={() => setOutcome(null)}>
                {t('memberTools.dni.again')}
              </Button>
            </div>
          )}
          {outcome?.kind === 'result' && <MrzFields mrz={outcome.mrz} onRegister={register} onAgain={() => setOutcome(null)} registerRef={registerRef} />}
        </section>
      </div>
    </div>
  );
}

function MrzFields({
  mrz,
  onRegister,
  onAgain,
  registerRef,
}: {
  mrz: MrzResult;
  onRegister: (m: MrzResult) => void;
  onAgain: () => void;
  registerRef: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation();
  const dash = t('common.notAvailable');
  const kind = mrz.format === 'TD3' ? 'passport' : mrz.issuingState === 'ESP' && mrz.documentCode.startsWith('I') ? 'dni' : 'idCard';
  const expiry = isoToSeconds(mrz.expiryDate);
  const expired = expiry !== null && expiry < Date.now() / 1000;
  return (
    <div className={styles.fields} data-testid="dni-fields" data-verified={mrz.verified}>
      {mrz.verified === 'all' ? (
        <Alert type="success" showIcon icon={<CheckCircleFilled />} title={t('memberTools.dni.checksOk')} data-testid="dni-checks" />
      ) : mrz.verified === 'partial' ? (
        <Alert type="info" showIcon title={t('memberTools.dni.checksPartial')} data-testid="dni-checks" />
      ) : (
        <Alert type="warning" showIcon title={t('memberTools.dni.checksBad')} data-testid="dni-checks" />
      )}
      <dl className={styles.main}>
        <div>
          <dt>{t('memberTools.dni.name')}</dt>
          <dd data-testid="dni-name">{titleCase(mrz.givenNames) || dash}</dd>
        </div>
        <div>
          <dt>{t('memberTools.dni.surname')}</dt>
          <dd data-testid="dni-surname">{titleCase(mrz.surname) || dash}</dd>
        </div>
        <div>
          <dt>{t('memberTools.dni.idNumber')}</dt>
          <dd className={shared.mono} data-testid="dni-number">
            {mrz.idNumber || dash}
          </dd>
        </div>
        <div>
          <dt>{t('memberTools.dni.birthdate')}</dt>
          <dd className={shared.num} data-testid="dni-birthdate">
            {mrz.birthDate ? formatDate(isoToSeconds(mrz.birthDate)) : dash}
          </dd>
        </div>
      </dl>
      <dl className={styles.secondary}>
        <div>
          <dt>{t('memberTools.dni.document')}</dt>
          <dd>
            {t(`memberTools.dni.kinds.${kind}`)} · {mrz.issuingState}
          </dd>
        </div>
        {mrz.documentNumber !== mrz.idNumber && (
          <div>
            <dt>{t('memberTools.dni.documentNumber')}</dt>
            <dd className={shared.mono}>{mrz.documentNumber}</dd>
          </div>
        )}
        <div>
          <dt>{t('memberTools.dni.nationality')}</dt>
          <dd>{mrz.nationality || dash}</dd>
        </div>
        <div>
          <dt>{t('memberTools.dni.sex')}</dt>
          <dd>{t(`memberTools.dni.sexes.${mrz.sex}`)}</dd>
        </div>
        <div>
          <dt>{t('memberTools.dni.expiry')}</dt>
          <dd className={shared.num}>
            {expiry ? formatDate(expiry) : dash}{' '}
            {expired && (
              <Tag color="red" bordered={false}>
                {t('memberTools.dni.expired')}
              </Tag>
            )}
          </dd>
        </div>
      </dl>
      <details className={styles.raw}>
        <summary>{t('memberTools.dni.rawZone')}</summary>
        <pre className={shared.mono}>{mrz.lines.join('\n')}</pre>
      </details>
      <div className={styles.resultActions}>
        <Button size="large" icon={<ReloadOutlined />} onClick={onAgain}>
          {t('memberTools.dni.again')}
        </Button>
        <Button ref={registerRef} size="large" type="primary" icon={<UserAddOutlined />} onClick={() => onRegister(mrz)} data-testid="dni-register">
          {t('memberTools.dni.register')}
        </Button>
      </div>
    </div>
  );
}

/** A small JPEG of what is being read, shown beside the result. */
function thumbnail(source: CanvasImageSource, width: number, height: number): string {
  const scale = Math.min(1, 640 / width);
  const c = document.createElement('canvas');
  c.width = Math.round(width * scale);
  c.height = Math.round(height * scale);
  c.getContext('2d')?.drawImage(source, 0, 0, c.width, c.height);
  try {
    return c.toDataURL('image/jpeg', 0.8);
  } catch {
    return '';
  }
}
