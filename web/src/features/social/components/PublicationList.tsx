import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Table, type TableColumnsType } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { canAccess, gates } from '../../../shared/access/gates';
import { shownLocally } from '../../../shared/api';
import { useClub, useClubId } from '../../../shared/session';
import layout from '../../../shared/ui/layout.module.css';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { SearchBar } from '../../../shared/ui/SearchBar';
import { selectableRows } from '../../../shared/ui/selectableRows';
import { SelectionPanel } from '../../../shared/ui/SelectionPanel';
import { tablePagination } from '../../../shared/ui/tablePagination';
import { TableEmpty, TableSkeleton } from '../../../shared/ui/TableStates';
import { useIsDesktop } from '../../../shared/ui/useMediaQuery';
import { SOCIAL_PAGE, useDeletePublication } from '../api';
import { matches, type Publication } from '../model';
import styles from '../social.module.css';
import { PublicationView } from './PublicationView';

interface Row {
  nid: number;
  title: string;
  subtitle?: string;
}

interface Props<T extends Row> {
  kind: 'news' | 'events';
  rows: T[] | undefined;
  loading: boolean;
  columns: TableColumnsType<T>;
  view: (row: T) => Publication;
  icon: ReactNode;
}

/**
 * The news list and the events list (spec part 2 §2): a searchable, sortable table of the club's
 * publications, 24 a page, newest first; a row opens its panel (a drawer below 992 px) with the
 * publication as members see it, and its deletion after a confirmation.
 */
export function PublicationList<T extends Row>({ kind, rows, loading, columns, view, icon }: Props<T>) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const isDesktop = useIsDesktop();
  const club = useClubId();
  const clubData = useClub(club).data;
  const canCreate = canAccess(kind === 'news' ? gates.screens.newscreate : gates.screens.eventcreate, clubData);
  const del = useDeletePublication(kind);
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const shown = useMemo(() => (rows ?? []).filter((r) => matches(r, text)), [rows, text]);
  const selected = (rows ?? []).find((r) => r.nid === selectedId) ?? null;
  const k = `social.${kind}`;

  const confirmDelete = (row: T) =>
    modal.confirm({
      centered: true,
      title: t(`${k}.delete.title`, { title: row.title }),
      content: t(`${k}.delete.body`),
      okText: t(`${k}.delete.ok`),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' },
      cancelText: t('common.cancel'),
      onOk: () =>
        del.mutateAsync(row.nid).then(
          () => {
            message.success(t(`${k}.delete.done`), 3);
            setSelectedId(null);
          },
          (e: unknown) => {
            if (shownLocally(e)) message.error(t(`${k}.delete.failed`), 4);
          },
        ),
    });

  const detail = (row: T) => (
    <div className={styles.panelBody}>
      <PublicationView item={view(row)} testId={`${kind}-view`} />
      <Button danger icon={<DeleteOutlined />} onClick={() => confirmDelete(row)} data-testid={`${kind}-delete`} block>
        {t(`${k}.delete.action`)}
      </Button>
    </div>
  );

  const createButton = canCreate ? (
    <Button
      type="primary"
      size="large"
      icon={<PlusOutlined />}
      onClick={() => navigate(kind === 'news' ? '/newscreate' : '/eventcreate')}
      data-testid={`${kind}-new`}
    >
      {t(`${k}.new`)}
    </Button>
  ) : null;
  const filtered = text.trim() !== '';

  return (
    <div className={layout.page} data-testid={`${kind}-page`}>
      <PageHeader
        title={t(`${k}.title`)}
        subtitle={rows ? t(`${k}.total`, { count: rows.length }) : t(`${k}.subtitle`)}
        subtitleTestId={`${kind}-total`}
        actions={createButton}
      />
      <SearchBar
        value={text}
        onChange={(v) => {
          setText(v);
          setPage(1);
        }}
        placeholder={t(`${k}.search`)}
        label={t(`${k}.search`)}
        testId={`${kind}-search`}
        className={styles.publicationSearch}
      />
      <div className={`${layout.workspace} ${isDesktop && selected ? layout.workspaceWithPanel : ''}`}>
        <div className={layout.tableCard} data-testid={`${kind}-table`}>
          <Table<T>
            rowKey="nid"
            tableLayout="fixed"
            columns={columns}
            dataSource={loading ? [] : shown}
            sticky={{ offsetHeader: 64 }}
            scroll={{ x: 560 }}
            showSorterTooltip={false}
            pagination={tablePagination({ current: page, pageSize: SOCIAL_PAGE, total: shown.length, hideOnSinglePage: true, onChange: setPage })}
            {...selectableRows<T>({
              isSelected: (r) => r.nid === selectedId,
              onSelect: (r) => setSelectedId(r.nid),
              testId: (r) => `${kind}-row-${r.nid}`,
            })}
            locale={{
              emptyText: loading ? (
                <TableSkeleton />
              ) : (
                <TableEmpty
                  image={<span className={layout.emptyIcon}>{icon}</span>}
                  title={filtered ? t(`${k}.emptyFiltered`) : t(`${k}.empty`)}
                  help={filtered ? undefined : t(`${k}.emptyHelp`)}
                  action={filtered ? <Button onClick={() => setText('')}>{t('social.clearSearch')}</Button> : createButton}
                  testId={`${kind}-empty`}
                />
              ),
            }}
          />
        </div>
        <SelectionPanel open={selected !== null} title={t(`${k}.panel`)} closeLabel={t('common.close')} onClose={() => setSelectedId(null)} testId={kind}>
          {selected && detail(selected)}
        </SelectionPanel>
      </div>
    </div>
  );
}
