import '../i18n';
import { QrcodeOutlined, SafetyCertificateOutlined, SearchOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { Alert, Input, Spin, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api';
import { QrScannerModal } from '../../../shared/scan/QrScanner';
import { useIsDesktop } from '../../../shared/ui/useMediaQuery';
import { useMemberLookup, type Member } from '../api';
import { MemberCard } from '../components/MemberCard';
import { PageHeader } from '../components/PageHeader';
import { useErrorText } from '../errors';
import shared from '../memberTools.module.css';
import styles from './userValidation.module.css';

type Outcome = { kind: 'found'; member: Member; code: string } | { kind: 'notFound'; code: string } | { kind: 'error'; text: string };

/**
 * Route "uservalidation": a large QR button opens the camera scanner; a scanned code (or one typed
 * or sent by a USB scanner, then Enter) looks the member up and shows their card, or
 * USUARIO NO ENCONTRADO.
 */
export default function UserValidationPage() {
  const { t } = useTranslation();
  const lookup = useMemberLookup();
  const errorText = useErrorText();
  const [scanning, setScanning] = useState(false);
  const [code, setCode] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const inputRef = useRef<InputRef | null>(null);
  const resultRef = useRef<HTMLElement | null>(null);
  const isDesktop = useIsDesktop();

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const validate = (raw: string) => {
    const value = raw.trim();
    if (!value) {
      inputRef.current?.focus();
      return;
    }
    setCode(value);
    lookup.mutate(value, {
      onSuccess: (member) => setOutcome({ kind: 'found', member, code: value }),
      onError: (e) => {
        if (isApiError(e) && (e.status === 404 || e.status === 422)) setOutcome({ kind: 'notFound', code: value });
        else setOutcome({ kind: 'error', text: errorText(e) });
      },
      onSettled: () => {
        requestAnimationFrame(() => {
          // On a phone the card is below the scan panel: bring it into view.
          if (!isDesktop) resultRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
          // The next scan replaces this code.
          inputRef.current?.focus({ cursor: 'all', preventScroll: !isDesktop });
        });
      },
    });
  };

  return (
    <div className={shared.page} data-testid="user-validation">
      <PageHeader icon={<SafetyCertificateOutlined />} title={t('memberTools.validation.title')} subtitle={t('memberTools.validation.subtitle')} />
      <div className={styles.layout}>
        <section className={`${shared.panel} ${styles.scanPanel}`} aria-label={t('memberTools.validation.scanPanel')}>
          <button type="button" className={styles.qrButton} onClick={() => setScanning(true)} data-testid="validation-scan">
            <QrcodeOutlined className={styles.qrIcon} />
            <span className={styles.qrText}>
              <span className={styles.qrLabel}>{t('memberTools.validation.scan')}</span>
              <span className={styles.qrHint}>{t('memberTools.validation.scanHint')}</span>
            </span>
          </button>
          <div className={styles.or}>
            <span>{t('memberTools.validation.or')}</span>
          </div>
          <label className={styles.inputLabel} htmlFor="validation-code">
            {t('memberTools.validation.codeLabel')}
          </label>
          <Input.Search
            id="validation-code"
            ref={inputRef}
            size="large"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            onSearch={(v) => validate(v)}
            placeholder={t('memberTools.validation.codePlaceholder')}
            enterButton={<SearchOutlined aria-label={t('memberTools.validation.check')} />}
            autoComplete="off"
            allowClear
            loading={lookup.isPending}
            data-testid="validation-code"
          />
          <p className={styles.inputHelp}>{t('memberTools.validation.codeHelp')}</p>
        </section>

        <section ref={resultRef} className={styles.resultPanel} aria-live="polite" data-testid="validation-result">
          {lookup.isPending ? (
            <div className={styles.placeholder}>
              <Spin size="large" />
            </div>
          ) : outcome?.kind === 'found' ? (
            <MemberCard member={outcome.member} />
          ) : outcome?.kind === 'notFound' ? (
            <div className={styles.notFound} role="alert" data-testid="validation-not-found">
              <UserDeleteOutlined className={styles.notFoundIcon} />
              <p className={styles.notFoundTitle}>{t('memberTools.validation.notFound')}</p>
              <p className={styles.notFoundCode}>
                {t('memberTools.validation.searchedCode')} <span className={shared.mono}>{outcome.code}</span>
              </p>
            </div>
          ) : outcome?.kind === 'error' ? (
            <Alert type="error" showIcon title={outcome.text} />
          ) : (
            <div className={styles.placeholder}>
              <div className={styles.placeholderIcon} aria-hidden="true">
                <QrcodeOutlined />
              </div>
              <p className={styles.placeholderTitle}>{t('memberTools.validation.idleTitle')}</p>
              <p className={shared.muted}>{t('memberTools.validation.idleHelp')}</p>
            </div>
          )}
        </section>
      </div>
      <QrScannerModal
        open={scanning}
        onClose={() => setScanning(false)}
        onResult={(text) => {
          setScanning(false);
          validate(text);
        }}
      />
    </div>
  );
}
