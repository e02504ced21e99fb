import { ApartmentOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, shownLocally, useClubCategories, useDeleteClubCategory, useSaveClubCategory, type ClubCategory } from '../../../shared/api';
import cells from '../../../shared/ui/cells.module.css';
import { EditableList } from '../../../shared/ui/EditableList';
import type { DialogProps } from '../../../shared/ui/SheetModal';
import { stockErrorText } from '../errors';
import styles from '../stock.module.css';
import { EmptyState } from './bits';
import { StockSheet } from './StockSheet';

const TITLE_MAX = 80;

/** Product categories (association_category type dispensary): list, add, rename inline, delete. */
export function ProductCategoriesModal({ open, onClose, afterClose }: DialogProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const list = useClubCategories('dispensary');
  const save = useSaveClubCategory('dispensary');
  const del = useDeleteClubCategory();
  const [form] = Form.useForm<{ title: string }>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const text = (e: unknown) => stockErrorText(e, t, i18n);
  const fail = (e: unknown) => {
    if (shownLocally(e)) message.error(text(e), 6);
  };

  const add = ({ title }: { title: string }) => {
    save.mutate(
      { title: (title ?? '').trim() },
      {
        onSuccess: (c) => {
          message.success(t('stock.categories.created', { title: c.title }), 3);
          form.resetFields();
          form.focusField('title');
        },
        onError: (e) => {
          if (!shownLocally(e)) return;
          if (isApiError(e) && e.code?.startsWith('category.title')) {
            form.setFields([{ name: 'title', errors: [text(e)] }]);
            form.focusField('title');
          } else fail(e);
        },
      },
    );
  };

  return (
    <StockSheet
      open={open}
      onClose={onClose}
      afterClose={afterClose}
      width={600}
      title={t('stock.categories.title')}
      testId="product-categories-dialog"
      lead={t('stock.categories.lead')}
    >
      <Form<{ title: string }> form={form} layout="vertical" onFinish={add} initialValues={{ title: '' }} className={styles.categoryForm} requiredMark={false}>
        <Form.Item
          name="title"
          label={t('stock.categories.newName')}
          rules={[{ required: true, whitespace: true, message: t('stock.errors.category.title_required') }]}
        >
          <Input size="large" maxLength={TITLE_MAX} autoFocus autoComplete="off" placeholder={t('stock.categories.placeholder')} data-testid="category-title" />
        </Form.Item>
        <Form.Item label=" " className={styles.categoryAdd}>
          <Button size="large" type="primary" htmlType="submit" icon={<PlusOutlined />} loading={save.isPending && !save.variables?.nid} data-testid="category-add">
            {t('stock.categories.add')}
          </Button>
        </Form.Item>
      </Form>

      {refusal && (
        <Alert
          type="warning"
          showIcon
          className={styles.dialogAlert}
          title={t('stock.categories.notDeleted')}
          description={refusal}
          closable={{ onClose: () => setRefusal(null) }}
          data-testid="category-refusal"
        />
      )}

      <EditableList<ClubCategory, { title: string }>
        rows={list.data ?? []}
        loading={list.isPending}
        rowKey={(c) => c.nid}
        size="middle"
        draftOf={(c) => ({ title: c.title })}
        onSave={(c, d) => save.mutateAsync({ nid: c.nid, title: d.title.trim() }).then(() => message.success(t('stock.categories.saved'), 3))}
        errorText={(e) => (shownLocally(e) ? text(e) : null)}
        onDelete={(c) =>
          del.mutateAsync(c.nid).then(
            () => {
              setRefusal(null);
              message.success(t('stock.categories.deleted', { title: c.title }), 3);
            },
            (e) => {
              if (shownLocally(e)) setRefusal(`${c.title}: ${text(e)}`);
            },
          )
        }
        empty={<EmptyState icon={<ApartmentOutlined />} title={t('stock.categories.emptyTitle')} help={t('stock.categories.emptyHelp')} />}
        labels={{
          actions: t('stock.common.actions'),
          edit: t('stock.categories.rename'),
          editOf: (c) => t('stock.categories.renameOf', { title: c.title }),
          save: t('stock.common.save'),
          cancel: t('common.cancel'),
          deleteOf: (c) => t('stock.categories.deleteOf', { title: c.title }),
          deleteConfirm: (c) => t('stock.categories.deleteConfirm', { title: c.title }),
          deleteHelp: t('stock.categories.deleteHelp'),
          deleteOk: t('stock.common.delete'),
          deleteCancel: t('common.cancel'),
        }}
        fields={[
          {
            key: 'title',
            title: t('stock.categories.name'),
            label: t('stock.categories.name'),
            view: (c) => <span className={cells.strong}>{c.title}</span>,
            edit: (d, change, field) => (
              <Input value={d.title} maxLength={TITLE_MAX} onChange={(e) => change({ title: e.target.value })} data-testid="category-edit-title" {...field} />
            ),
          },
        ]}
      />
    </StockSheet>
  );
}
