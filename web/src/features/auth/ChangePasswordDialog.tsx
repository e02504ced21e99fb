import { Alert, App, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { PASSWORD_MAX, useChangePassword } from './api';
import styles from './auth.module.css';
import { NewPasswordFields } from './NewPasswordFields';

interface Values {
  old_password: string;
  password: string;
  confirm: string;
}

/** "Cambiar contraseña": the current password first, then the new one (30 characters max each). */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const change = useChangePassword();
  const [error, setError] = useState<string | null>(null);

  const onFinish = (v: Values) => {
    setError(null);
    change.mutate(
      { old_password: v.old_password, password: v.password },
      {
        onSuccess: () => {
          void message.success(t('auth.passwordChanged'));
          onClose();
        },
        onError: (e) => setError(errorText(e, t, (k) => i18n.exists(k))),
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('auth.changePassword')}
      onCancel={onClose}
      footer={null}
      forceRender
      afterClose={() => {
        form.resetFields();
        setError(null);
      }}
    >
      <div data-testid="change-password-dialog">
        <p className={styles.dialogHelp}>{t('auth.changePasswordHelp')}</p>
        {error && (
          <div className={styles.alert} data-testid="cp-error" role="alert">
            <Alert type="error" showIcon title={error} />
          </div>
        )}
        <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish}>
          <Form.Item
            name="old_password"
            label={t('auth.currentPassword')}
            rules={[{ required: true, message: t('auth.currentPasswordRequired') }]}
          >
            <Input.Password maxLength={PASSWORD_MAX} autoComplete="current-password" data-testid="cp-old" />
          </Form.Item>
          <NewPasswordFields testIds={{ password: 'cp-new', confirm: 'cp-confirm' }} />
          <div className={styles.dialogActions}>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="cp-submit">
              {t('auth.changePassword')}
            </Button>
          </div>
        </Form>
      </div>
    </Modal>
  );
}
