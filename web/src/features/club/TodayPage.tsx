import './i18n';
import {
  BankOutlined,
  CalendarOutlined,
  EuroCircleOutlined,
  ExperimentOutlined,
  HomeOutlined,
  InboxOutlined,
  LoginOutlined,
  ReloadOutlined,
  RightOutlined,
  ShoppingCartOutlined,
} from '@ant-design/icons';
import { Button, Card, Result, Skeleton } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney, formatNumber } from '../../shared/format';
import { currentLanguage, LOCALE_TAGS } from '../../shared/i18n';
import { useClub, useClubSelection } from '../../shared/session';
import { CenteredSpin } from '../../shared/ui/CenteredSpin';
import { PageHeader } from '../../shared/ui/PageHeader';
import layout from '../../shared/ui/layout.module.css';
import { useToday, type Today } from './api';
import { ClubChooser, NoClubs } from './ClubPage';
import styles from './today.module.css';

/**
 * Route "today", where staff land after login: the club's day so far as their roles may see it.
 * Each figure is a link to the screen it sums up; the server leaves out what the roles may not
 * open, and the screen shows only what it is sent. With several clubs and none chosen, the chooser.
 */
export default function TodayPage() {
  const { clubs, currentId, isPending } = useClubSelection();
  if (isPending) return <CenteredSpin />;
  if (clubs.length === 0) return <NoClubs />;
  if (currentId === null) return <ClubChooser clubs={clubs} />;
  return <TodayView club={currentId} />;
}

interface Tile {
  key: string;
  /** The route the figure links to. */
  to: string;
  icon: ReactNode;
  label: string;
  value: string;
  note?: ReactNode;
  /** Something to look at (low stock, fees ending). */
  attention?: boolean;
}

/** The day as the user reads it: "martes, 25 de noviembre". */
function longDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  const text = new Intl.DateTimeFormat(LOCALE_TAGS[currentLanguage()].bcp47, { weekday: 'long', day: 'numeric', month: 'long' }).format(
    new Date(y, m - 1, d, 12),
  );
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

function timeOf(unix: number): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[currentLanguage()].bcp47, { hour: '2-digit', minute: '2-digit' }).format(new Date(unix * 1000));
}

/** The tiles of the figures present in the reply, in the order a club's day reads. */
function tilesOf(d: Today, t: TFunction): Tile[] {
  const out: Tile[] = [];
  if (d.sales) {
    out.push({
      key: 'sales',
      to: '/ordersReport',
      icon: <EuroCircleOutlined />,
      label: t('today.sales'),
      value: formatMoney(d.sales.amount),
      note: t('today.salesNote', { n: formatNumber(d.sales.orders) }),
    });
  }
  if (d.grams !== undefined) {
    out.push({
      key: 'grams',
      to: '/dispensationReport',
      icon: <ExperimentOutlined />,
      label: t('today.grams'),
      value: `${formatNumber(d.grams, 2)} g`,
      note: t('today.gramsNote'),
    });
  }
  if (d.in_club !== undefined) {
    out.push({
      key: 'in_club',
      to: '/accesscontrol',
      icon: <LoginOutlined />,
      label: t('today.inClub'),
      value: formatNumber(d.in_club),
      note: t('today.inClubNote'),
    });
  }
  if (d.open_orders !== undefined) {
    out.push({
      key: 'open_orders',
      to: '/ordersInProcess',
      icon: <ShoppingCartOutlined />,
      label: t('today.openOrders'),
      value: formatNumber(d.open_orders),
      note: t('today.openOrdersNote'),
    });
  }
  if (d.cash_box !== undefined) {
    out.push({
      key: 'cash_box',
      to: '/movementsreport',
      icon: <BankOutlined />,
      label: t('today.cashBox'),
      value: formatMoney(d.cash_box),
      note: t('today.cashBoxNote'),
    });
  }
  if (d.low_stock) {
    const ls = d.low_stock;
    const products = ls.products ?? [];
    out.push({
      key: 'low_stock',
      to: '/stockmanager',
      icon: <InboxOutlined />,
      label: t('today.lowStock'),
      value: formatNumber(ls.count),
      attention: ls.count > 0,
      note:
        products.length > 0 ? (
          <ul className={styles.lowList} data-testid="today-low-products">
            {products.map((p) => (
              <li key={p.pid}>
                <span className={styles.lowTitle}>{p.title}</span>
                <span className={styles.lowStock}>
                  {formatNumber(p.stock, 2)} {p.type === 'peso' ? 'g' : t('today.units')}
                </span>
              </li>
            ))}
          </ul>
        ) : ls.level > 0 ? (
          t('today.lowStockNote', { level: formatNumber(ls.level, 2) })
        ) : (
          t('today.soldOutNote')
        ),
    });
  }
  if (d.fees_ending) {
    out.push({
      key: 'fees_ending',
      to: '/patientmanager',
      icon: <CalendarOutlined />,
      label: t('today.feesEnding'),
      value: formatNumber(d.fees_ending.count),
      attention: d.fees_ending.count > 0,
      note: t('today.feesEndingNote', { days: d.fees_ending.days }),
    });
  }
  return out;
}

