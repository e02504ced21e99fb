import '../i18n';
import { HistoryOutlined, PlusOutlined, TagsOutlined } from '@ant-design/icons';
import { Button, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { canAccess, gates } from '../../../shared/access/gates';
import { useClub, useClubId } from '../../../shared/session';
import layout from '../../../shared/ui/layout.module.css';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { SearchBar } from '../../../shared/ui/SearchBar';
import { selectableRows } from '../../../shared/ui/selectableRows';
import { SelectionPanel } from '../../../shared/ui/SelectionPanel';
import { tablePagination } from '../../../shared/ui/tablePagination';
import { TableEmpty, TableSkeleton } from '../../../shared/ui/TableStates';
import { useIsDesktop } from '../../../shared/ui/useMediaQuery';
import { COUPONS_PAGE, useCoupons, type Coupon } from '../api';
import { CouponDetail } from '../components/CouponDetail';
import { StateTag } from '../components/StateTag';
import { couponState, discountText, expiryText, filterCoupons, usesText } from '../model';
import styles from '../coupons.module.css';

/**
 * Route "cupons": the club's coupons, 15 a page, newest first (spec part 1 §2). A row selects the
 * coupon and opens its panel (a drawer below 992 px) with its QR code and actions: duplicate,
 * usage history, activate or deactivate, delete (Manager and Administrador). ?id= selects one.
 */
export default function CouponsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isDesktop = useIsDesktop();
  const [params] = useSearchParams();
  const club = useClubId();
  const clubData = useClub(club).data;
  const canCreate = canAccess(gates.screens.cuponcreate, clubData);
  const list = useCoupons();
  const [text, setText] = useState('');
  const [page, setPage] = useState(0);
  const [selectedId, setSelectedId] = useState<number | null>(() => Number(params.get('id') ?? '') || null);
  const rows = useMemo(() => filterCoupons(list.data ?? [], text), [list.data, text]);
  const selected = (list.data ?? []).find((c) => c.id === selectedId) ?? null;
  const now = Math.floor(Date.now() / 1000);

  const columns: TableColumnsType<Coupon> = [
    {
      key: 'code',
      title: t('coupons.columns.code'),
      dataIndex: 'code',
      width: 150,
      sorter: (a, b) => a.code.localeCompare(b.code),
      render: (code: string) => (
        <span className={styles.code} data-testid="cell-code">
          {code}
        </span>
      ),
    },
    {
      key: 'title',
      title: t('coupons.columns.name'),
      dataIndex: 'title',
      width: 220,
      ellipsis: true,
      sorter: (a, b) => a.title.localeCompare(b.title),
    },
    {
      key: 'discount',
      title: t('coupons.columns.amount'),
      align: 'right',
      width: 110,
      className: styles.num,
      sorter: (a, b) => a.type - b.type || a.discount - b.discount,
      render: (_, c) => <span data-testid="cell-amount">{discountText(c)}</span>,
    },
    {
      key: 'expiry',
      title: t('coupons.columns.expiry'),
      width: 130,
      className: styles.num,
      sorter: (a, b) => (a.to_date || Infinity) - (b.to_date || Infinity),
      render: (_, c) => expiryText(c) || <span className={styles.muted}>{t('coupons.noExpiry')}</span>,
    },
    {
      key: 'uses',
      title: t('coupons.columns.uses'),
      align: 'right',
      width: 115,
      className: styles.num,
      sorter: (a, b) => a.uses - b.uses,
      render: (_, c) => <span data-testid="cell-uses">{usesText(c)}</span>,
    },
    {
      key: 'state',
      title: t('coupons.columns.active'),
      width: 130,
      render: (_, c) => <StateTag state={couponState(c, now)} />,
    },
  ];

  const createButton = canCreate ? (
    <Button type="primary" size="large" icon={<PlusOutlined />} onClick={() => navigate('/cuponcreate')} data-testid="coupon-new">
      {t('coupons.new')}
    </Button>
  ) : null;
  const firstLoad = list.isPending;
  const filtered = text.trim() !== '';

  return (
    <div className={layout.page} data-testid="coupons-page">
      <PageHeader
        title={t('coupons.title')}
        subtitle={list.data ? t('coupons.total', { count: list.data.length }) : t('coupons.subtitle')}
        subtitleTestId="coupons-total"
        actions={
          <>
            <Button size="large" icon={<HistoryOutlined />} onClick={() => navigate('/cuponUsesList')} data-testid="coupon-all-uses">
              {t('coupons.allUses')}
            </Button>
            {createButton}
          </>
        }
      />
      <SearchBar
        value={text}
        onChange={(v) => {
          setText(v);
          setPage(0);
        }}
        placeholder={t('coupons.searchPlaceholder')}
        label={t('coupons.searchLabel')}
        testId="coupon-search"
      />
      <div className={`${layout.workspace} ${isDesktop && selected ? layout.workspaceWithPanel : ''}`}>
        <div className={layout.tableCard} data-testid="coupons-table">
          <Table<Coupon>
            rowKey="id"
            tableLayout="fixed"
            columns={columns}
            dataSource={firstLoad ? [] : rows}
            sticky={{ offsetHeader: 64 }}
            scroll={{ x: 830 }}
            showSorterTooltip={false}
            pagination={tablePagination({
              current: page + 1, pageSize: COUPONS_PAGE, total: rows.length,
              hideOnSinglePage: true, onChange: (p) => setPage(p - 1),
            })}
            {...selectableRows<Coupon>({
              isSelected: (c) => c.id === selectedId,
              onSelect: (c) => setSelectedId(c.id),
              testId: (c) => `coupon-row-${c.code}`,
            })}
            locale={{
              emptyText: firstLoad ? (
                <TableSkeleton />
              ) : (
                <TableEmpty
                  image={<TagsOutlined className={layout.emptyIcon} />}
                  title={filtered ? t('coupons.emptyFiltered') : t('coupons.empty')}
                  help={filtered ? t('coupons.emptyFilteredHelp') : t('coupons.emptyHelp')}
                  action={filtered ? <Button onClick={() => setText('')}>{t('coupons.clearSearch')}</Button> : createButton}
                  testId="coupons-empty"
                />
              ),
            }}
          />
        </div>
        <SelectionPanel
          open={selected !== null}
          title={t('coupons.detail.title')}
          closeLabel={t('common.close')}
          onClose={() => setSelectedId(null)}
          testId="coupon"
        >
          {selected && <CouponDetail coupon={selected} onDeleted={() => setSelectedId(null)} />}
        </SelectionPanel>
      </div>
    </div>
  );
}
