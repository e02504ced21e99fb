import '../i18n';
import { AppstoreOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import layout from '../../../shared/ui/layout.module.css';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { TableEmpty } from '../../../shared/ui/TableStates';
import { useBasicItems } from '../api';
import { LoadError } from '../components/LoadError';
import { ProductCard } from '../components/ProductCard';
import styles from '../dispensary.module.css';
import { groupByList, productLink } from '../model';
import { useDispensaryAccess } from '../useDispensaryAccess';

/** Route "dispensary": the club's basic products as cards, grouped by list; a card opens the detail. */
export default function DispensaryListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { clubId, canManage } = useDispensaryAccess();
  const items = useBasicItems();
  const groups = useMemo(() => groupByList(items.data ?? [], i18n.language === 'cat' ? 'ca' : i18n.language), [items.data, i18n.language]);
  const count = items.data?.length ?? 0;

  return (
    <div className={`${layout.page} ${styles.roomyEmpty}`} data-testid="dispensary-page">
      <PageHeader
        className={styles.header}
        title={t('dispensary.list.title')}
        subtitle={
          items.isSuccess && count > 0
            ? t('dispensary.list.subtitle', { count, lists: t('dispensary.list.lists', { count: groups.length }) })
            : '\u00a0'
        }
        actions={
          canManage && (
            <Button size="large" icon={<SettingOutlined />} onClick={() => navigate('/dispensarymanagerbasic')} data-testid="manage-items">
              {t('dispensary.list.manage')}
            </Button>
          )
        }
      />

      {items.isPending ? (
        <div className={styles.listSkeleton} data-testid="list-skeleton">
          {Array.from({ length: 8 }, (_, i) => (
            <div className={styles.productCard} key={i}>
              <div className={styles.cardMedia} />
              <div className={styles.cardBody}>
                <Skeleton active title={{ width: '70%' }} paragraph={{ rows: 1, width: '90%' }} />
              </div>
            </div>
          ))}
        </div>
      ) : items.isError ? (
        <div className={styles.listEmpty}>
          <LoadError onRetry={() => void items.refetch()} />
        </div>
      ) : count === 0 ? (
        <div className={styles.listEmpty} data-testid="dispensary-empty">
          <TableEmpty
            image={<AppstoreOutlined className={layout.emptyIcon} />}
            title={t('dispensary.list.emptyTitle')}
            help={canManage ? t('dispensary.list.emptyHelpManager') : t('dispensary.list.emptyHelp')}
            action={
              canManage && (
                <Button type="primary" onClick={() => navigate('/dispensaryproductcreatebasic')}>
                  {t('dispensary.manager.create')}
                </Button>
              )
            }
          />
        </div>
      ) : (
        <div className={styles.groups}>
          {groups.map((g) => (
            <section key={g.nid} className={styles.group} aria-labelledby={`list-${g.nid}`} data-testid={`list-group-${g.nid}`}>
              <h2 className={styles.groupHeader} id={`list-${g.nid}`}>
                {g.title || t('dispensary.common.noList')}
                <span className={styles.groupCount}>{t('dispensary.common.count', { count: g.items.length })}</span>
              </h2>
              <div className={styles.cardGrid}>
                {g.items.map((p) => (
                  <ProductCard
                    key={p.pid}
                    title={p.titulo}
                    subtitle={p.subtitle}
                    image={p.imagenes?.[0]?.img || p.thumb}
                    to={productLink(p.public_token, clubId)}
                    testId={`item-card-${p.pid}`}
                  />
                ))}
              </div>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
