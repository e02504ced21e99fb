import '../i18n';
import { ScheduleOutlined } from '@ant-design/icons';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format';
import { useEvents, type EventItem } from '../api';
import { PublicationList } from '../components/PublicationList';
import styles from '../social.module.css';

/** Route "events" (spec part 2 §2 "Events list"): title, start and end, 24 a page, the latest first. */
export default function EventsPage() {
  const { t } = useTranslation();
  const events = useEvents();
  const columns: TableColumnsType<EventItem> = [
    {
      key: 'title',
      title: t('social.events.columns.title'),
      dataIndex: 'title',
      ellipsis: true,
      sorter: (a, b) => a.title.localeCompare(b.title),
      render: (title: string) => <strong data-testid="cell-title">{title}</strong>,
    },
    {
      key: 'start',
      title: t('social.events.columns.start'),
      dataIndex: 'start_date',
      width: 130,
      className: styles.num,
      defaultSortOrder: 'descend',
      sortDirections: ['descend', 'ascend'],
      sorter: (a, b) => a.start_date - b.start_date || a.nid - b.nid,
      render: (d: number) => formatDate(d),
    },
    {
      key: 'end',
      title: t('social.events.columns.end'),
      dataIndex: 'end_date',
      width: 130,
      className: styles.num,
      sorter: (a, b) => a.end_date - b.end_date,
      render: (d: number) => formatDate(d),
    },
    {
      key: 'counter',
      title: t('social.events.columns.counter'),
      dataIndex: 'counter',
      width: 110,
      align: 'right',
      className: styles.num,
      sorter: (a, b) => a.counter - b.counter,
      render: (n: number) => <span data-testid="cell-counter">{n}</span>,
    },
  ];
  return (
    <PublicationList<EventItem>
      kind="events"
      rows={events.data}
      loading={events.isPending}
      columns={columns}
      icon={<ScheduleOutlined />}
      view={(e) => ({ title: e.title, body: e.body, images: (e.images ?? []).map((i) => i.img), startDate: e.start_date, endDate: e.end_date, counter: e.counter })}
    />
  );
}
