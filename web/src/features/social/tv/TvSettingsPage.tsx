import '../i18n';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, ColorPicker, Form, Input, QRCode, Skeleton, Switch } from 'antd';
import { useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { publicProductLink, refusalText, shownLocally } from '../../../shared/api';
import { formatNumber } from '../../../shared/format';
import { useClubId } from '../../../shared/session';
import layout from '../../../shared/ui/layout.module.css';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { useSaveTvSettings, useTvProducts, useTvSettings, type TvSettings } from '../api';
import { tvInterval, TV_INTERVAL_MAX_S, TV_INTERVAL_MIN_S } from '../model';
import styles from './tv.module.css';
import { useApp } from '../../../shared/ui/useApp';

/** Swatches offered for the background and the text (the club theme first). */
const SWATCHES = ['#A463BF', '#5B2C83', '#1F1A24', '#0E5A47', '#1D4E89', '#B23A48', '#E9A23B', '#FFFFFF', '#000000'];

/**
 * Route "tvshowsettings" (spec part 2 §2 "TV show settings"): the carousel's switches (subtitle,
 * description, QR), the interval (kept in ms, 6 digits at most; shown and typed in seconds) and the
 * background and text colours from the swatches or typed. Each change is saved at once and every TV
 * screen applies it (this browser's at once, others at their next read); a sample slide shows the
 * result, its QR the public page of the first product the screens show (the app's address when none).
 */
export default function TvSettingsPage() {
  const { t, i18n } = useTranslation();
  const { message } = useApp();
  const navigate = useNavigate();
  const club = useClubId();
  const settings = useTvSettings();
  const save = useSaveTvSettings();
  const products = useTvProducts();
  const [intervalText, setIntervalText] = useState('');
  const s = settings.data;
  const seconds = (ms: number) => formatNumber(ms / 1000);
  const first = products.data?.products?.find((p) => p.public && p.public_token);
  const qrLink = first ? publicProductLink(window.location.origin, first.public_token, club) : `${window.location.origin}/app/`;

  useEffect(() => {
    if (s) setIntervalText(seconds(s.interval));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [s, i18n.language]);

  const change = (patch: Partial<TvSettings>) => {
    if (!s) return;
    save.mutate(
      { ...s, ...patch },
      {
        onSuccess: () => message.success({ content: t('social.tv.settings.saved'), key: 'tv-saved', duration: 2 }),
        onError: (e) => {
          if (shownLocally(e)) message.error(refusalText(e, t, i18n, 'social'), 4);
        },
      },
    );
  };
  const typedInterval = tvInterval(intervalText);

  const colour = (key: 'backgroundcolor' | 'textcolor', label: string) => (
    <Form.Item label={label}>
      <ColorPicker
        value={s?.[key]}
        disabledAlpha
        showText
        format="hex"
        presets={[{ label: t('social.tv.settings.swatches'), colors: SWATCHES }]}
        onChangeComplete={(c) => change({ [key]: c.toHexString().toUpperCase() })}
        data-testid={`tv-${key}`}
      />
    </Form.Item>
  );

  return (
    <div className={layout.page} data-testid="tvsettings-page">
      <PageHeader
        title={t('social.tv.settings.title')}
        subtitle={t('social.tv.settings.subtitle')}
        start={<Button shape="circle" icon={<ArrowLeftOutlined />} onClick={() => navigate('/tvshows')} aria-label={t('social.back')} />}
      />
      {!s ? (
        <Card className={layout.card}>
          <Skeleton active />
        </Card>
      ) : (
        <div className={styles.settingsGrid}>
          <Card className={layout.card}>
            <Form layout="vertical">
              <div className={styles.switches}>
                {(
                  [
                    ['showItemSubtitle', 'subtitle'],
                    ['showItemDescription', 'description'],
                    ['showItemQr', 'qr'],
                  ] as const
                ).map(([key, label]) => (
                  <label key={key} className={styles.switchRow}>
                    <span>{t(`social.tv.settings.show.${label}`)}</span>
                    <Switch checked={s[key]} onChange={(on) => change({ [key]: on })} data-testid={`tv-${key}`} />
                  </label>
                ))}
              </div>
              <Form.Item
                label={t('social.tv.settings.interval')}
                htmlFor="tv-interval"
                validateStatus={typedInterval === null ? 'error' : undefined}
                help={
                  typedInterval === null
                    ? t('social.tv.settings.intervalInvalid', { min: TV_INTERVAL_MIN_S, max: TV_INTERVAL_MAX_S })
                    : t('social.tv.settings.intervalHelp', { seconds: seconds(s.interval) })
                }
              >
                <Input
                  id="tv-interval"
                  inputMode="decimal"
                  maxLength={6}
                  value={intervalText}
                  onChange={(e) => setIntervalText(e.target.value.replace(/[^\d.,]/g, ''))}
                  onBlur={() => typedInterval !== null && typedInterval !== s.interval && change({ interval: typedInterval })}
                  onPressEnter={() => typedInterval !== null && typedInterval !== s.interval && change({ interval: typedInterval })}
                  suffix="s"
                  className={styles.intervalInput}
                  data-testid="tv-interval"
                />
              </Form.Item>
              <div className={styles.colors}>
                {colour('backgroundcolor', t('social.tv.settings.background'))}
                {colour('textcolor', t('social.tv.settings.text'))}
              </div>
            </Form>
          </Card>
          <Card className={layout.card} title={t('social.preview')}>
            <div className={styles.sample} style={{ background: s.backgroundcolor, color: s.textcolor } as CSSProperties} data-testid="tv-sample">
              <div className={styles.sampleImage} />
              <div>
                <h3>{t('social.tv.settings.sampleTitle')}</h3>
                {s.showItemSubtitle && <p data-testid="sample-subtitle">{t('social.tv.settings.sampleSubtitle')}</p>}
                {s.showItemDescription && <p data-testid="sample-description">{t('social.tv.settings.sampleDescription')}</p>}
                {s.showItemQr && (
                  <div className={styles.sampleQr} data-testid="sample-qr">
                    <QRCode value={qrLink} size={88} bordered={false} color="#000000" bgColor="#ffffff" type="svg" aria-label={t('social.tv.settings.sampleQr')} />
                  </div>
                )}
              </div>
            </div>
          </Card>
        </div>
      )}
    </div>
  );
}
