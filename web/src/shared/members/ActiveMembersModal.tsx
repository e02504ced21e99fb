import { SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { Input, Modal, Table, type TableColumnsType } from 'antd';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useDebounced } from '../ui/useDebounced';
import { findMembers, MEMBERS_PAGE, type Member } from './find';
import styles from './members.module.css';

export interface ActiveMembersLabels {
  title: string;
  search: string;
  /** How the keys work (↑ ↓ and Enter). */
  keys: string;
}

interface Props {
  club: number;
  /** The search it opens with: what was typed in the member field, or nothing. */
  text?: string;
  labels: ActiveMembersLabels;
  /** The table's columns (number, name and what the screen needs). */
  columns: TableColumnsType<Member>;
  /** The cache key of a page of the search, so a lookup that has just read the first page is reused. */
  queryKey: (text: string, page: number) => QueryKey;
  onClose: () => void;
  onPick: (m: Member) => void;
}

/**
 * "Socios activos": active members by number, key fob, name or surname, 5 a page (spec part 1 §9),
 * as the counter and the access control screen open it. Open while mounted. The arrows move
 * through the rows (and on to the next or previous page), Enter chooses the marked one; a click
 * chooses too; Escape closes.
 */
export function ActiveMembersModal({ club, text: initial = '', labels, columns, queryKey, onClose, onPick }: Props) {
  const [text, setText] = useState(initial);
  const query = useDebounced(text.trim());
  const [page, setPage] = useState(0);
  const [active, setActive] = useState(0);
  useEffect(() => setPage(0), [query]);
  const list = useQuery({
    queryKey: queryKey(query, page),
    queryFn: () => findMembers(club, query, page),
    placeholderData: keepPreviousData,
    staleTime: 10_000, // the field's lookup has just read the first page
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
    <Modal open title={labels.title} onCancel={onClose} footer={null} width={640}>
      <Input
        autoFocus
        allowClear
        prefix={<SearchOutlined />}
        placeholder={labels.search}
        aria-label={labels.search}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        data-testid="members-search"
      />
      <p className={styles.hint}>{labels.keys}</p>
      <Table<Member>
        rowKey="nid"
        size="small"
        loading={list.isFetching}
        dataSource={rows}
        rowClassName={(_, i) => (i === active ? `${styles.row} ${styles.active}` : styles.row)}
        onRow={(m, i) =>
          ({
            onClick: () => onPick(m),
            onMouseEnter: () => setActive(i ?? 0),
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
        columns={columns}
        className={styles.table}
      />
    </Modal>
  );
}
