import '../i18n';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Input, InputNumber, Modal, Popconfirm, Switch, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moneyColumn } from '../../../shared/ui/Figures';
import layout from '../../../shared/ui/layout.module.css';
import { useCloseDialogRoute } from '../../../shared/ui/useCloseDialogRoute';
import { useDeleteFee, useFees, useSaveFee, type FeeType } from '../api';
import { posErrorText } from '../errors';
import styles from '../pos.module.css';

interface FeeForm {
  code: string;
  title: string;
  price: number | null;
  days: number | null;
  status: boolean;
}

/** Menu entry "feetypes": the club's fee types (price and days ≥ 0); a fee orders use is not deleted. */
export default function FeeTypesPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const fees = useFees();
  const save = useSaveFee();
  const del = useDeleteFee();
  const [open, setOpen] = useState(true);
  const [editing, setEditing] = useState<FeeType | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<FeeForm>();
  const close = useCloseDialogRoute();
  const sep = i18n.language === 'en' ? '.' : ',';

  const edit = (f: FeeType | null) => {
    setEditing(f);
    setError(null);
    form.setFieldsValue(f ? { code: f.code, title: f.title, price: f.price, days: f.days, status: f.status } : { code: '', title: '', price: null, days: null, status: true });
  };

  const submit = (v: FeeForm) =>
    save.mutate(
      { ...(editing ? { pid: editing.pid } : {}), code: v.code ?? '', title: v.title, price: v.price ?? 0, days: v.days ?? 0, status: v.status },
      {
        onSuccess: () => {
          message.success(t('pos.fees.saved'), 2);
          edit(null);
        },
        onError: (e) => setError(posErrorText(e, t, i18n)),
      },
    );

  const remove = (f: FeeType) =>
    del.mutate(f.pid, {
      onSuccess: (r) => (r.success ? message.success(t('pos.fees.deleted'), 2) : message.warning(r.message || t('pos.fees.inUse'), 5)),
      onError: (e) => message.error(posErrorText(e, t, i18n), 5),
    });

  return (
    <div className={layout.dialogBackdrop} data-testid="feetypes-page">
      <Modal open={open} title={t('pos.fees.title')} footer={null} width={760} onCancel={() => setOpen(false)} afterClose={close}>
        <Form form={form} layout="vertical" onFinish={submit} initialValues={{ status: true }} className={styles.feeForm} requiredMark={false}>
          <Form.Item name="code" label={t('pos.fees.code')}>
            <Input maxLength={60} data-testid="fee-code" />
          </Form.Item>
          <Form.Item name="title" label={t('pos.fees.name')} rules={[{ required: true, whitespace: true, message: t('pos.fees.required') }]}>
            <Input maxLength={200} data-testid="fee-title" />
          </Form.Item>
          <Form.Item name="price" label={t('pos.fees.price')} rules={[{ required: true, message: t('pos.fees.required') }]}>
            <InputNumber min={0} precision={2} decimalSeparator={sep} suffix="€" data-testid="fee-price" />
          </Form.Item>
          <Form.Item name="days" label={t('pos.fees.days')} rules={[{ required: true, message: t('pos.fees.required') }]}>
            <InputNumber min={0} max={36500} precision={0} data-testid="fee-days" />
          </Form.Item>
          <Form.Item name="status" label={t('pos.fees.active')} valuePropName="checked">
            <Switch data-testid="fee-status" />
          </Form.Item>
          <div className={styles.feeActions}>
            {editing && <Button onClick={() => edit(null)}>{t('common.cancel')}</Button>}
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="fee-save">
              {editing ? t('common.save') : t('pos.fees.add')}
            </Button>
          </div>
        </Form>
        {error && <Alert type="error" showIcon message={error} className={styles.feeError} />}
        <Table<FeeType>
          rowKey="pid"
          size="small"
          loading={fees.isFetching}
          dataSource={fees.data ?? []}
          pagination={false}
          scroll={{ x: 560 }}
          columns={[
            { title: t('pos.fees.code'), dataIndex: 'code' },
            { title: t('pos.fees.name'), dataIndex: 'title' },
            moneyColumn<FeeType>('price', t('pos.fees.price'), (f) => f.price),
            { title: t('pos.fees.days'), align: 'right', dataIndex: 'days' },
            { title: t('pos.fees.active'), render: (_, f) => (f.status ? t('pos.fees.yes') : t('pos.fees.no')) },
            {
              title: '',
              render: (_, f) => (
                <span className={styles.rowActions}>
                  <Button size="small" icon={<EditOutlined />} aria-label={t('pos.fees.edit', { title: f.title })} onClick={() => edit(f)} />
                  <Popconfirm title={t('pos.fees.deleteConfirm')} okText={t('pos.fees.delete')} cancelText={t('common.cancel')} onConfirm={() => remove(f)}>
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('pos.fees.delete')} data-testid={`fee-delete-${f.pid}`} />
                  </Popconfirm>
                </span>
              ),
            },
          ]}
        />
      </Modal>
    </div>
  );
}
