import '../i18n';
import { AppstoreOutlined, DeleteOutlined, EditOutlined, PlusOutlined, ShopOutlined } from '@ant-design/icons';
import { App, Button, Rate, Select, Skeleton, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useClubCategories } from '../../../shared/api';
import layout from '../../../shared/ui/layout.module.css';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { tablePagination } from '../../../shared/ui/tablePagination';
import { TableEmpty } from '../../../shared/ui/TableStates';
import ui from '../../../shared/ui/ui.module.css';
import { useIsDesktop } from '../../../shared/ui/useMediaQuery';
import { useBasicItems, useDeleteBasicItem } from '../api';
import { LoadError } from '../components/LoadError';
import { ProductThumb } from '../components/ProductThumb';
import styles from '../dispensary.module.css';
import { dispensaryErrorText } from '../errors';
import { BASIC_PAGE_SIZE, filterByList, type Product } from '../model';
import { useDispensaryAccess } from '../useDispensaryAccess';

const CREATE = '/dispensaryproductcreatebasic';

/**
 * Route "dispensarymanagerbasic": the club's basic products, 24 to a page, filtered by list, with
 * create, edit (the create page with ?nid=) and delete (confirmed, cannot be undone).
 */
export default function BasicManagerPage() {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const isDesktop = useIsDesktop();
  const { canEdit, canManage } = useDispensaryAccess();
  const items = useBasicItems();
  const lists = useClubCategories('dispensary');
  const del = useDeleteBasicItem();
  const [list, setList] = useState<number | null>(null);
  const [page, setPage] = useState(1);

  const rows = useMemo(() => filterByList(items.data ?? [], list), [items.data, list]);
  const all = items.data?.length ?? 0;
  const firstLoad = items.isPending;

  const edit = (p: Product) => navigate(`${CREATE}?nid=${p.pid}`);

  const confirmDelete = (p: Product) => {
    modal.confirm({
      centered: true,
      title: t('dispensary.manager.deleteTitle', { title: p.titulo }),
      content: t('dispensary.manager.deleteBody'),
      okText: t('dispensary.common.delete'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const res = await del.mutateAsync(p.pid);
          const refused = res.find((r) => r.message);
          if (refused?.message) {
            modal.info({ centered: true, title: p.titulo, content: refused.message });
            return;
          }
          message.success(t('dispensary.manager.deleted'), 3);
        } catch (e) {
          message.error(dispensaryErrorText(e, t, i18n), 5);
        }
      },
    });
  };

  const listTag = (p: Product) =>
    p.categorias ? (
      <Tag className={styles.listTag} color="purple" variant="filled">
        {p.categorias}
      </Tag>
    ) : (
      <span className={styles.muted}>{t('dispensary.common.noList')}</span>
    );

  // Below 992 px the list and the subtitle go under the title, so the table needs less room.
  const columns: TableColumnsType<Product> = [
    {
      key: 'image',
      title: <span className={ui.srOnly}>{t('dispensary.manager.colImage')}</span>,
      width: 64,
      render: (_, p) => <ProductThumb src={p.thumb || p.imagenes?.[0]?.thumb} alt={p.titulo} />,
    },
    ...(isDesktop
      ? ([
          { key: 'list', title: t('dispensary.manager.colList'), dataIndex: 'categorias', width: 150, render: (_, p) => listTag(p) },
          {
            key: 'title',
            title: t('dispensary.manager.colTitle'),
            dataIndex: 'titulo',
            render: (_, p) => <span className={styles.rowTitle}>{p.titulo}</span>,
          },
          {
            key: 'subtitle',
            title: t('dispensary.manager.colSubtitle'),
            dataIndex: 'subtitle',
            render: (_, p) =>
              p.subtitle ? <span className={styles.rowSubtitle}>{p.subtitle}</span> : <span className={styles.muted}>—</span>,
          },
        ] as TableColumnsType<Product>)
      : ([
          {
            key: 'title',
            title: t('dispensary.manager.colTitle'),
            dataIndex: 'titulo',
            render: (_, p) => (
              <div className={styles.titleCell}>
                <span className={styles.rowTitle}>{p.titulo}</span>
                {p.subtitle && <span className={styles.rowSubtitle}>{p.subtitle}</span>}
                {listTag(p)}
              </div>
            ),
          },
        ] as TableColumnsType<Product>)),
    {
      key: 'tv',
      title: t('dispensary.manager.colTv'),
      dataIndex: 'showintv',
      width: 96,
      render: (_, p) => (
        <Tag className={styles.tvTag} color={p.showintv ? 'green' : 'default'} data-testid={`row-tv-${p.pid}`}>
          {p.showintv ? t('dispensary.manager.tvShow') : t('dispensary.manager.tvHide')}
        </Tag>
      ),
    },
    {
      key: 'rating',
      title: t('dispensary.manager.colRating'),
      dataIndex: 'valoration',
      width: 136,
      render: (_, p) => (
        <span data-testid={`row-rating-${p.pid}`} data-value={p.valoration}>
          <Rate disabled value={p.valoration} className={styles.rate} />
        </span>
      ),
    },
  ];
  if (canEdit || canManage) {
    columns.push({
      key: 'actions',
      title: <span className={ui.srOnly}>{t('dispensary.common.actions')}</span>,
      align: 'right',
      fixed: isDesktop ? undefined : 'right',
      width: 96,
      render: (_, p) => (
        <div className={styles.rowActions} onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
          {canEdit && (
            <Tooltip title={t('dispensary.common.edit')}>
              <Button
                type="text"
                icon={<EditOutlined />}
                aria-label={`${t('dispensary.common.edit')} ${p.titulo}`}
                onClick={() => edit(p)}
                data-testid={`edit-${p.pid}`}
              />
            </Tooltip>
          )}
          {canManage && (
            <Tooltip title={t('dispensary.common.delete')}>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`${t('dispensary.common.delete')} ${p.titulo}`}
                onClick={() => confirmDelete(p)}
                data-testid={`delete-${p.pid}`}
              />
            </Tooltip>
          )}
        </div>
      ),
    });
  }

  const filtered = list !== null;
  const empty = (
    <TableEmpty
      image={<AppstoreOutlined className={layout.emptyIcon} />}
      title={filtered ? t('dispensary.manager.emptyFilteredTitle') : t('dispensary.manager.emptyTitle')}
      help={filtered ? t('dispensary.manager.emptyFilteredHelp') : t('dispensary.manager.emptyHelp')}
      action={
        canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(list ? `${CREATE}?list=${list}` : CREATE)}>
            {t('dispensary.manager.create')}
          </Button>
        )
      }
      testId="table-empty"
    />
  );

  return (
    <div className={`${layout.page} ${styles.roomyEmpty}`} data-testid="dispensarymanagerbasic-page">
      <PageHeader
        className={styles.header}
        title={t('dispensary.manager.title')}
        subtitle={t('dispensary.manager.subtitle')}
        actions={
          <>
            <Button size="large" icon={<ShopOutlined />} onClick={() => navigate('/dispensary')} data-testid="view-dispensary">
              {t('dispensary.manager.viewDispensary')}
            </Button>
            {canEdit && (
              <Button size="large" type="primary" icon={<PlusOutlined />} onClick={() => navigate(CREATE)} data-testid="create-item">
                {t('dispensary.manager.create')}
              </Button>
            )}
          </>
        }
      />

      <div className={styles.toolbar}>
        <label className={styles.toolbarLabel} htmlFor="dispensary-list-filter">
          {t('dispensary.manager.filterList')}
        </label>
        <Select<number | null>
          id="dispensary-list-filter"
          className={styles.listFilter}
          value={list}
          onChange={(v) => {
            setList(v ?? null);
            setPage(1);
          }}
          loading={lists.isPending}
          options={[
            { value: null, label: t('dispensary.manager.allLists') },
            ...(lists.data ?? []).map((c) => ({ value: c.nid, label: c.title })),
          ]}
          data-testid="list-filter"
        />
        <span className={styles.toolbarCount} data-testid="item-count">
          {firstLoad ? '' : filtered ? t('dispensary.common.filtered', { count: all, shown: rows.length }) : t('dispensary.common.count', { count: all })}
        </span>
      </div>

      <div className={layout.tableCard} data-testid="basic-table">
        <Table<Product>
          rowKey="pid"
          columns={columns}
          dataSource={firstLoad ? [] : rows}
          loading={!firstLoad && items.isFetching ? { delay: 300 } : false}
          sticky={{ offsetHeader: 64 }}
          scroll={{ x: 'max-content' }}
          rowClassName={() => (canEdit ? styles.clickableRow : '')}
          onRow={(p) =>
            ({
              onClick: canEdit ? () => edit(p) : undefined,
              onKeyDown: (e: React.KeyboardEvent) => {
                if (canEdit && e.key === 'Enter' && e.target === e.currentTarget) edit(p);
              },
              tabIndex: canEdit ? 0 : undefined,
              'data-testid': `item-row-${p.pid}`,
            }) as React.HTMLAttributes<HTMLElement>
          }
          locale={{
            emptyText: firstLoad ? (
              <div className={styles.skeletonRows} data-testid="table-skeleton">
                {Array.from({ length: 6 }, (_, i) => (
                  <Skeleton key={i} avatar={{ shape: 'square', size: 'small' }} title={false} paragraph={{ rows: 1, width: '100%' }} active />
                ))}
              </div>
            ) : items.isError ? (
              <LoadError onRetry={() => void items.refetch()} />
            ) : (
              empty
            ),
          }}
          pagination={tablePagination({
            current: page, pageSize: BASIC_PAGE_SIZE, onChange: setPage,
            isDesktop, range: (from, to, total) => t('dispensary.common.range', { from, to, total }),
          })}
        />
      </div>
    </div>
  );
}
