import { MailOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { useRequestNewPassword } from './api';
import styles from './auth.module.css';

/** Toast length of the password-recovery confirmation (spec §8). */
const SENT_SECONDS = 8;

export default function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const request = useRequestNewPassword();
  const [error, setError] = useState<string | null>(null);

  const onFinish = ({ name }: { name: string }) => {
    setError(null);
    request.mutate(name.trim(), {
      onSuccess: () => {
        void message.success({ content: t('auth.forgotSent'), duration: SENT_SECONDS });
        onClose();
      },
      onError: (e) => setError(errorText(e, t, (k) => i18n.exists(k))),
    });
  };

  return (
    <Modal
      open={open}
      title={t('auth.forgotTitle')}
      onCancel={onClose}
      footer={null}
      afterClose={() => {
        form.resetFields();
        setError(null);
      }}
      forceRender
    >
      <div data-testid="forgot-dialog">
        <p className={styles.dialogHelp}>{t('auth.forgotHelp')}</p>
        {error && <Alert className={styles.alert} type="error" showIcon title={error} />}
        <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish}>
          <Form.Item
            name="name"
            label={t('auth.forgotName')}
            rules={[{ required: true, whitespace: true, message: t('auth.forgotNameRequired') }]}
          >
            <Input prefix={<MailOutlined />} autoComplete="username" data-testid="forgot-name" />
          </Form.Item>
          <div className={styles.dialogActions}>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="primary" htmlType="submit" loading={request.isPending} data-testid="forgot-submit">
              {t('auth.forgotSubmit')}
            </Button>
          </div>
        </Form>
      </div>
    </Modal>
  );
}
