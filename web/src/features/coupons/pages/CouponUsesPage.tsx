import '../i18n';
import { ArrowLeftOutlined, HistoryOutlined } from '@ant-design/icons';
import { Button, Table, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../shared/format';
import layout from '../../../shared/ui/layout.module.css';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { tablePagination } from '../../../shared/ui/tablePagination';
import { TableEmpty, TableSkeleton } from '../../../shared/ui/TableStates';
import { useCouponUses, useCoupons, USES_PAGE, type CouponUse } from '../api';
import styles from '../coupons.module.css';

/**
 * Route "cuponUsesList" (spec part 1 §2): the uses of the coupon named by ?coupon_id= (every
 * coupon's without it), 15 a page, newest first: coupon, member, date (hh:mm dd/MM/yyyy). It
 * reloads when coupon_id changes.
 */
export default function CouponUsesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const coupon = Number(params.get('coupon_id') ?? '') || 0;
  const [page, setPage] = useState(0);
  useEffect(() => setPage(0), [coupon]);
  const uses = useCouponUses(coupon, page);
  const list = useCoupons();
  const code = coupon ? (list.data ?? []).find((c) => c.id === coupon)?.code : undefined;
  const firstLoad = uses.isPending;

  const columns: TableColumnsType<CouponUse> = [
    {
      key: 'coupon',
      title: t('coupons.uses.coupon'),
      width: 170,
      render: (_, u) => (
        <span>
          <span className={styles.muted}>#{u.coupon_id}</span> <span className={styles.code}>{u.code}</span>
        </span>
      ),
    },
    {
      key: 'member',
      title: t('coupons.uses.member'),
      width: 260,
      ellipsis: true,
      render: (_, u) => (
        <span data-testid="use-member">
          <span className={styles.muted}>{u.number}</span> {u.title}
        </span>
      ),
    },
    { key: 'order', title: t('coupons.uses.order'), width: 110, className: styles.num, render: (_, u) => `#${u.order_id}` },
    {
      key: 'date',
      title: t('coupons.uses.date'),
      width: 170,
      className: styles.num,
      render: (_, u) => <span data-testid="use-date">{formatDateTime(u.use_date)}</span>,
    },
  ];

  return (
    <div className={layout.page} data-testid="coupon-uses-page">
      <PageHeader
        title={code ? t('coupons.uses.titleOf', { code }) : t('coupons.uses.title')}
        subtitle={uses.data ? t('coupons.uses.total', { count: uses.data.total }) : t('coupons.uses.subtitle')}
        subtitleTestId="uses-total"
        actions={
          <Button size="large" icon={<ArrowLeftOutlined />} onClick={() => navigate(coupon ? `/cupons?id=${coupon}` : '/cupons')} data-testid="uses-back">
            {t('coupons.uses.back')}
          </Button>
        }
      />
      <div className={layout.tableCard} data-testid="uses-table">
        <Table<CouponUse>
          rowKey="id"
          tableLayout="fixed"
          columns={columns}
          dataSource={firstLoad ? [] : uses.data?.data}
          loading={!firstLoad && uses.isFetching ? { delay: 300 } : false}
          sticky={{ offsetHeader: 64 }}
          scroll={{ x: 710 }}
          pagination={tablePagination({
            current: page + 1, pageSize: USES_PAGE, total: uses.data?.total ?? 0,
            hideOnSinglePage: true, onChange: (p) => setPage(p - 1),
          })}
          locale={{
            emptyText: firstLoad ? (
              <TableSkeleton />
            ) : (
              <TableEmpty
                image={<HistoryOutlined className={layout.emptyIcon} />}
                title={t('coupons.uses.empty')}
                help={t('coupons.uses.emptyHelp')}
                testId="uses-empty"
              />
            ),
          }}
        />
      </div>
    </div>
  );
}
