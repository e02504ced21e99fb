import { RollbackOutlined } from '@ant-design/icons';
import { App, Alert, Button, InputNumber, Modal, Segmented, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../../../shared/format';
import { HISTORY_PAGE, useMemberOrders, useRefund, type Order, type PayType } from '../api';
import { posErrorText } from '../errors';
import styles from '../pos.module.css';

interface Props {
  club: number;
  member: number;
  open: boolean;
  methods: PayType[];
  onClose: () => void;
}

/** A member's orders (20 a page), with the refund of a paid order's lines. */
export function OrderHistoryModal({ club, member, open, methods, onClose }: Props) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [refunding, setRefunding] = useState<Order | null>(null);
  const orders = useMemberOrders(open ? club : null, member, page);
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
            <ul className={styles.historyLines}>
              {o.products.map((l) => (
                <li key={l.id}>
                  {l.product.title} · {l.quantity}
                  {l.product.type === 'peso' ? ' g' : ''} · {formatMoney(l.total)}
                  {l.refund_quantity > 0 ? ` · ${t('pos.refund.refunded', { quantity: l.refund_quantity, amount: formatMoney(l.amount) })}` : ''}
                </li>
              ))}
            </ul>
          ),
        }}
        columns={[
          { title: t('pos.history.order'), dataIndex: 'oid', width: 80 },
          { title: t('pos.history.date'), render: (_, o) => formatDateTime(o.order_paid || o.order_created) },
          {
            title: t('pos.history.status'),
            render: (_, o) => <Tag color={o.order_status === 'completed' ? 'green' : 'gold'}>{t(`pos.status.${o.order_status}`)}</Tag>,
          },
          { title: t('pos.order.total'), align: 'right', render: (_, o) => formatMoney(o.order_total) },
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
      <RefundModal club={club} order={refunding} methods={methods} onClose={() => setRefunding(null)} />
    </Modal>
  );
}

export function RefundModal({ club, order, methods, onClose }: { club: number; order: Order | null; methods: PayType[]; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const refund = useRefund(club);
  const [qty, setQty] = useState<Record<number, number | null>>({});
  const [pay, setPay] = useState<PayType>(methods[0] ?? 'cash');
  const [error, setError] = useState<string | null>(null);
  const lines = (order?.products ?? []).filter((l) => l.product.pid);
  const chosen = lines.filter((l) => (qty[l.product.pid] ?? 0) > 0).map((l) => ({ pid: l.product.pid, quantity: qty[l.product.pid]! }));
  const submit = () =>
    modal.confirm({
      title: t('pos.refund.confirm'),
      okText: t('pos.refund.do'),
      cancelText: t('common.cancel'),
      onOk: () =>
        refund.mutateAsync({ oid: order!.oid, membership_id: order!.membership_id, pay, products: chosen }).then(
          () => {
            message.success(t('pos.refund.done'), 4);
            setQty({});
            onClose();
          },
          (e) => setError(posErrorText(e, t, i18n)),
        ),
    });
  return (
    <Modal
      open={!!order}
      title={t('pos.refund.title', { id: order?.oid ?? '' })}
      onCancel={onClose}
      onOk={submit}
      okText={t('pos.refund.do')}
      okButtonProps={{ disabled: chosen.length === 0, 'data-testid': 'refund-confirm' }}
      destroyOnHidden
    >
      <div className={styles.payBody}>
        {lines.map((l) => {
          const left = Number((l.quantity - l.refund_quantity).toFixed(3));
          return (
            <div key={l.id} className={styles.refundLine}>
              <span>
                {l.product.title} · {t('pos.refund.left', { quantity: left })}
              </span>
              <InputNumber
                min={0}
                max={left}
                step={l.product.type === 'peso' ? 0.1 : 1}
                precision={3}
                value={qty[l.product.pid] ?? null}
                onChange={(v) => setQty((q) => ({ ...q, [l.product.pid]: typeof v === 'number' ? v : null }))}
                aria-label={t('pos.refund.quantity', { title: l.product.title })}
                data-testid={`refund-qty-${l.product.pid}`}
              />
            </div>
          );
        })}
        <Segmented
          block
          value={pay}
          onChange={(v) => setPay(v as PayType)}
          options={methods.map((m) => ({ value: m, label: <span data-testid={`refund-method-${m}`}>{t(`pos.pay.methods.${m}`)}</span> }))}
        />
        {error && <Alert type="error" showIcon message={error} />}
      </div>
    </Modal>
  );
}
