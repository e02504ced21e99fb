import '../i18n';
import {
  DeleteOutlined,
  EditOutlined,
  FileExcelOutlined,
  FileTextOutlined,
  HistoryOutlined,
  PlusOutlined,
  QrcodeOutlined,
  SearchOutlined,
  StockOutlined,
} from '@ant-design/icons';
import { Button, Input, Select } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { reportApiError, shownLocally, useClubCategories } from '../../../shared/api';
import cells from '../../../shared/ui/cells.module.css';
import layout from '../../../shared/ui/layout.module.css';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { SelectionPanel } from '../../../shared/ui/SelectionPanel';
import { useIsDesktop } from '../../../shared/ui/useMediaQuery';
import { exportProducts, useDeleteProduct, useProduct, useProducts, type ExportFormat } from '../api';
import { ProductThumb } from '../components/bits';
import { ProductDetail } from '../components/ProductDetail';
import { ProductTable } from '../components/ProductTable';
import { QrModal } from '../components/QrModal';
import { StockModal } from '../components/StockModal';
import { catalogErrorText, deleteNoteText } from '../errors';
import { DEFAULT_SORT, historyRoute, PAGE_SIZE, type Product, type ProductFilter, type ProductSort } from '../model';
import { useCatalogAccess } from '../useCatalogAccess';
import styles from '../catalog.module.css';
import { useApp } from '../../../shared/ui/useApp';

const SEARCH_DELAY = 300;

/**
 * Route "dispensarymanagerpro": the club's products, 14 a page sorted by the server (list name
 * first), searchable by title or code words and filterable by category. A row selects the product
 * and opens its side panel (a drawer below 992 px). Actions follow the user's roles (spec §6):
 * stock, history, new, modify, QR, delete, Excel and CSV. ?pid= selects that product (after a save).
 */
