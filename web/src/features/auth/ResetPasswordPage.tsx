import { CheckCircleOutlined, LockOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../shared/api';
import { useResetPassword } from './api';
import styles from './auth.module.css';
import { AuthLayout } from './AuthLayout';
import { NewPasswordFields } from './NewPasswordFields';

interface Values {
  password: string;
  confirm: string;
}

/** reset-password?token=… — the link of the recovery e-mail; sets a new password. */
export default function ResetPasswordPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const reset = useResetPassword();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    document.title = `${t('auth.resetTitle')} · ${t('common.appName')}`;
  }, [t]);

  const backButton = (
    <Button type="primary" onClick={() => navigate('/', { replace: true })} data-testid="reset-back">
      {t('auth.backToLogin')}
    </Button>
  );

  if (!token) {
    return (
      <AuthLayout title={t('auth.resetTitle')}>
        <Result status="warning" title={t('auth.resetMissingToken')} extra={backButton} />
      </AuthLayout>
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthLayout title={t('auth.resetTitle')}>
        <Result
          icon={<CheckCircleOutlined />}
          status="success"
          title={t('auth.resetDone')}
          extra={backButton}
          data-testid="reset-done"
        />
      </AuthLayout>
    );
  }

  const onFinish = (v: Values) => {
    setError(null);
    reset.mutate(
      { token, password: v.password },
      { onError: (e) => setError(errorText(e, t, (k) => i18n.exists(k))) },
    );
  };

  return (
    <AuthLayout title={t('auth.resetTitle')} subtitle={t('auth.resetHelp')}>
      {error && (
        <div className={styles.alert} data-testid="reset-error" role="alert">
          <Alert type="error" showIcon title={error} />
        </div>
      )}
      <Form<Values> layout="vertical" size="large" requiredMark={false} onFinish={onFinish}>
        <NewPasswordFields prefix={<LockOutlined />} autoFocus testIds={{ password: 'reset-password', confirm: 'reset-confirm' }} />
        <Button type="primary" htmlType="submit" block loading={reset.isPending} data-testid="reset-submit">
          {t('auth.resetSubmit')}
        </Button>
      </Form>
      <div className={styles.bottomLink}>
        <Button type="link" className={styles.forgotLink} onClick={() => navigate('/', { replace: true })}>
          {t('auth.backToLogin')}
        </Button>
      </div>
    </AuthLayout>
  );
}
