import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button } from 'antd';
// Input and Password straight from their modules: antd's Input barrel also brings Search,
// TextArea and OTP, which the login page (the one screen with a size budget) never shows.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { errorText } from '../../shared/api';
import { afterLogin } from '../../shared/session/afterLogin';
import { InlineError } from '../../shared/ui/InlineError';
import { useLogin } from './api';
import styles from './auth.module.css';
import { AuthLayout } from './AuthLayout';

// The recovery dialog (antd Form, Modal) loads only when asked for: the login page stays light.
const ForgotPasswordDialog = lazy(() => import('./ForgotPasswordDialog'));

/**
 * Route "/" when logged out. On success the club's day opens (or the deep link that led here).
 * A plain form with antd inputs (no antd Form): the login route has a 250 KB JavaScript budget.
 */
export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  const [forgotLoaded, setForgotLoaded] = useState(false);

  useEffect(() => {
    document.title = `${t('auth.loginTitle')} · ${t('common.appName')}`;
  }, [t]);

  const usernameMissing = submitted && username.trim() === '';
  const passwordMissing = submitted && password === '';

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setError(null);
    if (username.trim() === '' || password === '' || login.isPending) return;
    login.mutate(
      { username: username.trim(), password },
      {
        onSuccess: () => navigate(afterLogin(location.state), { replace: true }),
        onError: (err) => setError(errorText(err, t, (k) => i18n.exists(k))),
      },
    );
  };

  return (
    <AuthLayout title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')}>
      {error && (
        <div className={styles.alert}>
          <InlineError testId="login-error">{error}</InlineError>
        </div>
      )}
      <form onSubmit={onSubmit} noValidate data-testid="login-form" className={styles.form}>
        <div className={styles.field}>
          <label htmlFor="login-username" className={styles.label}>
            {t('auth.username')}
          </label>
          <Input
            id="login-username"
            name="username"
            size="large"
            prefix={<UserOutlined />}
            placeholder={t('auth.usernamePlaceholder')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            value={username}
            onChange={(e) => {
              setUsername(e.target.value);
              setError(null);
            }}
            status={usernameMissing ? 'error' : undefined}
            aria-invalid={usernameMissing}
            aria-describedby={usernameMissing ? 'login-username-error' : undefined}
            data-testid="login-username"
          />
          {usernameMissing && (
            <div id="login-username-error" className={styles.fieldError}>
              {t('auth.usernameRequired')}
            </div>
          )}
        </div>
        <div className={styles.field}>
          <label htmlFor="login-password" className={styles.label}>
            {t('auth.password')}
          </label>
          <Password
            id="login-password"
            name="password"
            size="large"
            prefix={<LockOutlined />}
            placeholder={t('auth.passwordPlaceholder')}
            autoComplete="current-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setError(null);
            }}
            status={passwordMissing ? 'error' : undefined}
            aria-invalid={passwordMissing}
            aria-describedby={passwordMissing ? 'login-password-error' : undefined}
            data-testid="login-password"
          />
          {passwordMissing && (
            <div id="login-password-error" className={styles.fieldError}>
              {t('auth.passwordRequired')}
            </div>
          )}
        </div>
        <div className={styles.forgotRow}>
          <Button
            type="link"
            className={styles.forgotLink}
            onClick={() => {
              setForgotLoaded(true);
              setForgotOpen(true);
            }}
            data-testid="login-forgot"
          >
            {t('auth.forgot')}
          </Button>
        </div>
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          loading={login.isPending}
          data-testid="login-submit"
        >
          {t('auth.submit')}
        </Button>
      </form>
      {forgotLoaded && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} />
        </Suspense>
      )}
    </AuthLayout>
  );
}
