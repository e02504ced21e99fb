import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Input, Modal, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format';
import { useDebounced } from '../../../shared/ui/useDebounced';
import { findMembers, MEMBERS_PAGE, posKeys, type Member } from '../api';

interface Props {
  club: number;
  open: boolean;
  onClose: () => void;
  onPick: (m: Member) => void;
}

/** "Socios activos": active members by number, key fob or name, 5 a page (spec part 1 §9). */
export function MembersModal({ club, open, onClose, onPick }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const query = useDebounced(text.trim());
  const [page, setPage] = useState(0);
  useEffect(() => setPage(0), [query]);
  const list = useQuery({
    queryKey: posKeys.members(club, query, page),
    queryFn: () => findMembers(club, query, page),
    enabled: open,
  });
  return (
    <Modal open={open} title={t('pos.members.title')} onCancel={onClose} footer={null} width={640} destroyOnHidden>
      <Input
        autoFocus
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('pos.members.search')}
        aria-label={t('pos.members.search')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        data-testid="members-search"
      />
      <Table<Member>
        rowKey="nid"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.data ?? []}
        onRow={(m) => ({ onClick: () => onPick(m), style: { cursor: 'pointer' }, 'data-testid': `members-row-${m.nid}` }) as object}
        pagination={{ current: page + 1, pageSize: MEMBERS_PAGE, total: list.data?.total ?? 0, onChange: (p) => setPage(p - 1), showSizeChanger: false }}
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
