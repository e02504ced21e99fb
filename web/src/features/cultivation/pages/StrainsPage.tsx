import '../i18n';
import { BranchesOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Table, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalText, shownLocally } from '../../../shared/api';
import { formatNumber } from '../../../shared/format';
import cells from '../../../shared/ui/cells.module.css';
import { numColumn } from '../../../shared/ui/Figures';
import layout from '../../../shared/ui/layout.module.css';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { TableEmpty, TableSkeleton } from '../../../shared/ui/TableStates';
import { useApp } from '../../../shared/ui/useApp';
import { useDeleteStrain, useStrains, type Strain } from '../api';
import { StrainModal } from '../components/StrainModal';
import styles from '../cultivation.module.css';
import { rangeText } from '../model';

const pct = (n: number) => formatNumber(n, 2);

/**
 * Route "strains": the varieties the club grows, with the THC and CBD ranges they are known for and
 * how many batches each has had; added and edited in a dialog, deleted while nothing names them (the
 * server says so otherwise).
 */
export default function StrainsPage() {
  const { t, i18n } = useTranslation();
  const { message } = useApp();
  const strains = useStrains();
  const remove = useDeleteStrain();
  const [editing, setEditing] = useState<Strain | 'new' | null>(null);
  const [shown, setShown] = useState<Strain | 'new' | null>(null);
  const open = (s: Strain | 'new') => {
    setEditing(s);
    setShown(s);
  };

  const del = (s: Strain) =>
    remove.mutateAsync(s.id).then(
      () => void message.success({ content: t('cultivation.strains.deleted', { name: s.name }), key: 'strain-deleted', duration: 3 }),
      (e: unknown) => {
        if (shownLocally(e)) message.error({ content: <span data-testid="strain-delete-error">{refusalText(e, t, i18n, 'cultivation')}</span>, key: 'strain-delete', duration: 6 });
      },
    );

  const range = (lo: number | null, hi: number | null) => {
    const text = rangeText(lo, hi, pct);
    return text === null ? <span className={cells.muted}>—</span> : <span className={cells.num}>{`${text} %`}</span>;
  };
  const columns: TableColumnsType<Strain> = [
    {
      key: 'name',
      title: t('cultivation.strains.name'),
      width: 200,
      ellipsis: true,
      render: (_, s) => <strong data-testid={`strain-row-${s.id}`}>{s.name}</strong>,
    },
    { key: 'thc', title: t('cultivation.strains.thc'), width: 120, align: 'right', render: (_, s) => range(s.thc_min, s.thc_max) },
    { key: 'cbd', title: t('cultivation.strains.cbd'), width: 120, align: 'right', render: (_, s) => range(s.cbd_min, s.cbd_max) },
    numColumn('batches', t('cultivation.strains.batches'), (s) => s.batches, { width: 90, decimals: 0, muted: true }),
    { key: 'notes', title: t('cultivation.strains.notes'), ellipsis: true, render: (_, s) => s.notes || <span className={cells.muted}>—</span> },
    {
      key: 'actions',
      title: <span className={styles.srOnly}>{t('cultivation.common.actions')}</span>,
      width: 104,
      align: 'right',
      render: (_, s) => (
        <div className={styles.rowActions}>
          <Tooltip title={t('cultivation.common.edit')}>
            <Button type="text" icon={<EditOutlined />} aria-label={t('cultivation.strains.editOf', { name: s.name })} onClick={() => open(s)} data-testid={`strain-edit-${s.id}`} />
          </Tooltip>
          <Popconfirm
            title={t('cultivation.strains.deleteTitle', { name: s.name })}
            description={t('cultivation.strains.deleteHint')}
            okText={t('cultivation.common.delete')}
            okButtonProps={{ danger: true, 'data-testid': 'strain-delete-ok' }}
            cancelText={t('common.cancel')}
            onConfirm={() => del(s)}
          >
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('cultivation.strains.deleteOf', { name: s.name })} data-testid={`strain-delete-${s.id}`} />
          </Popconfirm>
        </div>
      ),
    },
  ];

  const rows = strains.data ?? [];
  return (
    <div className={layout.page} data-testid="strains-page">
      <PageHeader
        title={t('cultivation.strains.title')}
        subtitle={t('cultivation.strains.subtitle')}
        actions={
          <Button type="primary" size="large" icon={<PlusOutlined />} onClick={() => open('new')} data-testid="strain-add">
            {t('cultivation.strains.add')}
          </Button>
        }
      />
      <div className={layout.tableCard} data-testid="strains-table">
        {strains.isPending ? (
          <TableSkeleton rows={5} />
        ) : (
          <Table<Strain>
            rowKey="id"
            size="middle"
            tableLayout="fixed"
            columns={columns}
            dataSource={rows}
            scroll={{ x: 760 }}
            sticky
            pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
            locale={{
              emptyText: (
                <TableEmpty
                  image={<BranchesOutlined className={layout.emptyIcon} />}
                  title={t('cultivation.strains.emptyTitle')}
                  help={t('cultivation.strains.emptyHelp')}
                  testId="strains-empty"
                  action={
                    <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
                      {t('cultivation.strains.add')}
                    </Button>
                  }
                />
              ),
            }}
          />
        )}
      </div>
      {shown && (
        <StrainModal
          key={shown === 'new' ? 'new' : shown.id}
          open={editing !== null}
          strain={shown === 'new' ? null : shown}
          onClose={() => setEditing(null)}
          afterClose={() => setShown(null)}
        />
      )}
    </div>
  );
}
