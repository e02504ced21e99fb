import { SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Input, Modal, Table } from 'antd';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format';
import { useDebounced } from '../../../shared/ui/useDebounced';
import { findMembers, MEMBERS_PAGE, posKeys, type Member } from '../api';
import styles from '../pos.module.css';

interface Props {
  club: number;
  /** The search it opens with: what was typed in the counter's member field, or nothing. */
  text?: string;
  onClose: () => void;
  onPick: (m: Member) => void;
}

/**
 * "Socios activos": active members by number, key fob, name or surname, 5 a page (spec part 1 §9).
 * Open while mounted. The arrows move through the rows (and on to the next or previous page),
 * Enter chooses the marked one; a click chooses too.
 */
export function MembersModal({ club, text: initial = '', onClose, onPick }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  const query = useDebounced(text.trim());
  const [page, setPage] = useState(0);
  const [active, setActive] = useState(0);
  useEffect(() => setPage(0), [query]);
  const list = useQuery({
    queryKey: posKeys.members(club, query, page),
    queryFn: () => findMembers(club, query, page),
    placeholderData: keepPreviousData,
    staleTime: 10_000, // the counter's lookup has just read the first page
  });
  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / MEMBERS_PAGE));
  // the rows on screen answer what is typed: Enter never chooses from an older search
  const settled = query === text.trim() && !list.isPlaceholderData && !list.isFetching;
  useEffect(() => setActive((a) => Math.min(a, Math.max(0, rows.length - 1))), [rows.length]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (active < rows.length - 1) setActive(active + 1);
      else if (page < pages - 1) {
        setPage(page + 1);
        setActive(0);
      }
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      if (active > 0) setActive(active - 1);
      else if (page > 0) {
        setPage(page - 1);
        setActive(MEMBERS_PAGE - 1);
      }
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (settled && rows[active]) onPick(rows[active]);
    }
  };

  return (
    <Modal open title={t('pos.members.title')} onCancel={onClose} footer={null} width={640}>
      <Input
        autoFocus
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('pos.members.search')}
        aria-label={t('pos.members.search')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        data-testid="members-search"
      />
      <p className={styles.muted}>{t('pos.members.keys')}</p>
      <Table<Member>
        rowKey="nid"
        size="small"
        loading={list.isFetching}
        dataSource={rows}
        rowClassName={(_, i) => (i === active ? styles.pickActive : '')}
        onRow={(m, i) =>
          ({
            onClick: () => onPick(m),
            onMouseEnter: () => setActive(i ?? 0),
            style: { cursor: 'pointer' },
            'aria-current': i === active ? 'true' : undefined,
            'data-testid': `members-row-${m.nid}`,
          }) as object
        }
        pagination={{
          current: page + 1,
          pageSize: MEMBERS_PAGE,
          total,
          onChange: (p) => {
            setPage(p - 1);
            setActive(0);
          },
          showSizeChanger: false,
        }}
        columns={[
          { title: t('pos.members.number'), dataIndex: 'number', width: 90 },
          { title: t('pos.members.name'), render: (_, m) => `${m.nombre} ${m.surname}` },
          { title: t('pos.members.wallet'), align: 'right', render: (_, m) => formatMoney(m.monedero) },
        ]}
        style={{ marginTop: 12 }}
      />
    </Modal>
  );
}
