import './i18n';
import { ClearOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import SignaturePad from 'signature_pad';
import styles from './signature.module.css';

/** Size of the signature canvas (spec part 1 §9): the contract and the order signature. */
export const SIGNATURE_WIDTH = 400;
export const SIGNATURE_HEIGHT = 170;

interface Props {
  /** A PNG data URL of what was drawn, '' when empty. */
  value: string;
  onChange: (dataUrl: string) => void;
  /** The stored signature of an edited member, shown until a new one is drawn. */
  existingUrl?: string;
}

/** A signature (contract, order): a 400x170 signature_pad canvas (finger, pen or mouse) and a clear button. */
export function SignatureField({ value, onChange, existingUrl }: Props) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const latest = useRef(value);
  latest.current = value;

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const p = new SignaturePad(el, { penColor: '#2A1F33', minWidth: 0.8, maxWidth: 2.4, backgroundColor: 'rgba(0,0,0,0)' });
    pad.current = p;
    // The spec's 400x170 drawing area, narrower only when the screen is (a phone held upright);
    // drawn at the screen's pixel density so the strokes stay sharp.
    const room = (box.current?.parentElement?.clientWidth || SIGNATURE_WIDTH + 4) - 4; // the box's 2 px border
    const width = Math.min(SIGNATURE_WIDTH, room);
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    el.style.width = `${width}px`;
    el.style.height = `${SIGNATURE_HEIGHT}px`;
    el.width = width * ratio;
    el.height = SIGNATURE_HEIGHT * ratio;
    el.getContext('2d')?.scale(ratio, ratio);
    p.clear();
    if (latest.current) void p.fromDataURL(latest.current, { width, height: SIGNATURE_HEIGHT });
    const onEnd = () => onChange(p.isEmpty() ? '' : p.toDataURL('image/png'));
    p.addEventListener('endStroke', onEnd);
    return () => {
      p.removeEventListener('endStroke', onEnd);
      p.off();
      pad.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const clear = () => {
    pad.current?.clear();
    onChange('');
  };

  return (
    <div className={styles.signature}>
      <div className={styles.signatureArea}>
        <div className={styles.signatureBox} ref={box}>
          {!value && existingUrl && <img src={existingUrl} alt="" className={styles.signatureExisting} />}
          <canvas
            ref={canvas}
            className={styles.signatureCanvas}
            aria-label={t('signature.signHere')}
            data-testid="signature-canvas"
          />
          <span className={styles.signatureLine} aria-hidden="true" />
        </div>
      </div>
      <div className={styles.signatureBar}>
        <span className={styles.muted}>{!value && existingUrl ? t('signature.kept') : t('signature.hint')}</span>
        <Button icon={<ClearOutlined />} onClick={clear} disabled={!value} data-testid="signature-clear">
          {t('signature.clear')}
        </Button>
      </div>
    </div>
  );
}
