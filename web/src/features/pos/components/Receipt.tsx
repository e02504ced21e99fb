import { PrinterOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney, formatNumber } from '../../../shared/format';
import type { Order } from '../api';
import styles from '../pos.module.css';

interface Props {
  order: Order | null;
  change: number;
  clubName: string;
  staffName: string;
  onClose: () => void;
}

/** What was charged: the quantity sold (the real weight is what the scale showed, within the club's margin). */
const qty = (l: Order['products'][number]) => (l.product.type === 'peso' ? `${formatNumber(l.quantity)} g` : formatNumber(l.quantity));

/** The printable 80 mm receipt offered after a payment. */
export function Receipt({ order, change, clubName, staffName, onClose }: Props) {
  const { t } = useTranslation();
  if (!order) return null;
  return (
    <Modal
      open
      title={t('pos.receipt.title')}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose} data-testid="receipt-close">
          {t('common.close')}
        </Button>,
        <Button key="print" type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="receipt-print">
          {t('pos.receipt.print')}
        </Button>,
      ]}
      width={380}
    >
      <div className={styles.receipt} data-testid="receipt">
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
          <dd>{order.order_discount > 0 ? '−' : ''}{formatMoney(order.order_discount)}</dd>
          <dt className={styles.receiptTotal}>{t('pos.order.total')}</dt>
          <dd className={styles.receiptTotal} data-testid="receipt-total">
            {formatMoney(order.order_total)}
          </dd>
          <dt>{t('pos.receipt.paidWith')}</dt>
          <dd>{order.pay_type ? t(`pos.pay.methods.${order.pay_type}`) : '—'}</dd>
          {order.pay_type === 'cash' && change > 0 && (
            <>
              <dt>{t('pos.receipt.change')}</dt>
              <dd data-testid="receipt-change">{formatMoney(change)}</dd>
            </>
          )}
        </dl>
        <p className={styles.receiptThanks}>{t('pos.receipt.thanks')}</p>
      </div>
    </Modal>
  );
}
