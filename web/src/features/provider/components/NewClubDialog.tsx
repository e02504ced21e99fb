import { Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, refusalText, shownLocally } from '../../../shared/api';
import { currentLanguage, LANGUAGES, type Language } from '../../../shared/i18n';
import type { DialogProps } from '../../../shared/ui/SheetModal';
import { useApp } from '../../../shared/ui/useApp';
import { useOpenClub, type OpenedClub } from '../api';
import { DEFAULT_FLAGS, formField, normaliseFlags } from '../model';
import styles from '../provider.module.css';
import { FlagChecklist } from './FlagChecklist';
import { FormSheet } from '../../../shared/ui/FormSheet';

interface Values {
  title: string;
  admin_email: string;
  admin_name?: string;
  admin_surname?: string;
  lang: Language;
  flags: string[];
}

/**
 * Opens a club: its name, its Administrador (an e-mail, a name, the invitation's language) and its
 * flags. The server mails the invitation; a refusal shows on the field it names, or above the form.
 */
export function NewClubDialog({ open, onClose, afterClose, onOpened }: DialogProps & { onOpened?: (reply: OpenedClub, title: string) => void }) {
  const { t, i18n } = useTranslation();
  const { notification } = useApp();
  const [form] = Form.useForm<Values>();
  const create = useOpenClub();
  const [error, setError] = useState<string | null>(null);

  const submit = (v: Values) => {
    if (create.isPending) return;
    setError(null);
    const title = v.title.trim();
    create.mutate(
      {
        title,
        admin_email: v.admin_email.trim(),
        admin_name: v.admin_name?.trim() || undefined,
        admin_surname: v.admin_surname?.trim() || undefined,
        lang: v.lang,
        flags: normaliseFlags(v.flags ?? []),
      },
      {
        onSuccess: (reply) => {
          notification.success({
            title: t('provider.newDialog.created', { club: title }),
            description: reply.message,
            placement: 'topRight',
            duration: 8,
            props: { 'data-testid': 'provider-created' } as object,
          });
          onOpened?.(reply, title);
          onClose();
        },
        onError: (e) => {
          if (!shownLocally(e)) return;
          const text = refusalText(e, t, i18n, 'provider');
          const field = formField(isApiError(e) ? e.field : undefined);
          if (field) {
            form.setFields([{ name: field, errors: [text] }]);
            form.focusField(field === 'flags' ? 'title' : field);
          } else setError(text);
        },
      },
    );
  };

  return (
    <FormSheet scrollBody
      open={open}
      onClose={onClose}
      afterClose={afterClose}
      title={t('provider.newDialog.title')}
      lead={t('provider.newDialog.lead')}
      error={error}
      submitText={t('provider.newDialog.create')}
      loading={create.isPending}
      onSubmit={() => form.submit()}
      testId="provider-new"
      width={720}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        scrollToFirstError={{ block: 'center', focus: true }}
        initialValues={{ lang: currentLanguage(), flags: [...DEFAULT_FLAGS] }}
      >
        <h2 className={styles.formSection}>{t('provider.newDialog.club')}</h2>
        <Form.Item
          name="title"
          label={t('provider.newDialog.clubName')}
          rules={[{ required: true, whitespace: true, message: t('provider.newDialog.clubNameRequired') }]}
        >
          <Input size="large" autoFocus maxLength={120} autoComplete="off" data-testid="provider-new-title" />
        </Form.Item>

        <h2 className={styles.formSection}>{t('provider.newDialog.admin')}</h2>
        <div className={styles.pair}>
          <Form.Item
            name="admin_email"
            label={t('provider.newDialog.email')}
            rules={[
              { required: true, whitespace: true, message: t('provider.newDialog.emailRequired') },
              { type: 'email', message: t('provider.newDialog.emailInvalid') },
            ]}
          >
            <Input size="large" type="email" inputMode="email" maxLength={254} autoComplete="off" spellCheck={false} data-testid="provider-new-email" />
          </Form.Item>
          <Form.Item name="lang" label={t('provider.newDialog.lang')}>
            <Select<Language>
              size="large"
              data-testid="provider-new-lang"
              options={LANGUAGES.map((l) => ({ value: l, label: <span lang={l === 'cat' ? 'ca' : l}>{t(`common.languages.${l}`)}</span> }))}
            />
          </Form.Item>
          <Form.Item name="admin_name" label={t('provider.newDialog.name')}>
            <Input size="large" maxLength={120} autoComplete="off" data-testid="provider-new-name" />
          </Form.Item>
          <Form.Item name="admin_surname" label={t('provider.newDialog.surname')}>
            <Input size="large" maxLength={120} autoComplete="off" data-testid="provider-new-surname" />
          </Form.Item>
        </div>

        <h2 className={styles.formSection}>{t('provider.newDialog.flags')}</h2>
        <Form.Item name="flags" className={styles.flagsField}>
          <FlagChecklist testId="provider-new-flags" />
        </Form.Item>
      </Form>
    </FormSheet>
  );
}
