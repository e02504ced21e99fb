import { ClearOutlined, DownOutlined, QrcodeOutlined, SearchOutlined, UpOutlined, WifiOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, Input, Segmented, Tooltip, type FormInstance, type InputRef } from 'antd';
import { useEffect, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsDesktop } from '../../../shared/ui/useMediaQuery';
import { cleanKeychain, type SearchValues } from '../model';
import styles from '../members.module.css';

/** Minimal Web NFC types (Chrome on Android); the button shows only where the browser has it. */
interface NdefRecord {
  recordType: string;
  data?: DataView;
  encoding?: string;
}
interface NdefReadingEvent extends Event {
  serialNumber: string;
  message: { records: NdefRecord[] };
}
interface NdefReader extends EventTarget {
  scan(options?: { signal?: AbortSignal }): Promise<void>;
}
type NdefReaderCtor = new () => NdefReader;

function ndefReaderCtor(): NdefReaderCtor | null {
  const w = window as unknown as { NDEFReader?: NdefReaderCtor };
  return typeof w.NDEFReader === 'function' ? w.NDEFReader : null;
}

/** The code of a tag: its first text record, else its serial number. */
function tagCode(e: NdefReadingEvent): string {
  for (const r of e.message?.records ?? []) {
    if (r.recordType === 'text' && r.data) {
      try {
        return cleanKeychain(new TextDecoder(r.encoding || 'utf-8').decode(r.data));
      } catch {
        /* fall back to the serial number */
      }
    }
  }
  return cleanKeychain(e.serialNumber ?? '');
}

interface Props {
  form: FormInstance<SearchValues>;
  onSearch: (values: SearchValues) => void;
  searching?: boolean;
  /** Shows the QR button (club flag gestion_avanzada_socios). */
  onQr?: () => void;
  keychainRef?: Ref<InputRef>;
  testIdPrefix?: string;
}

/**
 * The search bar of the member screens: key fob first (a USB reader types digits then Enter, which
 * runs the search at once; Web NFC where the browser has it), member number, ID number, name,
 * surname, e-mail, phone and the active / inactive / all filter. Enter in any field searches.
 */
