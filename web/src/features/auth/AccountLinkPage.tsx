import { CheckCircleOutlined, CloseCircleOutlined, LinkOutlined } from '@ant-design/icons';
import { Alert, Button, Result, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../shared/api';
import { useAccountLink, useAnswerAccountLink } from './api';
import styles from './auth.module.css';
import { AuthLayout } from './AuthLayout';
import './i18n';

/**
 * account-link?token=… — the link mailed to a person whose e-mail a club typed
 * into a member record. Only they can link the record to their account, from
 * their own mailbox; until they accept, the club sees nothing of the account.
 */
export default function AccountLinkPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const link = useAccountLink(token);
  const answer = useAnswerAccountLink();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    document.title = `${t('accountLink.title')} · ${t('common.appName')}`;
  }, [t]);

  const backButton = (
    <Button type="primary" onClick={() => navigate('/', { replace: true })} data-testid="link-back">
      {t('auth.backToLogin')}
    </Button>
  );

  if (!token || link.isError) {
    return (
      <AuthLayout title={t('accountLink.title')}>
        <Result status="warning" title={t('accountLink.invalid')} extra={backButton} data-testid="link-invalid" />
      </AuthLayout>
    );
  }

  if (answer.isSuccess) {
    const accepted = answer.variables?.accept;
    return (
      <AuthLayout title={t('accountLink.title')}>
        <Result
          icon={accepted ? <CheckCircleOutlined /> : <CloseCircleOutlined />}
          status={accepted ? 'success' : 'info'}
          title={accepted ? t('accountLink.accepted', { club: answer.data.club }) : t('accountLink.declined', { club: answer.data.club })}
          extra={backButton}
          data-testid="link-done"
        />
      </AuthLayout>
    );
  }

  const reply = (accept: boolean) => {
    setError(null);
    answer.mutate({ token, accept }, { onError: (e) => setError(errorText(e, t, (k) => i18n.exists(k))) });
  };

  return (
    <AuthLayout title={t('accountLink.title')}>
      {link.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <>
          <p className={styles.subtitle} data-testid="link-question">
            <LinkOutlined aria-hidden="true" />{' '}
            {t('accountLink.question', { club: link.data.club, username: link.data.username, number: link.data.number })}
          </p>
          <p className={styles.subtitle}>{t('accountLink.help')}</p>
          {error && (
            <div className={styles.alert} role="alert">
              <Alert type="error" showIcon title={error} />
            </div>
          )}
          <Button
            type="primary"
            size="large"
            block
            loading={answer.isPending && answer.variables?.accept}
            disabled={answer.isPending}
            onClick={() => reply(true)}
            data-testid="link-accept"
          >
            {t('accountLink.accept')}
          </Button>
          <div className={styles.bottomLink}>
            <Button
              type="link"
              className={styles.forgotLink}
              disabled={answer.isPending}
              onClick={() => reply(false)}
              data-testid="link-decline"
            >
              {t('accountLink.decline')}
            </Button>
          </div>
        </>
      )}
    </AuthLayout>
  );
}
