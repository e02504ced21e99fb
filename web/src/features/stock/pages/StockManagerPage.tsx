import '../i18n';
import { BellOutlined, ClearOutlined, HistoryOutlined, InfoCircleOutlined, SaveOutlined, SearchOutlined, StockOutlined } from '@ant-design/icons';
import { Alert, App, Button, Input, InputNumber, Select, Table, Tooltip, type GetRef, type InputRef, type TableColumnsType } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError, shownLocally, useClubCategories } from '../../../shared/api';
import { currentLanguage } from '../../../shared/i18n';
import cells from '../../../shared/ui/cells.module.css';
import layout from '../../../shared/ui/layout.module.css';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { tablePagination } from '../../../shared/ui/tablePagination';
import { TableSkeleton } from '../../../shared/ui/TableStates';
import ui from '../../../shared/ui/ui.module.css';
import { useIsDesktop } from '../../../shared/ui/useMediaQuery';
import { useSaveStockCount, useStockList, type Product, type StockSort } from '../api';
import { EmptyState, ProductThumb, Qty, SignedQty, unitOf } from '../components/bits';
import { NumericSettingModal } from '../components/NumericSettingModal';
import { stockErrorText } from '../errors';
import {
  buildStockChanges,
  countedStock,
  countTyped,
  rowOfField,
  stockDifference,
  toMilli,
  type CountDraft,
  type CountedProduct,
} from '../quantity';
import { useStockAccess } from '../useStockAccess';
import styles from '../stock.module.css';

/** Spec part 2 §9: stock control shows 19 products a page. */
export const STOCK_PAGE_SIZE = 19;
const NOTE_MAX = 200;

interface RowError {
  pid: number;
  title: string;
  text: string;
  /** Which input the server named: the note, or the count itself. */
  on: 'note' | 'count';
}

/**
 * Route "stockmanager": count the stock. Each product's jar is weighed with the product; the
 * typed value minus the stock minus the jar weight is the change recorded. Typed values are kept
 * per product while paging and sent together with "Guardar cambios".
 */
