import '../i18n';
import { ReadOutlined } from '@ant-design/icons';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format';
import { useNews, type NewsItem } from '../api';
import { PublicationList } from '../components/PublicationList';
import styles from '../social.module.css';

/** Route "news" (spec part 2 §2 "News list"): the club's news, 24 a page, newest first. */
export default function NewsPage() {
  const { t } = useTranslation();
  const news = useNews();
  const columns: TableColumnsType<NewsItem> = [
    {
      key: 'title',
      title: t('social.news.columns.title'),
      dataIndex: 'title',
      ellipsis: true,
      sorter: (a, b) => a.title.localeCompare(b.title),
      render: (title: string, n) => (
        <div className={styles.titleCell}>
          {n.images?.[0] ? <img src={n.images?.[0].thumb} alt="" className={styles.thumb} /> : <span className={styles.thumbEmpty} aria-hidden="true" />}
          <div className={styles.titleText}>
            <strong data-testid="cell-title">{title}</strong>
            {n.subtitle && <span className={styles.muted}>{n.subtitle}</span>}
          </div>
        </div>
      ),
    },
    {
      key: 'created',
      title: t('social.news.columns.created'),
      dataIndex: 'created',
      width: 140,
      className: styles.num,
      defaultSortOrder: 'descend',
      sortDirections: ['descend', 'ascend'],
      sorter: (a, b) => a.created - b.created || a.nid - b.nid,
      render: (created: number) => formatDate(created),
    },
  ];
  return (
    <PublicationList<NewsItem>
      kind="news"
      rows={news.data}
      loading={news.isPending}
      columns={columns}
      icon={<ReadOutlined />}
      view={(n) => ({ title: n.title, subtitle: n.subtitle, body: n.body, images: (n.images ?? []).map((i) => i.img) })}
    />
  );
}
