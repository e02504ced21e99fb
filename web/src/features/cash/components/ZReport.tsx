import { PrinterOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../../../shared/format';
import type { CashClose, CashReport } from '../api';
import { zFigures } from '../zreport';
import styles from '../zreport.module.css';

export type PaperFormat = 'ticket' | 'a4';

interface Props {
  close: CashClose;
  report: CashReport;
  club: string;
}

/**
 * The Z report of a close: the close's figures (opening, sales by payment method, cash in and
 * out, refunds, expected, counted, difference, who closed and when). The same sheet shows on
 * screen and, alone on the page, on paper: an 80 mm ticket or an A4 page.
 */
export function ZReport({ close, report, club, format = 'a4' }: Props & { format?: PaperFormat }) {
  const { t } = useTranslation();
  const z = zFigures(close, report);
  // never "-0,00 €": a nought is a nought
  const money = (v: number) => formatMoney(v === 0 ? 0 : v);
  const line = (key: string, label: string, value: string, tone?: 'total' | 'out' | 'neg' | 'pos') => (
    <div className={`${styles.line} ${tone ? styles[tone] : ''}`} key={key} data-testid={`z-${key}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  const count = (n: number) => t('cash.z.count', { count: n });
  const diffTone = z.difference < 0 ? 'neg' : z.difference > 0 ? 'pos' : undefined;
  return (
    <article className={`${styles.z} ${styles[format]}`} aria-label={t('cash.z.heading')}>
      <header className={styles.head}>
        <strong className={styles.club}>{club}</strong>
        <h2>{t('cash.z.heading')}</h2>
        <p>{t('cash.z.close', { id: close.cid })}</p>
      </header>
      <dl className={styles.meta}>
        {line('closed-at', t('cash.z.closedAt'), formatDateTime(close.created))}
        {line('closed-by', t('cash.z.closedBy'), close.worker_name || '—')}
        {line('period', t('cash.z.period'), close.first_movement ? t('cash.z.span', { first: formatDateTime(close.first_movement), last: formatDateTime(close.last_movement) }) : '—')}
      </dl>
      <section>
        <h3>{t('cash.z.box')}</h3>
        <dl>
          {line('opening', t('cash.z.opening'), money(z.opening))}
          {line('cash-sales', t('cash.z.cashSales'), money(z.cashSales))}
          {line('wallet-cash', t('cash.z.walletCash'), money(z.walletCash))}
          {line('cash-in', t('cash.z.cashIn'), money(z.cashIn))}
          {line('cash-out', t('cash.z.cashOut'), money(-z.cashOut), 'out')}
          {line('cash-refunds', t('cash.z.cashRefunds'), money(-z.cashRefunds), 'out')}
          {line('expected', t('cash.z.expected'), money(z.expected), 'total')}
          {line('counted', t('cash.z.counted'), money(z.counted), 'total')}
          {line('difference', t('cash.z.difference'), money(z.difference), diffTone)}
        </dl>
      </section>
      <section>
        <h3>{t('cash.z.sales')}</h3>
        <dl>
          {z.sales.map((s) => line(`sales-${s.method}`, `${t(`cash.methods.${s.method}`)} · ${count(s.count)}`, money(s.amount)))}
          {line('sales-total', t('cash.z.salesTotal'), money(z.salesTotal), 'total')}
        </dl>
      </section>
      <section>
        <h3>{t('cash.z.refunds')}</h3>
        <dl>
          {z.refunds.map((s) => line(`refunds-${s.method}`, `${t(`cash.methods.${s.method}`)} · ${count(s.count)}`, money(-s.amount), s.amount ? 'out' : undefined))}
        </dl>
      </section>
      <section>
        <h3>{t('cash.z.topups')}</h3>
        <dl>
          {line('topups-cash', `${t('cash.methods.cash')} · ${count(z.topupCash.count)}`, money(z.topupCash.amount))}
          {line('topups-tpv', `${t('cash.methods.tpv')} · ${count(z.topupCard.count)}`, money(z.topupCard.amount))}
          {line('income', t('cash.z.income'), money(z.income), 'total')}
        </dl>
      </section>
      {close.note && (
        <section>
          <h3>{t('cash.z.note')}</h3>
          <p className={styles.note}>{close.note}</p>
        </section>
      )}
    </article>
  );
}

/**
 * The Z report on screen with its print buttons; printing puts the same report, alone, on an 80 mm
 * ticket or an A4 page (print CSS hides the rest of the app).
 */
export function ZReportPanel(props: Props) {
  const { t } = useTranslation();
  const [format, setFormat] = useState<PaperFormat>('a4');
  const print = (f: PaperFormat) => {
    flushSync(() => setFormat(f));
    window.print();
  };
  return (
    <div className={styles.panel}>
      <div className={styles.actions}>
        <Button icon={<PrinterOutlined />} onClick={() => print('ticket')} data-testid="z-print-ticket">
          {t('cash.z.printTicket')}
        </Button>
        <Button icon={<PrinterOutlined />} onClick={() => print('a4')} data-testid="z-print-a4">
          {t('cash.z.printA4')}
        </Button>
      </div>
      {/* scrolls on a short screen: reachable by keyboard */}
      <div className={styles.preview} data-testid="z-report" tabIndex={0} role="region" aria-label={t('cash.z.heading')}>
        <ZReport {...props} />
      </div>
      {createPortal(
        <div className={styles.printRoot} data-testid="z-print" data-format={format}>
          <style>{format === 'ticket' ? '@page { size: 80mm 297mm; margin: 4mm; }' : '@page { size: A4; margin: 16mm; }'}</style>
          <ZReport {...props} format={format} />
        </div>,
        document.body,
      )}
    </div>
  );
}
