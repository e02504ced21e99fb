import { CheckOutlined, CloseOutlined, CrownOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, InputNumber, Popconfirm, Skeleton, Table, Tooltip } from 'antd';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SheetModal } from '../../../shared/ui/SheetModal';
import layout from '../../../shared/ui/layout.module.css';
import { TableEmpty } from '../../../shared/ui/TableStates';
import ui from '../../../shared/ui/ui.module.css';
import { useCreateCategory, useDeleteCategory, useMemberCategories, useUpdateCategory } from '../api';
import { formFieldOfError, memberErrorText, shownLocally } from '../errors';
import type { MemberCategory } from '../model';
import styles from '../members.module.css';

interface Draft {
  title: string;
  descuento: number | null;
}

/** The fields of the new-category form a refusal can be about, and the codes that concern one of them. */
const CATEGORY_FIELDS = ['title', 'descuento'] as const;
const CATEGORY_FIELD_OF_CODE = { 'category.discount_range': 'descuento', 'category.title_required': 'title' } as const;

/** Member categories: list, create, edit, delete; each with a discount percentage 0–100. */
export function MemberCategoriesModal({
  open,
  onClose,
  afterClose,
}: {
  open: boolean;
  onClose: () => void;
  afterClose?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const list = useMemberCategories();
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const del = useDeleteCategory();
  const [form] = Form.useForm<Draft>();
  const [editing, setEditing] = useState<{ nid: number } & Draft | null>(null);
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

  const saveEdit = () => {
    if (!editing) return;
    update.mutate(
      { nid: editing.nid, title: editing.title.trim(), descuento: editing.descuento ?? 0 },
      {
        onSuccess: () => {
          message.success(t('members.categories.saved'), 3);
          setEditing(null);
        },
        onError: fail,
      },
    );
  };

  const editKeys = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      saveEdit();
    } else if (e.key === 'Escape') {
      e.stopPropagation();
      setEditing(null);
    }
  };

  const rows = list.data ?? [];

  return (
    <SheetModal rounded ownSheetClassName={styles.sheet} destroyOnHidden open={open} onCancel={onClose} afterClose={afterClose} width={640} title={t('members.categories.title')} footer={null} data-testid="categories-dialog">
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

      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} title={false} />
      ) : (
        <div className={layout.tableCard} data-testid="categories-table">
          <Table<MemberCategory>
            rowKey="nid"
            dataSource={rows}
            pagination={false}
            sticky
            locale={{
              emptyText: (
                <TableEmpty
                  image={<CrownOutlined className={layout.emptyIcon} />}
                  title={t('members.categories.emptyTitle')}
                  help={t('members.categories.emptyHelp')}
                />
              ),
            }}
            columns={[
              {
                key: 'title',
                title: t('members.categories.name'),
                render: (_, c) =>
                  editing?.nid === c.nid ? (
                    <Input
                      value={editing.title}
                      maxLength={80}
                      autoFocus
                      onChange={(e) => setEditing({ ...editing, title: e.target.value })}
                      onKeyDown={editKeys}
                      data-testid="category-edit-title"
                    />
                  ) : (
                    <span className={styles.strong}>{c.title}</span>
                  ),
              },
              {
                key: 'descuento',
                title: t('members.categories.discount'),
                align: 'right',
                width: 112,
                className: styles.num,
                render: (_, c) =>
                  editing?.nid === c.nid ? (
                    <InputNumber
                      value={editing.descuento}
                      precision={0}
                      suffix="%"
                      onChange={(v) => setEditing({ ...editing, descuento: v })}
                      onKeyDown={editKeys}
                      className={styles.full}
                      data-testid="category-edit-discount"
                    />
                  ) : (
                    `${c.descuento} %`
                  ),
              },
              {
                key: 'actions',
                title: <span className={ui.srOnly}>{t('members.common.actions')}</span>,
                align: 'right',
                width: 100,
                render: (_, c) =>
                  editing?.nid === c.nid ? (
                    <div className={styles.rowActions}>
                      <Tooltip title={t('members.categories.save')}>
                        <Button type="primary" icon={<CheckOutlined />} onClick={saveEdit} loading={update.isPending} aria-label={t('members.categories.save')} data-testid="category-save" />
                      </Tooltip>
                      <Tooltip title={t('members.categories.cancel')}>
                        <Button icon={<CloseOutlined />} onClick={() => setEditing(null)} aria-label={t('members.categories.cancel')} />
                      </Tooltip>
                    </div>
                  ) : (
                    <div className={styles.rowActions}>
                      <Tooltip title={t('members.categories.edit')}>
                        <Button
                          icon={<EditOutlined />}
                          onClick={() => setEditing({ nid: c.nid, title: c.title, descuento: c.descuento })}
                          aria-label={t('members.categories.edit')}
                          data-testid={`category-edit-${c.nid}`}
                        />
                      </Tooltip>
                      <Popconfirm
                        title={t('members.categories.deleteConfirm', { title: c.title })}
                        description={t('members.categories.deleteHelp')}
                        okText={t('members.common.delete')}
                        okButtonProps={{ danger: true, 'data-testid': 'category-delete-ok' }}
                        cancelText={t('common.cancel')}
                        onConfirm={() =>
                          del.mutateAsync(c.nid).then(() => message.success(t('members.categories.deleted'), 3), fail)
                        }
                      >
                        <Button danger icon={<DeleteOutlined />} aria-label={t('members.common.delete')} data-testid={`category-delete-${c.nid}`} />
                      </Popconfirm>
                    </div>
                  ),
              },
            ]}
          />
        </div>
      )}
    </SheetModal>
  );
}
