import { AppstoreOutlined, SearchOutlined } from '@ant-design/icons';
import { Table, Tag, type TableColumnsType, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format';
import cells from '../../../shared/ui/cells.module.css';
import { moneyColumn } from '../../../shared/ui/Figures';
import layout from '../../../shared/ui/layout.module.css';
import { selectableRows } from '../../../shared/ui/selectableRows';
import { tablePagination } from '../../../shared/ui/tablePagination';
import { TableEmpty, TableSkeleton } from '../../../shared/ui/TableStates';
import ui from '../../../shared/ui/ui.module.css';
import { useIsDesktop } from '../../../shared/ui/useMediaQuery';
import type { Product, ProductSort, SortKey } from '../model';
import styles from '../catalog.module.css';
import { BoolMark, ProductThumb, PublishedTag, StockValue, TypeTag } from './bits';

type SortOrder = 'ascend' | 'descend' | null;

interface Props {
  data: Product[] | undefined;
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  sort: ProductSort;
  selectedPid: number | null;
  filtered: boolean;
  onPage: (page: number) => void;
  onSort: (sort: ProductSort) => void;
  onSelect: (p: Product) => void;
  empty: { action?: ReactNode; help: string };
}

/**
 * The product manager's table: server paging of 14 and server sorts, sticky header, money and
 * quantities right-aligned in tabular figures, flags as tags and marks. A click (or Enter) on a
 * row selects the product.
 */
export function ProductTable(p: Props) {
  const { t } = useTranslation();
  const isDesktop = useIsDesktop();

  const order = (key: SortKey): SortOrder => (p.sort.key === key ? (p.sort.desc ? 'descend' : 'ascend') : null);
  const sortable = (key: SortKey) => ({ sorter: true, sortOrder: order(key), sortDirections: ['ascend', 'descend', 'ascend'] as SortOrder[] });

  // Wide screens keep the product's identity in view while the other columns scroll.
  const pin = isDesktop ? ('left' as const) : undefined;

  const all: TableColumnsType<Product> = [
    {
      key: 'photo',
      title: <span className={ui.srOnly}>{t('catalog.columns.photo')}</span>,
      width: 64,
      fixed: pin,
      render: (_, r) => <ProductThumb src={r.thumb} alt={r.titulo} />,
    },
    {
      key: 'code',
      title: t('catalog.columns.code'),
      dataIndex: 'code',
      width: 128,
      fixed: pin,
      className: cells.mono,
      ...sortable('code'),
      render: (code: string) => (code ? <span data-testid="cell-code">{code}</span> : <span className={cells.muted}>—</span>),
    },
    {
      key: 'list_name',
      title: t('catalog.columns.product'),
      dataIndex: 'titulo',
      width: 196,
      fixed: pin,
      ...sortable('list_name'),
      render: (title: string) => (
        <span className={styles.productName} title={title} data-testid="cell-title">
          {title}
        </span>
      ),
    },
    {
      key: 'category',
      title: t('catalog.columns.category'),
      dataIndex: 'categorias',
      width: 116,
      ellipsis: true,
      ...sortable('category'),
      render: (c: string) => c || <span className={cells.muted}>—</span>,
    },
    moneyColumn('price', t('catalog.columns.price'), (r) => r.precio, { dataIndex: 'precio', width: 92, ...sortable('price'), testId: 'cell-price' }),
    moneyColumn('cost', t('catalog.columns.cost'), (r) => r.coste, { dataIndex: 'coste', width: 88, ...sortable('cost'), className: styles.secondary }),
    {
      key: 'stock',
      title: t('catalog.columns.stock'),
      align: 'right',
      width: 104,
      className: cells.num,
      ...sortable('stock'),
      render: (_, r) => <StockValue product={r} testId="cell-stock" />,
    },
    { key: 'type', title: t('catalog.columns.type'), width: 116, render: (_, r) => <TypeTag type={r.type} /> },
    {
      key: 'menu',
      title: t('catalog.columns.menuExport'),
      align: 'center',
      width: 68,
      render: (_, r) => <BoolMark value={r.menu_export} label={t('catalog.columns.menuExport')} />,
    },
    {
      key: 'thc',
      title: t('catalog.columns.thc'),
      align: 'center',
      width: 60,
      render: (_, r) => <BoolMark value={r.thc} label={t('catalog.columns.thc')} />,
    },
    {
      key: 'thcPercent',
      title: t('catalog.columns.thcPercent'),
      align: 'right',
      width: 76,
      render: (_, r) => (r.thc_percent === null || r.thc_percent === undefined ? <span className={cells.muted}>—</span> : `${formatNumber(r.thc_percent)} %`),
    },
    { key: 'status', title: t('catalog.columns.published'), width: 135, render: (_, r) => <PublishedTag published={r.status} /> },
    {
      key: 'discount',
      title: t('catalog.columns.discount'),
      align: 'center',
      width: 92,
      render: (_, r) => <BoolMark value={r.discount} label={t('catalog.columns.discount')} />,
    },
    {
      key: 'unlimited',
      title: t('catalog.columns.unlimited'),
      align: 'center',
      width: 96,
      className: styles.wrapHead,
      render: (_, r) =>
        r.unlimited_stock ? (
          <Tag bordered={false} color="purple" className={cells.tag} data-testid="cell-unlimited">
            {t('catalog.flags.unlimited')}
          </Tag>
        ) : (
          <BoolMark value={false} label={t('catalog.columns.unlimited')} />
        ),
    },
  ];

  // Below 992 px the photo gives its room to the data (the drawer shows the picture).
  const columns = isDesktop ? all : all.filter((c) => c.key !== 'photo');

  const onChange: TableProps<Product>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const s = Array.isArray(sorter) ? sorter[0] : sorter;
      const key = (s?.order ? (s.columnKey as SortKey) : 'list_name') ?? 'list_name';
      p.onSort({ key, desc: s?.order === 'descend' });
      return;
    }
    if (extra.action === 'paginate') p.onPage((pagination.current ?? 1) - 1);
  };

  const firstLoad = p.loading && !p.data;
  const width = columns.reduce((sum, c) => sum + (Number(c.width) || 100), 0);

  return (
    <div className={`${layout.tableCard} ${styles.productTable}`} data-testid="products-table">
      <Table<Product>
        rowKey="pid"
        tableLayout="fixed"
        columns={columns}
        dataSource={firstLoad ? [] : p.data}
        loading={!firstLoad && p.loading ? { delay: 300 } : false}
        sticky={{ offsetHeader: 64 }}
        scroll={{ x: width }}
        onChange={onChange}
        showSorterTooltip={false}
        {...selectableRows<Product>({
          isSelected: (r) => r.pid === p.selectedPid,
          onSelect: p.onSelect,
          testId: (r) => `product-row-${r.pid}`,
        })}
        locale={{
          emptyText: firstLoad ? (
            <TableSkeleton avatar={{ size: 'small', shape: 'square' }} />
          ) : (
            <TableEmpty
              image={p.filtered ? <SearchOutlined className={layout.emptyIcon} /> : <AppstoreOutlined className={layout.emptyIcon} />}
              title={p.filtered ? t('catalog.manager.noMatchTitle') : t('catalog.manager.emptyTitle')}
              help={p.filtered ? t('catalog.manager.noMatchHelp') : p.empty.help}
              action={p.empty.action}
              testId="table-empty"
            />
          ),
        }}
        pagination={tablePagination({
          current: p.page + 1, pageSize: p.pageSize, total: p.total,
          isDesktop, range: (from, to, total) => t('catalog.manager.range', { from, to, total }),
        })}
      />
    </div>
  );
}
