import '../i18n';
import { EyeOutlined, FieldTimeOutlined } from '@ant-design/icons';
import { Button, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../shared/format';
import { moneyColumn } from '../../../shared/ui/Figures';
import { useClubId } from '../../../shared/session';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { TableEmpty } from '../../../shared/ui/TableStates';
import layout from '../../../shared/ui/layout.module.css';
import { OPEN_ORDERS_PAGE, useOpenOrders, type Order } from '../api';

/** Route "ordersInProcess": open orders, 24 a page, newest first; View opens the counter with the order. */
export default function OrdersInProcessPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const club = useClubId();
  const [page, setPage] = useState(0);
  useEffect(() => setPage(0), [club]);
  const orders = useOpenOrders(page, OPEN_ORDERS_PAGE);
  return (
    <div className={layout.page}>
      <PageHeader title={t('pos.inProcess.title')} subtitle={t('pos.inProcess.subtitle')} />
      <div className={layout.tableCard}>
        <Table<Order>
          rowKey="oid"
          size="small"
          loading={orders.isFetching}
          dataSource={orders.data?.data ?? []}
          scroll={{ x: 900 }}
          locale={{ emptyText: <TableEmpty image={<FieldTimeOutlined />} title={t('pos.inProcess.empty')} help={t('pos.inProcess.emptyHelp')} /> }}
          pagination={{ current: page + 1, pageSize: OPEN_ORDERS_PAGE, total: orders.data?.total ?? 0, onChange: (p) => setPage(p - 1), showSizeChanger: false }}
          expandable={{
            expandedRowRender: (o) => (
              <Table
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={o.products}
                columns={[
                  { title: t('pos.inProcess.sku'), render: (_, l) => l.product.code },
                  { title: t('pos.inProcess.product'), render: (_, l) => l.product.title },
                  { title: t('pos.inProcess.category'), render: (_, l) => l.product.category },
                  { title: t('pos.inProcess.quantity'), align: 'right', render: (_, l) => l.quantity },
                  moneyColumn<Order['products'][number]>('total', t('pos.order.total'), (l) => l.total),
                ]}
              />
            ),
          }}
          columns={[
            { title: t('pos.history.order'), dataIndex: 'oid', width: 80 },
            { title: t('pos.history.date'), render: (_, o) => formatDateTime(o.order_created) },
            { title: t('pos.inProcess.products'), align: 'right', render: (_, o) => o.products.length },
            moneyColumn<Order>('total', t('pos.order.total'), (o) => o.order_total),
            { title: t('pos.history.status'), render: () => <Tag color="gold">{t('pos.status.cart')}</Tag> },
            { title: t('pos.members.number'), render: (_, o) => o.membership_card.number },
            { title: t('pos.inProcess.firstName'), render: (_, o) => o.membership_card.nombre },
            { title: t('pos.inProcess.surname'), render: (_, o) => o.membership_card.surname },
            { title: t('pos.inProcess.dni'), render: (_, o) => o.membership_card.dni },
            {
              title: '',
              render: (_, o) => (
                <Button size="small" icon={<EyeOutlined />} onClick={() => navigate(`/pos?oid=${o.oid}`)} data-testid={`view-${o.oid}`}>
                  {t('pos.inProcess.view')}
                </Button>
              ),
            },
          ]}
        />
      </div>
    </div>
  );
}
