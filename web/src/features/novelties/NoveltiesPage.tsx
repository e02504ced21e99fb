import './i18n';
import { BulbOutlined, CalendarOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Result, Skeleton, Tag } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/format';
import { SafeHtml } from '../../shared/ui/SafeHtml';
import { useNovelties } from './api';
import styles from './novelties.module.css';

/** Route "novelties": what is new in the product, newest first. */
export default function NoveltiesPage() {
  const { t } = useTranslation();
  const news = useNovelties();

  useEffect(() => {
    document.title = `${t('novelties.title')} · ${t('common.appName')}`;
  }, [t]);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('novelties.title')}</h1>
        <p className={styles.subtitle}>{t('novelties.subtitle')}</p>
      </header>
      {news.isPending ? (
        <Card className={styles.card}>
          <Skeleton active paragraph={{ rows: 5 }} />
        </Card>
      ) : news.isError ? (
        <Card className={styles.card}>
          <Result
            status="warning"
            title={t('novelties.loadError')}
            extra={<Button onClick={() => void news.refetch()}>{t('common.retry')}</Button>}
          />
        </Card>
      ) : !news.data || news.data.length === 0 ? (
        <Card className={styles.card}>
          <Empty image={<BulbOutlined className={styles.emptyIcon} />} description={t('novelties.empty')} />
        </Card>
      ) : (
        <ol className={styles.list} data-testid="novelties-list">
          {news.data.map((n) => (
            <li key={n.nid}>
              <Card className={styles.card}>
                <div className={styles.itemHead}>
                  <h2 className={styles.itemTitle}>{n.title}</h2>
                  <Tag icon={<CalendarOutlined />} className={styles.date} bordered={false}>
                    {formatDate(n.date)}
                  </Tag>
                </div>
                <SafeHtml html={n.body} />
              </Card>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