export function MemberSearchBar({ form, onSearch, searching, onQr, keychainRef, testIdPrefix = 'search' }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const NDEF = ndefReaderCtor();
  const isDesktop = useIsDesktop();
  // On a phone the key fob, name and surname show; number, ID number, e-mail and phone fold away until asked for.
  const [more, setMore] = useState(false);
  const folded = !isDesktop && !more;
  const dniValue = Form.useWatch('dni', form);
  useEffect(() => {
    if (dniValue) setMore(true);
  }, [dniValue]);
  const [nfcOn, setNfcOn] = useState(false);
  const nfcAbort = useRef<AbortController | null>(null);

  useEffect(() => () => nfcAbort.current?.abort(), []);

  const startNfc = async () => {
    if (!NDEF) return;
    if (nfcOn) {
      nfcAbort.current?.abort();
      setNfcOn(false);
      return;
    }
    const ctl = new AbortController();
    nfcAbort.current = ctl;
    try {
      const reader = new NDEF();
      reader.addEventListener('reading', (ev) => {
        const code = tagCode(ev as NdefReadingEvent);
        if (!code) return;
        ctl.abort();
        setNfcOn(false);
        form.setFieldsValue({ keychain: code });
        onSearch({ ...form.getFieldsValue(), keychain: code });
      });
      await reader.scan({ signal: ctl.signal });
      setNfcOn(true);
    } catch (e) {
      setNfcOn(false);
      message.error(t('members.search.nfcError', { message: e instanceof Error ? e.message : String(e) }));
    }
  };

  const id = (name: string) => `${testIdPrefix}-${name}`;

  return (
    <Card className={styles.searchCard} data-testid={id('bar')}>
      <Form<SearchValues>
        form={form}
        layout="vertical"
        onFinish={onSearch}
        initialValues={{ status: 'all' }}
        className={styles.searchForm}
        requiredMark={false}
      >
        <div className={styles.searchGrid}>
          <Form.Item name="keychain" label={t('members.fields.keychain')} className={styles.searchKeychain}>
            <Input
              ref={keychainRef}
              size="large"
              allowClear
              autoComplete="off"
              inputMode="text"
              maxLength={64}
              placeholder={t('members.search.keychainPlaceholder')}
              data-testid={id('keychain')}
              aria-describedby={id('reader-hint')}
              suffix={
                <span className={styles.inputActions}>
                  {NDEF && (
                    <Tooltip title={nfcOn ? t('members.search.nfcStop') : t('members.search.nfc')}>
                      <Button
                        type={nfcOn ? 'primary' : 'text'}
                        size="small"
                        icon={<WifiOutlined rotate={90} />}
                        onClick={() => void startNfc()}
                        aria-label={t('members.search.nfc')}
                        data-testid={id('nfc')}
                      />
                    </Tooltip>
                  )}
                  {onQr && (
                    <Tooltip title={t('members.search.qr')}>
                      <Button
                        type="text"
                        size="small"
                        icon={<QrcodeOutlined />}
                        onClick={onQr}
                        aria-label={t('members.search.qr')}
                        data-testid={id('qr')}
                      />
                    </Tooltip>
                  )}
                </span>
              }
            />
          </Form.Item>
          <Criterion name="number" label={t('members.fields.number')} hidden={folded} inputMode="numeric" maxLength={9} placeholder={t('members.search.numberPlaceholder')} testId={id('number')} />
          <Criterion name="dni" label={t('members.fields.dni')} hidden={folded} maxLength={30} placeholder={t('members.search.dniPlaceholder')} testId={id('dni')} />
          <Criterion name="nombre" label={t('members.fields.nombre')} maxLength={80} placeholder={t('members.search.namePlaceholder')} testId={id('nombre')} />
          <Criterion name="surname" label={t('members.fields.surnames')} maxLength={80} placeholder={t('members.search.surnamePlaceholder')} testId={id('surname')} />
          <Criterion name="email" label={t('members.fields.email')} hidden={folded} maxLength={80} placeholder={t('members.search.emailPlaceholder')} testId={id('email')} />
          <Criterion name="telefono" label={t('members.fields.telefono')} hidden={folded} inputMode="tel" maxLength={20} placeholder={t('members.search.phonePlaceholder')} testId={id('telefono')} />
        </div>
        {!isDesktop && (
          <Button
            type="link"
            className={styles.moreFilters}
            icon={more ? <UpOutlined /> : <DownOutlined />}
            onClick={() => setMore((m) => !m)}
            data-testid={id('more')}
          >
            {more ? t('members.search.lessFilters') : t('members.search.moreFilters')}
          </Button>
        )}
        <div className={styles.searchFooter}>
          <Form.Item name="status" noStyle>
            <Segmented
              size="large"
              data-testid={id('status')}
              options={[
                { value: 'all', label: t('members.status.all') },
                { value: '1', label: t('members.status.activeMany') },
                { value: '0', label: t('members.status.inactiveMany') },
              ]}
              onChange={() => form.submit()}
            />
          </Form.Item>
          <p className={styles.readerHint} id={id('reader-hint')}>
            {t('members.search.readerHint')}
          </p>
          <div className={styles.searchButtons}>
            <Button
              size="large"
              icon={<ClearOutlined />}
              onClick={() => {
                form.resetFields();
                form.submit();
              }}
              data-testid={id('clear')}
            >
              {t('members.search.clear')}
            </Button>
            <Button size="large" type="primary" htmlType="submit" icon={<SearchOutlined />} loading={searching} data-testid={id('submit')}>
              {t('members.search.submit')}
            </Button>
          </div>
        </div>
      </Form>
    </Card>
  );
}

/** One text criterion of the bar: a large input with a clear button and no browser autofill. */
function Criterion({
  name,
  label,
  hidden,
  inputMode,
  maxLength,
  placeholder,
  testId,
}: {
  name: keyof SearchValues;
  label: string;
  hidden?: boolean;
  inputMode?: 'numeric' | 'tel';
  maxLength: number;
  placeholder: string;
  testId: string;
}) {
  return (
    <Form.Item name={name} label={label} hidden={hidden}>
      <Input size="large" allowClear autoComplete="off" inputMode={inputMode} maxLength={maxLength} placeholder={placeholder} data-testid={testId} />
    </Form.Item>
  );
}
