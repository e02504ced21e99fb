import './i18n';
import { ArrowLeftOutlined, ToolOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import styles from './placeholder.module.css';

/** The page of every section that is not built yet: says so plainly and leads back to the club. */
export default function PlannedPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const name = pathname.replace(/^\/+/, '').split('/')[0];
  const key = `routes.${name}`;
  const section = i18n.exists(key) ? t(key) : name;

  return (
    <section className={styles.wrap} data-testid="planned-page">
      <div className={styles.panel}>
        <div className={styles.badge} aria-hidden="true">
          <ToolOutlined />
        </div>
        <p className={styles.section}>{section}</p>
        <h1 className={styles.title}>{t('placeholder.title')}</h1>
        <p className={styles.body}>{t('placeholder.body', { section })}</p>
        <Button
          type="primary"
          size="large"
          icon={<ArrowLeftOutlined />}
          onClick={() => navigate('/club')}
          data-testid="planned-back"
        >
          {t('placeholder.back')}
        </Button>
      </div>
    </section>
  );
}
