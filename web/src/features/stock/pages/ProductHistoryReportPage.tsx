import '../i18n';
import { ArrowLeftOutlined, HistoryOutlined, ShoppingOutlined } from '@ant-design/icons';
import { Button, DatePicker, Table, Tag, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { dateFormat, formatDateTime } from '../../../shared/format';
import dayjs from '../../../shared/format/dayjs';
import cells from '../../../shared/ui/cells.module.css';
import layout from '../../../shared/ui/layout.module.css';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { tablePagination } from '../../../shared/ui/tablePagination';
import { TableSkeleton } from '../../../shared/ui/TableStates';
import { useIsDesktop } from '../../../shared/ui/useMediaQuery';
import { useProduct, useStockHistory, type StockMovement } from '../api';
import { EmptyState, Qty, SignedQty, unitOf } from '../components/bits';
import { defaultRange, rangeOfDays, type Range } from '../dates';
import { movementColour, movementLabelKey } from '../movementTypes';
import { toMilli } from '../quantity';
import styles from '../stock.module.css';

/** Spec part 2 §9: the stock history shows 15 movements a page. */
export const HISTORY_PAGE_SIZE = 15;

/**
 * Route "productHistoryReport?pid=&title=": a product's stock movements in a date range (default
 * the last 7 days to now), with its image and title, 15 a page.
 */
export default function ProductHistoryReportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isDesktop = useIsDesktop();
  const [params] = useSearchParams();
  const pidParam = Number(params.get('pid') ?? '');
  const pid = Number.isInteger(pidParam) && pidParam > 0 ? pidParam : null;
  const [range, setRange] = useState<Range>(() => defaultRange());
  const [page, setPage] = useState(1);
  const product = useProduct(pid);
  const history = useStockHistory(pid, range.start, range.end);

  const title = product.data?.titulo || params.get('title') || '';
  const image = product.data?.imagenes?.[0]?.img || product.data?.thumb || '';
  const unit = unitOf(product.data?.type);
  const rows = history.data;

  const movementLabel = (type: string) => {
    const key = movementLabelKey(type);
    return key ? t(key) : type;
  };
  const net = useMemo(() => (rows ?? []).reduce((sum, m) => sum + (toMilli(m.quantity) ?? 0), 0), [rows]);
  const pickerValue: [Dayjs, Dayjs] = [dayjs.unix(range.start), dayjs.unix(range.end)];

  const back = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/stockmanager');
  };

  const columns: TableColumnsType<StockMovement> = [
    {
      key: 'employee',
      title: t('stock.history.columns.employee'),
      dataIndex: 'employee_name',
      ellipsis: true,
      render: (name: string) => name || <span className={cells.muted}>{t('common.notAvailable')}</span>,
    },
    {
      key: 'date',
      title: t('stock.history.columns.date'),
      dataIndex: 'created',
      width: 150,
      render: (v: number) => <span className={cells.num}>{formatDateTime(v)}</span>,
    },
    {
      key: 'type',
      title: t('stock.history.columns.type'),
      dataIndex: 'type',
      width: 150,
      render: (v: StockMovement['type']) => (
        <Tag color={movementColour(v)} bordered={false} className={styles.tag} data-testid="movement-type">
          {movementLabel(v)}
        </Tag>
      ),
    },
    {
      key: 'quantity',
      title: t('stock.history.columns.quantity'),
      align: 'right',
      width: 130,
      render: (_, m) => <SignedQty milli={toMilli(m.quantity) ?? 0} unit={unit} testId="movement-quantity" />,
    },
    {
      key: 'level',
      title: t('stock.history.columns.newLevel'),
      align: 'right',
      width: 130,
      render: (_, m) => <Qty milli={toMilli(m.new_level) ?? 0} unit={unit} className={cells.strong} testId="movement-level" />,
    },
    {
      key: 'note',
      title: t('stock.history.columns.note'),
      dataIndex: 'note',
      render: (v: string) => (v ? <span className={styles.note}>{v}</span> : <span className={cells.muted}>{t('common.notAvailable')}</span>),
    },
  ];

  return (
    <div className={layout.page} data-testid="product-history-page">
      <PageHeader
        className={styles.header}
        titleBlockClassName={styles.pageTitleBlock}
        above={
          <Button type="link" icon={<ArrowLeftOutlined />} onClick={back} className={styles.backLink} data-testid="history-back">
            {t('common.back')}
          </Button>
        }
        title={t('stock.history.title')}
        subtitle={t('stock.history.subtitle')}
      />

      <section className={styles.productCard} data-testid="history-product">
        {image ? (
          <img src={image} alt="" className={styles.productImage} data-testid="history-image" />
        ) : (
          <span className={styles.productPlaceholder} aria-hidden="true" data-testid="history-placeholder">
            <ShoppingOutlined />
          </span>
        )}
        <div className={styles.productInfo}>
          <h2 className={styles.productTitle} data-testid="history-title">
            {title || (pid ? `#${pid}` : t('stock.history.noProduct'))}
          </h2>
          {product.data && (
            <div className={styles.productMeta}>
              {product.data.code && (
                <span>
                  {t('stock.control.columns.code')}: <strong>{product.data.code}</strong>
                </span>
              )}
              {product.data.categorias && (
                <span>
                  {t('stock.control.columns.category')}: <strong>{product.data.categorias}</strong>
                </span>
              )}
              <span>
                {t('stock.history.currentStock')}: <Qty milli={toMilli(product.data.stock) ?? 0} unit={unit} className={cells.strong} testId="history-stock" />
              </span>
            </div>
          )}
        </div>
        <div className={styles.rangeBox}>
          <span className={styles.rangeLabel} id="history-range-label">
            {t('stock.history.range')}
          </span>
          <div data-testid="history-range">
          <DatePicker.RangePicker
            value={pickerValue}
            format={dateFormat()}
            allowClear={false}
            size="large"
            inputReadOnly={!isDesktop}
            placement={isDesktop ? 'bottomRight' : 'bottomLeft'}
            disabledDate={(d) => d.isAfter(dayjs().endOf('day'))}
            presets={[
              { label: t('stock.history.presets.week'), value: [dayjs().subtract(7, 'day'), dayjs()] },
              { label: t('stock.history.presets.month'), value: [dayjs().subtract(30, 'day'), dayjs()] },
              { label: t('stock.history.presets.thisMonth'), value: [dayjs().startOf('month'), dayjs()] },
              { label: t('stock.history.presets.year'), value: [dayjs().subtract(1, 'year'), dayjs()] },
            ]}
            onChange={(v) => {
              if (!v?.[0] || !v[1]) return;
              setRange(rangeOfDays(v[0], v[1]));
              setPage(1);
            }}
            aria-labelledby="history-range-label"
          />
          </div>
        </div>
      </section>

      {rows && rows.length > 0 && (
        <div className={styles.summary} data-testid="history-summary">
          <span>
            {t('stock.history.count', { count: rows.length })}
          </span>
          <span>
            {t('stock.history.net')}: <SignedQty milli={net} unit={unit} />
          </span>
        </div>
      )}

      <div className={layout.tableCard} data-testid="history-table">
        <Table<StockMovement>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={history.isPending && pid ? [] : (rows ?? [])}
          loading={!history.isPending && history.isFetching ? { delay: 300 } : false}
          sticky={{ offsetHeader: 64 }}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText:
              history.isPending && pid ? (
                <TableSkeleton rows={5} />
              ) : pid ? (
                <EmptyState
                  icon={<HistoryOutlined />}
                  title={t('stock.history.emptyTitle')}
                  help={t('stock.history.emptyHelp')}
                  testId="table-empty"
                />
              ) : (
                <EmptyState
                  icon={<HistoryOutlined />}
                  title={t('stock.history.noProduct')}
                  help={t('stock.history.noProductHelp')}
                  testId="table-empty"
                  action={<Button onClick={() => navigate('/stockmanager')}>{t('stock.history.toControl')}</Button>}
                />
              ),
          }}
          pagination={tablePagination({
            current: page, pageSize: HISTORY_PAGE_SIZE, hideOnSinglePage: true, onChange: setPage,
            isDesktop, range: (from, to, total) => t('stock.common.range', { from, to, total }),
          })}
        />
      </div>
    </div>
  );
}
