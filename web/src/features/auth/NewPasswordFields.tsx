import { Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX, PASSWORD_MIN } from './api';

/** The new password and its confirmation, as the reset page and the change dialog ask for them. */
export function NewPasswordFields({
  prefix,
  autoFocus,
  testIds,
}: {
  prefix?: ReactNode;
  autoFocus?: boolean;
  testIds: { password: string; confirm: string };
}) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="password"
        label={t('auth.newPassword')}
        rules={[
          { required: true, message: t('auth.newPasswordRequired') },
          { min: PASSWORD_MIN, message: t('auth.passwordMin', { min: PASSWORD_MIN }) },
        ]}
      >
        <Input.Password prefix={prefix} maxLength={PASSWORD_MAX} autoComplete="new-password" autoFocus={autoFocus} data-testid={testIds.password} />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('auth.confirmPassword')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('auth.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('auth.passwordsMismatch'))),
          }),
        ]}
      >
        <Input.Password prefix={prefix} maxLength={PASSWORD_MAX} autoComplete="new-password" data-testid={testIds.confirm} />
      </Form.Item>
    </>
  );
}
