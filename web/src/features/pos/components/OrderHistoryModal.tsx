import { RollbackOutlined } from '@ant-design/icons';
import { App, Alert, Button, Input, InputNumber, Modal, Segmented, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moneyColumn } from '../../../shared/ui/Figures';
import { decimalSeparator, formatDateTime, formatMoney, formatNumber } from '../../../shared/format';
import { SheetModal } from '../../../shared/ui/SheetModal';
import { HISTORY_PAGE, useMemberOrders, useRefund, type Order, type OrderLine, type PayType } from '../api';
import { posErrorText } from '../errors';
import { leftOf, MAX_REASON, refundAmount, refundTotal, unitOf } from '../refund';
import { hasSlip, useCanPrintSlip } from '../slip';
import { SlipButton } from './SlipButton';
import styles from '../pos.module.css';
import refundStyles from '../refund.module.css';

interface Props {
  member: number;
  open: boolean;
  methods: PayType[];
  onClose: () => void;
}

/** A member's orders (20 a page), with the refund of a paid order's lines. */
export function OrderHistoryModal({ member, open, methods, onClose }: Props) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [refunding, setRefunding] = useState<Order | null>(null);
  const orders = useMemberOrders(open ? member : null, page);
  const canSlip = useCanPrintSlip();
  return (
    <Modal open={open} title={t('pos.history.title')} onCancel={onClose} footer={null} width={820} destroyOnHidden>
      <Table<Order>
        rowKey="oid"
        size="small"
        loading={orders.isFetching}
        dataSource={orders.data?.data ?? []}
        scroll={{ x: 640 }}
        pagination={{ current: page + 1, pageSize: HISTORY_PAGE, total: orders.data?.total ?? 0, onChange: (p) => setPage(p - 1), showSizeChanger: false }}
        expandable={{
          expandedRowRender: (o) => (
            <>
              <ul className={styles.historyLines}>
                {o.products.map((l) => {
                  const unit = l.product.type === 'fee' ? '' : ` ${t(`pos.refund.units.${unitOf(l.product.type)}`)}`;
                  return (
                    <li key={l.id}>
                      {l.product.title} · {formatNumber(l.quantity)}
                      {unit} · {formatMoney(l.total)}
                      {l.refund_quantity > 0
                        ? ` · ${t('pos.refund.refunded', { quantity: `${formatNumber(l.refund_quantity)}${unit}`, amount: formatMoney(l.amount) })}`
                        : ''}
                    </li>
                  );
                })}
              </ul>
              <OrderRefunds order={o} />
              {canSlip && o.order_status === 'completed' && hasSlip(o) && (
                <div className={styles.orderSlip}>
                  <SlipButton oid={o.oid} size="small" />
                </div>
              )}
            </>
          ),
        }}
        columns={[
          { title: t('pos.history.order'), dataIndex: 'oid', width: 80 },
          { title: t('pos.history.date'), render: (_, o) => formatDateTime(o.order_paid || o.order_created) },
          {
            title: t('pos.history.status'),
            render: (_, o) => <Tag color={o.order_status === 'completed' ? 'green' : 'gold'}>{t(`pos.status.${o.order_status}`)}</Tag>,
          },
          moneyColumn<Order>('total', t('pos.order.total'), (o) => o.order_total),
          {
            title: '',
            render: (_, o) =>
              o.order_status === 'completed' ? (
                <Button size="small" icon={<RollbackOutlined />} onClick={() => setRefunding(o)} data-testid={`refund-${o.oid}`}>
                  {t('pos.refund.open')}
                </Button>
              ) : null,
          },
        ]}
      />
      <RefundModal order={refunding} methods={methods} onClose={() => setRefunding(null)} />
    </Modal>
  );
}

