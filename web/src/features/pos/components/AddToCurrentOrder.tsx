import '../i18n';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../../shared/format';
import { useCounterOrders, usePosMember, usePosProduct, useSaveOrder } from '../api';
import { posErrorText } from '../errors';
import { addLine, linesOf, useTabs } from '../model';
import styles from '../pos.module.css';
import { AddToOrderModal } from './AddToOrderModal';

/**
 * The product detail's order action (spec part 2 §2 "Product detail … opens the order dialog"):
 * the add-to-order dialog of the counter for this product, adding to the open order of the member
 * who is current at the counter. Without a current member the dialog says 'Selecciona primero a un
 * socio', as at the counter. Shown only to staff who may sell, for a product of their current club.
 */
export default function AddToCurrentOrder({ pid }: { pid: number }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const { tabs } = useTabs();
  const current = tabs.current;
  const product = usePosProduct(pid);
  const member = usePosMember(current);
  const open = useCounterOrders();
  const save = useSaveOrder();
  const [adding, setAdding] = useState(false);
  const order = open.data?.data.find((o) => o.membership_id === current) ?? null;
  const tab = tabs.members.find((m) => m.nid === current);
  const who = member.data ? `${member.data.nombre} ${member.data.surname}`.trim() : tab ? `${tab.nombre} ${tab.surname}`.trim() : '';
  const p = product.data ?? null;
  const inCart = order?.products.find((l) => l.product?.pid === pid)?.quantity ?? 0;
  const soldOut = p !== null && !p.unlimited_stock && p.stock <= 0;

  const add = (quantity: number) => {
    setAdding(false);
    if (current === null || !p) return;
    save.mutate(
      { membership_id: current, ...(order ? { oid: order.oid } : {}), products: addLine(linesOf(order), pid, quantity) },
      {
        onSuccess: () =>
          message.success(
            t('pos.detail.added', {
              quantity: formatNumber(quantity),
              unit: p.type === 'peso' ? 'g' : t('pos.detail.units'),
              member: who,
            }),
            4,
          ),
        onError: (e) => message.error(posErrorText(e, t, i18n), 5),
      },
    );
  };

  return (
    <div className={styles.detailOrder} data-testid="detail-order">
      <Button
        type="primary"
        size="large"
        icon={<ShoppingCartOutlined />}
        onClick={() => setAdding(true)}
        disabled={!p || soldOut}
        loading={save.isPending}
        data-testid="detail-add"
      >
        {soldOut ? t('pos.detail.soldOut') : t('pos.add.add')}
      </Button>
      <span className={styles.muted} data-testid="detail-order-member">
        {current !== null && who ? t('pos.detail.forMember', { member: who }) : t('pos.detail.noMember')}{' '}
        <Link to="/pos">{t('pos.detail.toCounter')}</Link>
      </span>
      <AddToOrderModal product={adding ? p : null} inCart={inCart} hasMember={current !== null} onAdd={add} onClose={() => setAdding(false)} />
    </div>
  );
}