export default function StockManagerPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const isDesktop = useIsDesktop();
  const { clubId: club, can } = useStockAccess();
  const categories = useClubCategories('dispensary');

  const [page, setPage] = useState(0);
  const [alertOpen, setAlertOpen] = useState(false);
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<number | undefined>();
  const [sort, setSort] = useState<{ field: StockSort; desc: boolean }>({ field: 'list_name', desc: false });
  const [drafts, setDrafts] = useState<Map<number, CountDraft>>(() => new Map());
  const [rowError, setRowError] = useState<RowError | null>(null);
  const known = useRef(new Map<number, Product>());
  const inputs = useRef(new Map<number, GetRef<typeof InputNumber>>());
  const searchRef = useRef<InputRef>(null);

  const query = useMemo(
    () => ({ page, limit: STOCK_PAGE_SIZE, search, category, sort: sort.field, desc: sort.desc }),
    [page, search, category, sort],
  );
  const list = useStockList(query);
  const save = useSaveStockCount();
  const rows = list.data?.data;

  // What each product was when last shown: the change of a typed row uses its latest stock.
  useEffect(() => {
    for (const p of rows ?? []) known.current.set(p.pid, p);
  }, [rows]);

  // The search applies 300 ms after the last keystroke, from the first page.
  useEffect(() => {
    const id = setTimeout(() => {
      const v = searchText.trim();
      if (v === search) return;
      setSearch(v);
      setPage(0);
    }, 300);
    return () => clearTimeout(id);
  }, [searchText, search]);

  // The club changed: nothing typed for the other club's products stays.
  useEffect(() => {
    setDrafts(new Map());
    setRowError(null);
    known.current.clear();
    setPage(0);
  }, [club]);

  const pending = countTyped(drafts);

  // Leaving the page with counts not saved asks first (reload, close tab).
  useEffect(() => {
    if (pending === 0) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [pending]);

  const setDraft = useCallback((pid: number, patch: Partial<CountDraft>) => {
    setDrafts((prev) => {
      const next = new Map(prev);
      const d = { typed: null, note: '', ...prev.get(pid), ...patch };
      if ((d.typed === null || d.typed === '') && d.note === '') next.delete(pid);
      else next.set(pid, d);
      return next;
    });
    setRowError((e) => (e?.pid === pid ? null : e));
  }, []);

  const focusNext = (pid: number) => {
    const ids = (rows ?? []).map((r) => r.pid);
    const next = ids[ids.indexOf(pid) + 1];
    const el = next !== undefined ? inputs.current.get(next) : undefined;
    if (el) {
      el.focus();
      el.select();
    }
  };

  const discard = () => {
    setDrafts(new Map());
    setRowError(null);
  };

  const submit = () => {
    const products = new Map<number, CountedProduct>(known.current);
    const changes = buildStockChanges(drafts, products);
    if (changes.length === 0) {
      message.info(t('stock.control.nothingTyped'), 3);
      return;
    }
    setRowError(null);
    save.mutate(changes, {
      onSuccess: () => {
        message.success(t('stock.control.saved', { count: changes.length }), 3);
        setDrafts(new Map());
      },
      onError: (e) => {
        if (!shownLocally(e)) return;
        const field = isApiError(e) ? e.field : undefined;
        const idx = rowOfField(field);
        const pid = idx !== null ? changes[idx]?.pid : undefined;
        const p = pid !== undefined ? known.current.get(pid) : undefined;
        const text = stockErrorText(e, t, i18n);
        if (pid !== undefined) {
          // the alert above the table and the row itself say it; no toast on top
          setRowError({ pid, title: p?.titulo ?? String(pid), text, on: field?.endsWith('.note') ? 'note' : 'count' });
          const el = field?.endsWith('.note') ? null : inputs.current.get(pid);
          el?.focus();
        } else message.error(text, 5);
      },
    });
  };

  const sortOrder = (field: StockSort): SortOrder => (sort.field === field ? (sort.desc ? 'descend' : 'ascend') : null);
  const decimalSeparator = currentLanguage() === 'en' ? '.' : ',';

  const allColumns: TableColumnsType<Product> = [
    {
      key: 'code',
      title: t('stock.control.columns.code'),
      dataIndex: 'code',
      width: 124,
      sorter: true,
      sortOrder: sortOrder('code'),
      render: (code: string) => (code ? <span className={cells.mono}>{code}</span> : <span className={cells.muted}>{t('common.notAvailable')}</span>),
    },
    {
      key: 'list_name',
      title: t('stock.control.columns.product'),
      sorter: true,
      sortOrder: sortOrder('list_name'),
      fixed: isDesktop ? undefined : 'left',
      width: isDesktop ? undefined : 132,
      render: (_, p) =>
        isDesktop ? (
          <span className={styles.product}>
            <ProductThumb src={p.thumb} />
            <span className={styles.productName} title={p.titulo}>
              {p.titulo}
            </span>
          </span>
        ) : (
          // narrow: the SKU and the category go under the name instead of in columns of their own
          <span className={styles.productStack}>
            <span className={styles.productName}>{p.titulo}</span>
            <small className={cells.mono}>{p.code || t('common.notAvailable')}</small>
            {p.categorias && <small>{p.categorias}</small>}
          </span>
        ),
    },
    {
      key: 'category',
      title: t('stock.control.columns.category'),
      dataIndex: 'categorias',
      sorter: true,
      sortOrder: sortOrder('category'),
      ellipsis: true,
      width: 116,
      render: (c: string) => c || <span className={cells.muted}>{t('common.notAvailable')}</span>,
    },
    {
      key: 'stock',
      title: t('stock.control.columns.stock'),
      align: 'right',
      width: 96,
      sorter: true,
      sortOrder: sortOrder('stock'),
      render: (_, p) =>
        isDesktop ? (
          <Qty milli={toMilli(p.stock) ?? 0} unit={unitOf(p.type)} testId={`stock-${p.pid}`} />
        ) : (
          <span className={styles.diff}>
            <Qty milli={toMilli(p.stock) ?? 0} unit={unitOf(p.type)} testId={`stock-${p.pid}`} className={cells.strong} />
            {p.jar_weight > 0 && (
              <span className={styles.diffAfter}>
                {t('stock.control.jarShort')} <Qty milli={toMilli(p.jar_weight) ?? 0} unit="g" />
              </span>
            )}
          </span>
        ),
    },
    {
      key: 'jar',
      title: t('stock.control.columns.jar'),
      align: 'right',
      width: 92,
      render: (_, p) =>
        p.jar_weight ? <Qty milli={toMilli(p.jar_weight) ?? 0} unit="g" /> : <span className={cells.muted}>{t('common.notAvailable')}</span>,
    },
    {
      key: 'count',
      title: t('stock.control.columns.newStock'),
      width: 136,
      render: (_, p) => {
        const d = drafts.get(p.pid);
        const err = rowError?.pid === p.pid && rowError.on === 'count';
        return (
          <InputNumber<string>
            stringMode
            min="0"
            step="0.01"
            controls={false}
            decimalSeparator={decimalSeparator}
            value={d?.typed ?? null}
            status={err ? 'error' : undefined}
            placeholder={t(unitOf(p.type) === 'g' ? 'stock.control.countPlaceholder' : 'stock.control.countPlaceholderUnits')}
            suffix={unitOf(p.type) ? t(`stock.units.${unitOf(p.type)}`) : undefined}
            className={styles.countInput}
            classNames={{ input: styles.countInputField }}
            aria-label={t('stock.control.countLabel', { title: p.titulo })}
            ref={(el) => {
              if (el) inputs.current.set(p.pid, el);
              else inputs.current.delete(p.pid);
            }}
            onChange={(v) => setDraft(p.pid, { typed: v === null || v === '' ? null : String(v) })}
            onPressEnter={(e) => {
              e.preventDefault();
              focusNext(p.pid);
            }}
            data-testid={`new-stock-${p.pid}`}
          />
        );
      },
    },
    {
      key: 'difference',
      title: t('stock.control.columns.difference'),
      align: 'right',
      width: 112,
      render: (_, p) => {
        const typed = toMilli(drafts.get(p.pid)?.typed);
        if (typed === null) return <span className={cells.muted} data-testid={`difference-${p.pid}`} />;
        const jar = toMilli(p.jar_weight) ?? 0;
        const diff = stockDifference(typed, toMilli(p.stock) ?? 0, jar);
        const after = countedStock(typed, jar);
        const unit = unitOf(p.type);
        return (
          <span className={styles.diff}>
            <span className={styles.diffValue}>
              <SignedQty milli={diff} unit={unit} testId={`difference-${p.pid}`} />
            </span>
            {after < 0 ? (
              <span className={styles.cellWarn}>{t('stock.control.belowJar')}</span>
            ) : (
              <span className={styles.diffAfter}>
                {t('stock.control.after')} <Qty milli={after} unit={unit} />
              </span>
            )}
          </span>
        );
      },
    },
    {
      key: 'note',
      title: t('stock.control.columns.note'),
      width: isDesktop ? 188 : 220,
      render: (_, p) => {
        const d = drafts.get(p.pid);
        const err = rowError?.pid === p.pid;
        return (
          <div>
            <Input
              value={d?.note ?? ''}
              maxLength={NOTE_MAX}
              placeholder={t('stock.control.notePlaceholder')}
              status={err && rowError.on === 'note' ? 'error' : undefined}
              aria-label={t('stock.control.noteLabel', { title: p.titulo })}
              onChange={(e) => setDraft(p.pid, { note: e.target.value })}
              data-testid={`note-${p.pid}`}
            />
            {err && (
              <div className={styles.cellError} role="alert" data-testid={`row-error-${p.pid}`}>
                {rowError.text}
              </div>
            )}
          </div>
        );
      },
    },
  ];
  // Below 992 px the SKU, category and jar weight fold into the product and stock cells.
  const columns = allColumns.filter((c) => isDesktop || !['code', 'category', 'jar'].includes(String(c.key)));
  if (can.history) {
    columns.push({
      key: 'actions',
      title: <span className={ui.srOnly}>{t('stock.common.actions')}</span>,
      width: 56,
      align: 'right',
      render: (_, p) => (
        <Tooltip title={t('stock.control.history')}>
          <Button
            type="text"
            icon={<HistoryOutlined />}
            aria-label={t('stock.control.historyOf', { title: p.titulo })}
            onClick={() => navigate(`/productHistoryReport?pid=${p.pid}&title=${encodeURIComponent(p.titulo)}`)}
            data-testid={`history-${p.pid}`}
          />
        </Tooltip>
      ),
    });
  }

  const firstLoad = list.isPending;
  const total = list.data?.total ?? 0;
  const filtered = search !== '' || category !== undefined;

  return (
    <div className={layout.page} data-testid="stockmanager-page">
      <PageHeader
        className={styles.header}
        titleBlockClassName={styles.pageTitleBlock}
        actionsClassName={styles.headerActions}
        title={t('stock.control.title')}
        actions={
          <>
            {pending > 0 && (
              <span className={styles.pending} data-testid="pending-count">
                {t('stock.control.pending', { count: pending })}
              </span>
            )}
            {pending > 0 && (
              <Button size="large" icon={<ClearOutlined />} onClick={discard} disabled={save.isPending} data-testid="stock-discard">
                {t('stock.control.discard')}
              </Button>
            )}
            <Button size="large" icon={<BellOutlined />} onClick={() => setAlertOpen(true)} data-testid="stock-alert-open">
              {t('stock.settings.alert.open')}
            </Button>
            <Button
              size="large"
              type="primary"
              icon={<SaveOutlined />}
              onClick={submit}
              loading={save.isPending}
              disabled={pending === 0}
              data-testid="stock-save"
            >
              {t('stock.control.save')}
            </Button>
          </>
        }
      >
        <p className={styles.hint} data-testid="jar-hint">
          <InfoCircleOutlined className={styles.hintIcon} />
          <span>
            {t('stock.control.hint')} <span className={styles.formula}>{t('stock.control.formula')}</span>
          </span>
        </p>
      </PageHeader>

      <div className={styles.toolbar}>
        <Input
          ref={searchRef}
          allowClear
          size="large"
          prefix={<SearchOutlined className={cells.muted} />}
          placeholder={t('stock.control.searchPlaceholder')}
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          onPressEnter={() => {
            setSearch(searchText.trim());
            setPage(0);
          }}
          className={styles.toolbarSearch}
          aria-label={t('stock.control.searchPlaceholder')}
          data-testid="stock-search"
        />
        <Select<number>
          allowClear
          size="large"
          placeholder={t('stock.control.allCategories')}
          value={category}
          onChange={(v) => {
            setCategory(v ?? undefined);
            setPage(0);
          }}
          options={(categories.data ?? []).map((c) => ({ value: c.nid, label: c.title }))}
          className={styles.toolbarSelect}
          aria-label={t('stock.control.columns.category')}
          data-testid="stock-category"
        />
        <span className={layout.pageSubtitle}>
          {list.data ? t('stock.control.total', { count: total }) : t('common.loading')}
        </span>
      </div>

      {rowError && (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setRowError(null) }}
          title={t('stock.control.notSaved')}
          description={`${rowError.title}: ${rowError.text}`}
          data-testid="stock-error"
        />
      )}

      <div className={layout.tableCard} data-testid="stock-table">
        <Table<Product>
          rowKey="pid"
          size="middle"
          columns={columns}
          dataSource={firstLoad ? [] : rows}
          loading={!firstLoad && list.isFetching ? { delay: 300 } : false}
          sticky={{ offsetHeader: 64 }}
          scroll={{ x: isDesktop ? 1080 : 'max-content' }}
          rowClassName={(p) =>
            rowError?.pid === p.pid ? styles.errorRow : toMilli(drafts.get(p.pid)?.typed) !== null ? styles.typedRow : ''
          }
          onRow={(p) => ({ 'data-testid': `stock-row-${p.pid}` }) as React.HTMLAttributes<HTMLElement>}
          onChange={(_pagination, _filters, sorter, extra) => {
            if (extra.action !== 'sort') return;
            const s = Array.isArray(sorter) ? sorter[0] : sorter;
            const field = (s?.order ? s.columnKey : 'list_name') as StockSort;
            setSort({ field, desc: s?.order === 'descend' });
            setPage(0);
          }}
          locale={{
            emptyText: firstLoad ? (
              <TableSkeleton />
            ) : filtered ? (
              <EmptyState
                icon={<SearchOutlined />}
                title={t('stock.control.noMatchTitle')}
                help={t('stock.control.noMatchHelp')}
                testId="table-empty"
                action={
                  <Button
                    onClick={() => {
                      setSearchText('');
                      setSearch('');
                      setCategory(undefined);
                      setPage(0);
                    }}
                  >
                    {t('stock.control.clearFilters')}
                  </Button>
                }
              />
            ) : (
              <EmptyState
                icon={<StockOutlined />}
                title={t('stock.control.emptyTitle')}
                help={t('stock.control.emptyHelp')}
                testId="table-empty"
              />
            ),
          }}
          pagination={tablePagination({
            current: page + 1, pageSize: STOCK_PAGE_SIZE, total, onChange: (p) => setPage(p - 1),
            isDesktop, range: (from, to, total) => t('stock.common.range', { from, to, total }),
          })}
        />
      </div>
      <NumericSettingModal open={alertOpen} setting="stock_alert" onClose={() => setAlertOpen(false)} />
    </div>
  );
}