/** The refunds of an order, oldest first: when, how much, which way, who gave it and why. */
export function OrderRefunds({ order }: { order: Order }) {
  const { t } = useTranslation();
  if (!order.refunds?.length) return null;
  return (
    <div data-testid={`refunds-${order.oid}`}>
      <strong>{t('pos.refund.history')}</strong>
      <ul className={refundStyles.refunds}>
        {order.refunds.map((r) => (
          <li key={r.id}>
            {t('pos.refund.historyLine', {
              date: formatDateTime(r.created),
              amount: formatMoney(r.amount),
              method: t(`pos.pay.methods.${r.pay_type}`),
              staff: r.staff || '—',
            })}
            {r.reason ? (
              <>
                {' · '}
                <span className={refundStyles.reason}>{t('pos.refund.reasonShown', { reason: r.reason })}</span>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The refund of a paid order's lines: per line the quantity to give back (in grams or units) and
 * the money it returns, the total, the way the money goes back and an optional reason; the
 * confirmation names the amount. The amounts are the server's rule (features/pos/refund.ts).
 */
export function RefundModal({ order, methods, onClose }: { order: Order | null; methods: PayType[]; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const refund = useRefund();
  const [qty, setQty] = useState<Record<number, number | null>>({});
  const [pay, setPay] = useState<PayType>(methods[0] ?? 'cash');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const oid = order?.oid ?? 0;
  useEffect(() => {
    // a new order: nothing chosen yet, and the money goes back the way it came when the club allows it
    setQty({});
    setReason('');
    setError(null);
    const paid = order?.pay_type as PayType | undefined;
    setPay(paid && methods.includes(paid) ? paid : (methods[0] ?? 'cash'));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [oid]);
  const lines = (order?.products ?? []).filter((l) => l.product.pid);
  const unit = (l: OrderLine) => t(`pos.refund.units.${unitOf(l.product.type)}`);
  const withUnit = (q: number, l: OrderLine) => `${formatNumber(q)} ${unit(l)}`;
  const chosen = lines.filter((l) => {
    const q = qty[l.product.pid] ?? 0;
    return q > 0 && q <= leftOf(l);
  });
  const total = refundTotal(lines, qty);
  const submit = () => {
    if (!order || chosen.length === 0) return;
    const products = chosen.map((l) => ({ pid: l.product.pid, quantity: qty[l.product.pid]! }));
    modal.confirm({
      centered: true,
      title: t('pos.refund.confirmAmount', { amount: formatMoney(total) }),
      content: (
        <div data-testid="refund-confirm-body">
          <ul className={refundStyles.confirmList}>
            {chosen.map((l) => (
              <li key={l.id}>
                {t('pos.refund.confirmLine', {
                  quantity: withUnit(qty[l.product.pid]!, l),
                  title: l.product.title,
                  amount: formatMoney(refundAmount(l, qty[l.product.pid])),
                })}
              </li>
            ))}
          </ul>
          <p>{t(`pos.refund.way.${pay}`)}</p>
          {reason.trim() && <p className={refundStyles.confirmReason}>{t('pos.refund.reasonShown', { reason: reason.trim() })}</p>}
        </div>
      ),
      okText: t('pos.refund.do'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'refund-confirm-ok' },
      onOk: () =>
        refund.mutateAsync({ oid: order.oid, membership_id: order.membership_id, pay, products, reason: reason.trim() || undefined }).then(
          () => {
            message.success(t('pos.refund.done'), 4);
            setQty({});
            setReason('');
            onClose();
          },
          (e) => setError(posErrorText(e, t, i18n)),
        ),
    });
  };
  return (
    <SheetModal
      width={600}
      open={!!order}
      title={t('pos.refund.title', { id: order?.oid ?? '' })}
      onCancel={onClose}
      onOk={submit}
      okText={total > 0 ? t('pos.refund.doAmount', { amount: formatMoney(total) }) : t('pos.refund.do')}
      okButtonProps={{ disabled: chosen.length === 0, 'data-testid': 'refund-confirm' }}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <div className={refundStyles.body} data-testid="refund-dialog">
        <div>
          {lines.map((l) => {
            const left = leftOf(l);
            const back = refundAmount(l, qty[l.product.pid]);
            return (
              <div key={l.id} className={refundStyles.line}>
                <span className={refundStyles.lineTitle}>
                  <strong>{l.product.title}</strong>
                  <span className={refundStyles.lineLeft}>
                    {t('pos.refund.soldLeft', { sold: withUnit(l.quantity, l), left: withUnit(left, l), paid: formatMoney(l.total) })}
                  </span>
                </span>
                <InputNumber
                  min={0}
                  max={left}
                  // whole steps on the arrows: a step of 0,1 made the field show "4,0" for 4 g
                  step={1}
                  precision={l.product.type === 'peso' ? undefined : 0}
                  decimalSeparator={decimalSeparator()}
                  disabled={left <= 0}
                  suffix={unit(l)}
                  value={qty[l.product.pid] ?? null}
                  // grams to the milligram, as the server counts them; "2" stays "2", never "2,000"
                  onChange={(v) => setQty((q) => ({ ...q, [l.product.pid]: typeof v === 'number' ? Math.round(v * 1000) / 1000 : null }))}
                  aria-label={t('pos.refund.quantity', { title: l.product.title })}
                  className={refundStyles.input}
                  data-testid={`refund-qty-${l.product.pid}`}
                />
                <span className={refundStyles.lineAmount} data-testid={`refund-amount-${l.product.pid}`}>
                  {back > 0 ? formatMoney(back) : '—'}
                </span>
              </div>
            );
          })}
        </div>
        <div className={refundStyles.total}>
          <span>{t('pos.refund.total')}</span>
          <strong data-testid="refund-total">{formatMoney(total)}</strong>
        </div>
        <Segmented
          block
          value={pay}
          onChange={(v) => setPay(v as PayType)}
          options={methods.map((m) => ({ value: m, label: <span data-testid={`refund-method-${m}`}>{t(`pos.pay.methods.${m}`)}</span> }))}
        />
        <label htmlFor="refund-reason" className={refundStyles.reasonLabel}>
          {t('pos.refund.reason')}
        </label>
        <Input.TextArea
          id="refund-reason"
          className={refundStyles.reasonField}
          maxLength={MAX_REASON}
          showCount
          autoSize={{ minRows: 2, maxRows: 4 }}
          placeholder={t('pos.refund.reasonPlaceholder')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          data-testid="refund-reason"
        />
        {error && <Alert type="error" showIcon message={error} />}
      </div>
    </SheetModal>
  );
}