export default function ProductManagerPage() {
  const { t, i18n } = useTranslation();
  const { message, modal } = useApp();
  const navigate = useNavigate();
  const isDesktop = useIsDesktop();
  const [params, setParams] = useSearchParams();
  const access = useCatalogAccess();
  const club = access.clubId;
  const { can } = access;
  const categories = useClubCategories('dispensary');

  const [text, setText] = useState('');
  const [filter, setFilter] = useState<ProductFilter>({ search: '', category: null });
  const [sort, setSort] = useState<ProductSort>(DEFAULT_SORT);
  const [page, setPage] = useState(0);
  const [selectedPid, setSelectedPid] = useState<number | null>(() => Number(params.get('pid') ?? '') || null);
  const [stockFor, setStockFor] = useState<Product | null>(null);
  const [qrFor, setQrFor] = useState<Product | null>(null);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const searchRef = useRef<HTMLInputElement | null>(null);

  const list = useProducts(filter, sort, page);
  const rows = list.data?.data;
  const onPage = rows?.find((p) => p.pid === selectedPid);
  // A product selected from elsewhere (?pid= after a save) may sit on another page: load it alone.
  const single = useProduct(onPage ? null : selectedPid);
  const selected = onPage ?? single.data ?? null;
  const del = useDeleteProduct();

  // The ?pid= of a save is read once, then dropped from the address.
  useEffect(() => {
    if (params.has('pid')) {
      const next = new URLSearchParams(params);
      next.delete('pid');
      setParams(next, { replace: true });
    }
  }, [params, setParams]);

  // Typing searches after a short pause; Enter searches at once.
  const applySearch = (value: string) => {
    if (value.trim() === filter.search.trim()) return;
    setFilter((f) => ({ ...f, search: value }));
    setPage(0);
  };
  const applyRef = useRef(applySearch);
  applyRef.current = applySearch;

  useEffect(() => {
    const id = setTimeout(() => applyRef.current(text), SEARCH_DELAY);
    return () => clearTimeout(id);
  }, [text]);

  // On a desk the search box takes the first keystroke (or a scanner's code).
  useEffect(() => {
    if (isDesktop) searchRef.current?.focus();
  }, [isDesktop]);

  const filtered = filter.search.trim() !== '' || filter.category !== null;
  const total = list.data?.total ?? 0;

  const requireSelection = (): Product | null => {
    if (!selected) {
      message.warning({ content: t('catalog.delete.selectFirst'), key: 'select-first', duration: 3 });
      return null;
    }
    return selected;
  };

  const doExport = async (format: ExportFormat) => {
    const file = `productos.${format}`;
    setExporting(format);
    const key = 'product-export';
    message.loading({ content: t('catalog.manager.exporting', { file }), key, duration: 0 });
    try {
      await exportProducts(club, filter, sort, format);
      message.success({ content: t('catalog.manager.exported', { file }), key, duration: 3 });
    } catch (e) {
      if (shownLocally(e)) message.error({ content: catalogErrorText(e, t, i18n), key, duration: 5 });
      else {
        message.destroy(key);
        reportApiError(e); // fetched outside the query client: the app's dialogs still apply
      }
    } finally {
      setExporting(null);
    }
  };

  const confirmDelete = () => {
    const p = requireSelection();
    if (!p) return;
    modal.confirm({
      centered: true,
      title: t('catalog.delete.title', { title: p.titulo }),
      content: t('catalog.delete.body'),
      okText: t('catalog.delete.ok'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const results = await del.mutateAsync(p.pid);
          setSelectedPid(null);
          const note = results[0]?.message;
          if (note) {
            modal.info({
              centered: true,
              title: t('catalog.delete.infoTitle'),
              content: <span data-testid="delete-note">{deleteNoteText(note, t, i18n)}</span>,
              okText: t('common.ok'),
            });
          } else {
            message.success(t('catalog.delete.done'), 3);
          }
        } catch (e) {
          if (shownLocally(e)) message.error(catalogErrorText(e, t, i18n), 5);
        }
      },
    });
  };

  const categoryOptions = useMemo(
    () => (categories.data ?? []).map((c) => ({ value: c.nid, label: c.title })),
    [categories.data],
  );

  /** The product actions the user's roles allow, for the toolbar (wide) or the drawer (narrow). */
  const actions = (where: 'toolbar' | 'panel') => {
    const id = (name: string) => (where === 'toolbar' ? `action-${name}` : `panel-${name}`);
    const stockable = !selected || !selected.unlimited_stock;
    const size = where === 'panel' ? 'large' : 'middle';
    return (
      <>
        {can.stock && stockable && (
          <Button
            size={size}
            icon={<StockOutlined />}
            onClick={() => {
              const p = requireSelection();
              if (p) setStockFor(p);
            }}
            data-testid={id('stock')}
          >
            {t('catalog.actions.stock')}
          </Button>
        )}
        {can.history && (
          <Button
            size={size}
            icon={<HistoryOutlined />}
            onClick={() => {
              const p = requireSelection();
              if (p) navigate(historyRoute(p));
            }}
            data-testid={id('history')}
          >
            {t('catalog.actions.history')}
          </Button>
        )}
        {can.modify && (
          <Button
            size={size}
            icon={<EditOutlined />}
            onClick={() => {
              const p = requireSelection();
              if (p) navigate(`/dispensaryproductcreatepro?pid=${p.pid}`);
            }}
            data-testid={id('edit')}
          >
            {t('catalog.actions.edit')}
          </Button>
        )}
        {can.qr && (
          <Button
            size={size}
            icon={<QrcodeOutlined />}
            onClick={() => {
              const p = requireSelection();
              if (p) setQrFor(p);
            }}
            data-testid={id('qr')}
          >
            {t('catalog.actions.qr')}
          </Button>
        )}
        {can.delete && (
          <Button size={size} danger icon={<DeleteOutlined />} onClick={confirmDelete} data-testid={id('delete')}>
            {t('catalog.actions.delete')}
          </Button>
        )}
      </>
    );
  };

  const createButton = can.create ? (
    <Button type="primary" size="large" icon={<PlusOutlined />} onClick={() => navigate('/dispensaryproductcreatepro')} data-testid="product-new">
      {t('catalog.manager.new')}
    </Button>
  ) : null;

  const panelOpen = selected !== null;

  return (
    <div className={`${layout.page} ${styles.wide}`} data-testid="product-manager-page">
      <PageHeader
        title={t('catalog.manager.title')}
        subtitle={list.data ? t('catalog.manager.total', { count: total }) : t('catalog.manager.subtitle')}
        subtitleTestId="product-total"
        actionsClassName={styles.headerActions}
        actions={
          <>
            {can.export && (
              <>
                <Button
                  size="large"
                  icon={<FileExcelOutlined />}
                  loading={exporting === 'xlsx'}
                  disabled={exporting !== null}
                  onClick={() => void doExport('xlsx')}
                  data-testid="export-xlsx"
                >
                  {t('catalog.manager.excel')}
                </Button>
                <Button
                  size="large"
                  icon={<FileTextOutlined />}
                  loading={exporting === 'csv'}
                  disabled={exporting !== null}
                  onClick={() => void doExport('csv')}
                  data-testid="export-csv"
                >
                  {t('catalog.manager.csv')}
                </Button>
              </>
            )}
            {createButton}
          </>
        }
      />

      <div className={styles.filterBar} role="search">
        <Input
          ref={(r) => {
            searchRef.current = r?.input ?? null;
          }}
          size="large"
          allowClear
          value={text}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={() => applySearch(text)}
          prefix={<SearchOutlined className={cells.muted} />}
          placeholder={t('catalog.manager.searchPlaceholder')}
          aria-label={t('catalog.manager.searchLabel')}
          className={styles.searchInput}
          data-testid="product-search"
        />
        <Select
          size="large"
          allowClear
          value={filter.category ?? undefined}
          onChange={(v: number | undefined) => {
            setFilter((f) => ({ ...f, category: v ?? null }));
            setPage(0);
          }}
          options={categoryOptions}
          loading={categories.isPending}
          placeholder={t('catalog.manager.categoryPlaceholder')}
          aria-label={t('catalog.manager.categoryLabel')}
          className={styles.categorySelect}
          data-testid="product-category"
        />
        {filtered && (
          <Button
            size="large"
            type="text"
            onClick={() => {
              setText('');
              setFilter({ search: '', category: null });
              setPage(0);
            }}
            data-testid="clear-filters"
          >
            {t('catalog.manager.clearFilters')}
          </Button>
        )}
      </div>

      {isDesktop && (
        <div className={styles.actionBar} data-testid="action-bar">
          <div className={styles.actionSelection}>
            {selected ? (
              <>
                <ProductThumb src={selected.thumb} size={28} />
                <span className={cells.muted}>{t('catalog.manager.selected')}:</span>
                <strong className={styles.selectedName} data-testid="selected-title">
                  {selected.titulo}
                </strong>
              </>
            ) : (
              <span className={cells.muted}>{t('catalog.manager.noSelection')}</span>
            )}
          </div>
          <div className={styles.actionButtons}>{actions('toolbar')}</div>
        </div>
      )}

      <div className={`${layout.workspace} ${isDesktop && panelOpen ? layout.workspaceWithPanel : ''}`}>
        <ProductTable
          data={rows}
          total={total}
          page={page}
          pageSize={PAGE_SIZE}
          loading={list.isFetching}
          sort={sort}
          selectedPid={selectedPid}
          filtered={filtered}
          onPage={setPage}
          onSort={(s) => {
            setSort(s);
            setPage(0);
          }}
          onSelect={(p) => setSelectedPid(p.pid)}
          empty={{
            help: can.create ? t('catalog.manager.emptyHelp') : t('catalog.manager.emptyViewer'),
            action: filtered ? (
              <Button
                onClick={() => {
                  setText('');
                  setFilter({ search: '', category: null });
                }}
              >
                {t('catalog.manager.clearFilters')}
              </Button>
            ) : (
              createButton
            ),
          }}
        />

        <SelectionPanel
          open={panelOpen}
          title={t('catalog.detail.title')}
          closeLabel={t('catalog.actions.close')}
          onClose={() => setSelectedPid(null)}
          testId="product"
          drawerChildren={selected && <ProductDetail product={selected} actions={<div className={styles.drawerActions}>{actions('panel')}</div>} />}
        >
          {selected && <ProductDetail product={selected} />}
        </SelectionPanel>
      </div>

      <StockModal product={stockFor} onClose={() => setStockFor(null)} />
      {qrFor && <QrModal club={club} product={qrFor} onClose={() => setQrFor(null)} />}
    </div>
  );
}
