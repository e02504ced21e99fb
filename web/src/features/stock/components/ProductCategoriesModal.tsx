import { ApartmentOutlined, CheckOutlined, CloseOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Input, Popconfirm, Skeleton, Table, Tooltip } from 'antd';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, shownLocally, useClubCategories, useDeleteClubCategory, useSaveClubCategory, type ClubCategory } from '../../../shared/api';
import { SheetModal } from '../../../shared/ui/SheetModal';
import layout from '../../../shared/ui/layout.module.css';
import ui from '../../../shared/ui/ui.module.css';
import { stockErrorText } from '../errors';
import styles from '../stock.module.css';
import { EmptyState } from './bits';

const TITLE_MAX = 80;

/** Product categories (association_category type dispensary): list, add, rename inline, delete. */
export function ProductCategoriesModal({
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
  const list = useClubCategories('dispensary');
  const save = useSaveClubCategory('dispensary');
  const del = useDeleteClubCategory();
  const [form] = Form.useForm<{ title: string }>();
  const [editing, setEditing] = useState<{ nid: number; title: string; error?: string } | null>(null);
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

  const saveEdit = () => {
    if (!editing) return;
    save.mutate(
      { nid: editing.nid, title: editing.title.trim() },
      {
        onSuccess: () => {
          message.success(t('stock.categories.saved'), 3);
          setEditing(null);
        },
        onError: (e) => {
          if (!shownLocally(e)) return;
          setEditing({ ...editing, error: text(e) });
        },
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
    <SheetModal
      rounded
      sheetClassName={styles.sheetFixed}
      destroyOnHidden
      open={open}
      onCancel={onClose}
      afterClose={afterClose}
      width={600}
      title={t('stock.categories.title')}
      footer={null}
      data-testid="product-categories-dialog"
    >
      <p className={layout.modalLead}>{t('stock.categories.lead')}</p>
      <Form<{ title: string }> form={form} layout="vertical" onFinish={add} initialValues={{ title: '' }} className={styles.categoryForm} requiredMark={false}>
        <Form.Item
          name="title"
          label={t('stock.categories.newName')}
          rules={[{ required: true, whitespace: true, message: t('stock.errors.category.title_required') }]}
        >
          <Input size="large" maxLength={TITLE_MAX} autoFocus autoComplete="off" placeholder={t('stock.categories.placeholder')} data-testid="category-title" />
        </Form.Item>
        <Form.Item label=" " className={styles.categoryAdd}>
          <Button size="large" type="primary" htmlType="submit" icon={<PlusOutlined />} loading={save.isPending && !editing} data-testid="category-add">
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

      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} title={false} />
      ) : (
        <div className={layout.tableCard} data-testid="categories-table">
          <Table<ClubCategory>
            rowKey="nid"
            dataSource={rows}
            pagination={false}
            size="middle"
            onRow={(c) => ({ 'data-testid': `category-row-${c.nid}` }) as React.HTMLAttributes<HTMLElement>}
            locale={{
              emptyText: <EmptyState icon={<ApartmentOutlined />} title={t('stock.categories.emptyTitle')} help={t('stock.categories.emptyHelp')} />,
            }}
            columns={[
              {
                key: 'title',
                title: t('stock.categories.name'),
                render: (_, c) =>
                  editing?.nid === c.nid ? (
                    <div>
                      <Input
                        value={editing.title}
                        maxLength={TITLE_MAX}
                        autoFocus
                        status={editing.error ? 'error' : undefined}
                        aria-label={t('stock.categories.name')}
                        onChange={(e) => setEditing({ nid: editing.nid, title: e.target.value })}
                        onKeyDown={editKeys}
                        data-testid="category-edit-title"
                      />
                      {editing.error && <div className={styles.cellError}>{editing.error}</div>}
                    </div>
                  ) : (
                    <span className={styles.strong}>{c.title}</span>
                  ),
              },
              {
                key: 'actions',
                title: <span className={ui.srOnly}>{t('stock.common.actions')}</span>,
                align: 'right',
                width: 100,
                render: (_, c) =>
                  editing?.nid === c.nid ? (
                    <div className={styles.rowActions}>
                      <Tooltip title={t('stock.common.save')}>
                        <Button
                          type="primary"
                          icon={<CheckOutlined />}
                          onClick={saveEdit}
                          loading={save.isPending}
                          aria-label={t('stock.common.save')}
                          data-testid="category-save"
                        />
                      </Tooltip>
                      <Tooltip title={t('common.cancel')}>
                        <Button icon={<CloseOutlined />} onClick={() => setEditing(null)} aria-label={t('common.cancel')} />
                      </Tooltip>
                    </div>
                  ) : (
                    <div className={styles.rowActions}>
                      <Tooltip title={t('stock.categories.rename')}>
                        <Button
                          icon={<EditOutlined />}
                          onClick={() => setEditing({ nid: c.nid, title: c.title })}
                          aria-label={t('stock.categories.renameOf', { title: c.title })}
                          data-testid={`category-edit-${c.nid}`}
                        />
                      </Tooltip>
                      <Popconfirm
                        title={t('stock.categories.deleteConfirm', { title: c.title })}
                        description={t('stock.categories.deleteHelp')}
                        okText={t('stock.common.delete')}
                        okButtonProps={{ danger: true, 'data-testid': 'category-delete-ok' }}
                        cancelText={t('common.cancel')}
                        onConfirm={() =>
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
                      >
                        <Button danger icon={<DeleteOutlined />} aria-label={t('stock.categories.deleteOf', { title: c.title })} data-testid={`category-delete-${c.nid}`} />
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