function TodayView({ club }: { club: number }) {
  const { t } = useTranslation();
  const info = useClub(club);
  const today = useToday();
  const title = info.data?.title ?? '';

  const header = (
    <PageHeader
      title={t('today.title')}
      subtitle={today.data ? t('today.subtitle', { day: longDay(today.data.day), club: title }) : title}
      titleTestId="today-title"
      actions={
        <>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void today.refetch()}
            loading={today.isFetching}
            aria-label={today.data ? `${t('today.refresh')} · ${t('today.updated', { time: timeOf(today.data.now) })}` : undefined}
            data-testid="today-refresh"
          >
            {today.data ? t('today.updated', { time: timeOf(today.data.now) }) : t('today.refresh')}
          </Button>
          <Link to="/club" className={styles.clubLink} data-testid="today-club-link">
            <HomeOutlined /> {t('today.clubPage')}
          </Link>
        </>
      }
    />
  );

  if (today.isPending) {
    return (
      <div className={layout.page} data-testid="today-page">
        {header}
        <div className={styles.grid}>
          {[0, 1, 2, 3].map((i) => (
            <Card key={i} className={styles.skeleton}>
              <Skeleton active paragraph={{ rows: 2 }} title={false} />
            </Card>
          ))}
        </div>
      </div>
    );
  }
  if (!today.data) {
    return (
      <div className={layout.page} data-testid="today-page">
        {header}
        <Card className={layout.card}>
          <Result
            status="warning"
            title={t('today.loadError')}
            extra={<Button onClick={() => void today.refetch()}>{t('common.retry')}</Button>}
          />
        </Card>
      </div>
    );
  }

  const tiles = tilesOf(today.data, t);
  return (
    <div className={layout.page} data-testid="today-page">
      {header}
      {tiles.length === 0 ? (
        <Card className={layout.card} data-testid="today-empty">
          <Result
            icon={<HomeOutlined />}
            title={t('today.emptyTitle')}
            subTitle={t('today.emptyHelp')}
            extra={
              <Link to="/club" className={styles.clubButton}>
                {t('today.clubPage')}
              </Link>
            }
          />
        </Card>
      ) : (
        <ul className={styles.grid} aria-label={t('today.figures')} data-testid="today-figures">
          {tiles.map((tile) => (
            <li key={tile.key} className={styles.item}>
              <Link
                to={tile.to}
                className={`${styles.tile} ${tile.attention ? styles.attention : ''}`}
                data-testid={`today-${tile.key}`}
              >
                <span className={styles.tileHead}>
                  <span className={styles.tileIcon} aria-hidden>
                    {tile.icon}
                  </span>
                  <span className={styles.tileLabel}>{tile.label}</span>
                  <RightOutlined className={styles.tileGo} aria-hidden />
                </span>
                <strong className={styles.tileValue} data-testid={`today-${tile.key}-value`}>
                  {tile.value}
                </strong>
                {tile.note && <span className={styles.tileNote}>{tile.note}</span>}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
