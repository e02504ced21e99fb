import { CrownOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import cells from '../../../shared/ui/cells.module.css';
import { EditableList } from '../../../shared/ui/EditableList';
import type { DialogProps } from '../../../shared/ui/SheetModal';
import layout from '../../../shared/ui/layout.module.css';
import { TableEmpty } from '../../../shared/ui/TableStates';
import { useCreateCategory, useDeleteCategory, useMemberCategories, useUpdateCategory } from '../api';
import { formFieldOfError, memberErrorText, shownLocally } from '../errors';
import type { MemberCategory } from '../model';
import styles from '../members.module.css';
import { MemberSheet } from './MemberSheet';

interface Draft {
  title: string;
  descuento: number | null;
}

/** The fields of the new-category form a refusal can be about, and the codes that concern one of them. */
const CATEGORY_FIELDS = ['title', 'descuento'] as const;
const CATEGORY_FIELD_OF_CODE = { 'category.discount_range': 'descuento', 'category.title_required': 'title' } as const;

/** Member categories: list, create, edit, delete; each with a discount percentage 0–100. */
export function MemberCategoriesModal({ open, onClose, afterClose }: DialogProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const list = useMemberCategories();
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const del = useDeleteCategory();
  const [form] = Form.useForm<Draft>();
  const fail = (e: unknown) => {
    if (shownLocally(e)) message.error(memberErrorText(e, t, i18n), 5);
  };

  const add = (d: Draft) => {
    // The server checks the title and the 0–100 range and says so in its own words.
    create.mutate(
      { title: (d.title ?? '').trim(), descuento: d.descuento ?? 0 },
      {
        onSuccess: () => {
          message.success(t('members.categories.created'), 3);
          form.resetFields();
          form.focusField('title');
        },
        onError: (e) => {
          const text = memberErrorText(e, t, i18n);
          const field = formFieldOfError(e, CATEGORY_FIELDS, CATEGORY_FIELD_OF_CODE);
          if (field) {
            form.setFields([{ name: field, errors: [text] }]);
            form.focusField(field);
          } else fail(e);
        },
      },
    );
  };

  return (
    <MemberSheet open={open} onCancel={onClose} afterClose={afterClose} width={640} title={t('members.categories.title')} footer={null} data-testid="categories-dialog">
      <p className={layout.modalLead}>{t('members.categories.subtitle')}</p>
      <Form<Draft>
        form={form}
        layout="vertical"
        onFinish={add}
        initialValues={{ title: '', descuento: 0 }}
        className={styles.categoryForm}
        requiredMark={false}
      >
        <Form.Item name="title" label={t('members.categories.newName')} className={styles.categoryTitle}>
          <Input size="large" maxLength={80} autoFocus autoComplete="off" data-testid="category-title" />
        </Form.Item>
        <Form.Item name="descuento" label={t('members.categories.discount')} className={styles.categoryDiscount}>
          <InputNumber size="large" precision={0} suffix="%" className={styles.full} data-testid="category-discount" />
        </Form.Item>
        <Form.Item label=" " className={styles.categoryAdd}>
          <Button size="large" type="primary" htmlType="submit" icon={<PlusOutlined />} loading={create.isPending} data-testid="category-add">
            {t('members.categories.add')}
          </Button>
        </Form.Item>
      </Form>

      <EditableList<MemberCategory, Draft>
        rows={list.data ?? []}
        loading={list.isPending}
        rowKey={(c) => c.nid}
        sticky
        draftOf={(c) => ({ title: c.title, descuento: c.descuento })}
        onSave={(c, d) =>
          update
            .mutateAsync({ nid: c.nid, title: d.title.trim(), descuento: d.descuento ?? 0 })
            .then(() => message.success(t('members.categories.saved'), 3))
        }
        errorText={(e) => (shownLocally(e) ? memberErrorText(e, t, i18n) : null)}
        onDelete={(c) => del.mutateAsync(c.nid).then(() => message.success(t('members.categories.deleted'), 3), fail)}
        empty={
          <TableEmpty
            image={<CrownOutlined className={layout.emptyIcon} />}
            title={t('members.categories.emptyTitle')}
            help={t('members.categories.emptyHelp')}
          />
        }
        labels={{
          actions: t('members.common.actions'),
          edit: t('members.categories.edit'),
          editOf: () => t('members.categories.edit'),
          save: t('members.categories.save'),
          cancel: t('members.categories.cancel'),
          deleteOf: () => t('members.common.delete'),
          deleteConfirm: (c) => t('members.categories.deleteConfirm', { title: c.title }),
          deleteHelp: t('members.categories.deleteHelp'),
          deleteOk: t('members.common.delete'),
          deleteCancel: t('common.cancel'),
        }}
        fields={[
          {
            key: 'title',
            title: t('members.categories.name'),
            label: t('members.categories.name'),
            view: (c) => <span className={cells.strong}>{c.title}</span>,
            edit: (d, change, field) => (
              <Input value={d.title} maxLength={80} onChange={(e) => change({ title: e.target.value })} data-testid="category-edit-title" {...field} />
            ),
          },
          {
            key: 'descuento',
            title: t('members.categories.discount'),
            label: t('members.categories.discount'),
            align: 'right',
            width: 112,
            className: cells.num,
            view: (c) => `${c.descuento} %`,
            edit: (d, change, field) => (
              <InputNumber
                value={d.descuento}
                precision={0}
                suffix="%"
                onChange={(v) => change({ descuento: v })}
                className={styles.full}
                data-testid="category-edit-discount"
                {...field}
              />
            ),
          },
        ]}
      />
    </MemberSheet>
  );
}
