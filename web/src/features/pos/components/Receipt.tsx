import { CheckCircleOutlined, CloseOutlined, LoadingOutlined, PrinterOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney, formatNumber } from '../../../shared/format';
import type { Order } from '../api';
import styles from '../pos.module.css';
import { SlipButton } from './SlipButton';

/**
 * The information slip of the order (KCanG § 21): offered (a button), or printed with the sale
 * because the club's rules ask for it, with how that went.
 */
export type SlipOffer = { kind: 'offer' } | { kind: 'auto'; state: 'printing' | 'sent' | 'failed'; reason?: string };

interface Props {
  order: Order | null;
  change: number;
  clubName: string;
  staffName: string;
  /** A next sale has begun: the receipt folds to one line, still printable. */
  compact: boolean;
  /** The order's information slip; none for an order without grams or a user who may not print it. */
  slip?: SlipOffer | null;
  onClose: () => void;
}

/** What was charged: the quantity sold (the real weight is what the scale showed, within the club's margin). */
const qty = (l: Order['products'][number]) => (l.product.type === 'peso' ? `${formatNumber(l.quantity)} g` : formatNumber(l.quantity));

/** The 80 mm ticket itself: on screen in the panel, and once more in the print area. */
function Ticket({ order, change, clubName, staffName, testId }: Omit<Props, 'compact' | 'onClose' | 'slip'> & { order: Order; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.receipt} data-testid={testId}>
      <h3>{clubName}</h3>
      <p>
        {formatDateTime(order.order_paid || order.order_changed)} · {t('pos.receipt.order', { id: order.oid })}
      </p>
      <p>{t('pos.receipt.staff', { name: staffName })}</p>
      <p>
        {order.membership_card.number} · {order.membership_card.nombre} {order.membership_card.surname}
      </p>
      <table>
        <tbody>
          {order.products.map((l) => (
            <tr key={l.id}>
              <td>
                {l.product.title}
                <br />
                <small>
                  {qty(l)} × {formatMoney(l.unit_price)}
                  {l.total_discount > 0 ? ` − ${formatMoney(l.total_discount)}` : ''}
                </small>
              </td>
              <td className={styles.num}>{formatMoney(l.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl>
        <dt>{t('pos.order.base')}</dt>
        <dd>{formatMoney(order.order_base_price)}</dd>
        <dt>{t('pos.order.discount')}</dt>
        <dd>
          {order.order_discount > 0 ? '−' : ''}
          {formatMoney(order.order_discount)}
        </dd>
        <dt className={styles.receiptTotal}>{t('pos.order.total')}</dt>
        <dd className={styles.receiptTotal} data-testid={testId ? `${testId}-total` : undefined}>
          {formatMoney(order.order_total)}
        </dd>
        <dt>{t('pos.receipt.paidWith')}</dt>
        <dd>{order.pay_type ? t(`pos.pay.methods.${order.pay_type}`) : '—'}</dd>
        {order.pay_type === 'cash' && change > 0 && (
          <>
            <dt>{t('pos.receipt.change')}</dt>
            <dd data-testid={testId ? `${testId}-change` : undefined}>{formatMoney(change)}</dd>
          </>
        )}
      </dl>
      <p className={styles.receiptThanks}>{t('pos.receipt.thanks')}</p>
    </div>
  );
}

/**
 * The ticket of the last payment, as a panel of the counter rather than a dialog: a busy counter
 * serves the next member at once (the member field keeps the cursor, a swipe or a number starts
 * the next sale), while the ticket stays in view to be printed (F8) or shown, and folds to one line
 * once the next member is chosen. Nothing has to be closed by hand.
 *
 * Printing shows one copy, alone on the page: the print area is a child of <body>, and while it
 * exists the print stylesheet hides every other child of <body> (display, not visibility, so what is
 * hidden takes no room: the counter, taller than a page, used to print as two pages, and the
 * dialog's fixed layer repeated the ticket on each). 72 mm wide, it fits an 80 mm roll and sits at
 * the top of an A4 sheet.
 */
export function Receipt({ order, change, clubName, staffName, compact, slip, onClose }: Props) {
  const { t } = useTranslation();
  if (!order) return null;
  const slipButton = slip ? <SlipButton oid={order.oid} size={compact ? 'small' : 'middle'} type={compact ? 'link' : 'default'} /> : null;
  const slipNote =
    slip?.kind === 'auto' ? (
      <p className={`${styles.slipNote} ${slip.state === 'failed' ? styles.slipNoteFailed : ''}`} role="status" data-testid="slip-auto" data-state={slip.state}>
        {slip.state === 'printing' ? <LoadingOutlined /> : slip.state === 'sent' ? <CheckCircleOutlined /> : <WarningOutlined />}
        <span>
          {t(`pos.slip.auto.${slip.state}`)}
          {slip.state === 'failed' && slip.reason ? ` ${slip.reason}` : ''}
        </span>
      </p>
    ) : null;
  const print = (
    <Button icon={<PrinterOutlined />} type={compact ? 'link' : 'primary'} onClick={() => window.print()} data-testid="receipt-print">
      {t('pos.receipt.print')} <kbd className={styles.kbd}>F8</kbd>
    </Button>
  );
  const close = (
    <Tooltip title={t('pos.receipt.close')}>
      <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('pos.receipt.close')} onClick={onClose} data-testid="receipt-close" />
    </Tooltip>
  );
  return (
    <>
      {compact ? (
        <div className={styles.lastReceipt} data-testid="receipt-compact">
          <span>
            {t('pos.receipt.last', { id: order.oid })} · <strong className={styles.num}>{formatMoney(order.order_total)}</strong>
          </span>
          <span className={styles.lastReceiptActions}>
            {print}
            {slipButton}
            {close}
          </span>
        </div>
      ) : (
        <section className={styles.receiptPanel} aria-label={t('pos.receipt.title')}>
          <div className={styles.receiptHead}>
            <h2 className={styles.cartTitle}>{t('pos.receipt.title')}</h2>
            {close}
          </div>
          <Ticket order={order} change={change} clubName={clubName} staffName={staffName} testId="receipt" />
          {slipNote}
          <div className={styles.receiptActions}>
            {print}
            {slipButton}
          </div>
        </section>
      )}
      {createPortal(
        <div className={styles.receiptPrint} data-testid="receipt-print-area">
          <Ticket order={order} change={change} clubName={clubName} staffName={staffName} />
        </div>,
        document.body,
      )}
    </>
  );
}
