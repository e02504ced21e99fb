import { CheckOutlined, CloseOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Skeleton, Table, Tooltip } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useEffect, useId, useRef, useState, type HTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import layout from './layout.module.css';
import styles from './editableList.module.css';
import ui from './ui.module.css';

/** The props an edit field spreads onto its input: keys, focus, label and the row's error state. */
export interface EditableFieldProps {
  onKeyDown: (e: KeyboardEvent) => void;
  autoFocus: boolean;
  status?: 'error';
  'aria-label': string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/** One column of an EditableList: how a row shows it, and how the row's draft edits it. */
export interface EditableListField<T, D> {
  key: string;
  /** The column header. */
  title: ReactNode;
  /** The accessible name of the field's input while the row is edited. */
  label: string;
  align?: 'left' | 'right';
  width?: number;
  className?: string;
  view: (row: T) => ReactNode;
  edit: (draft: D, change: (patch: Partial<D>) => void, field: EditableFieldProps) => ReactNode;
}

export interface EditableListLabels<T> {
  actions: string;
  edit: string;
  editOf: (row: T) => string;
  save: string;
  cancel: string;
  deleteOf: (row: T) => string;
  deleteConfirm: (row: T) => ReactNode;
  deleteHelp: ReactNode;
  deleteOk: string;
  deleteCancel: string;
}

export interface EditableListProps<T, D> {
  rows: T[];
  loading?: boolean;
  rowKey: (row: T) => number;
  fields: EditableListField<T, D>[];
  /** The draft a row's edit starts from. */
  draftOf: (row: T) => D;
  /** Saves an edited row; a rejection keeps the row open with errorText(e) under it. */
  onSave: (row: T, draft: D) => Promise<unknown>;
  /** The words for a refused save, or null when it was already reported elsewhere. */
  errorText: (e: unknown) => string | null;
  /** Deletes a row; it reports its own outcome and should not reject. */
  onDelete: (row: T) => Promise<unknown>;
  labels: EditableListLabels<T>;
  empty: ReactNode;
  /** The prefix of the test ids: `${p}-edit-${key}`, `${p}-save`, `${p}-delete-${key}`, `${p}-row-${key}`… */
  testIdPrefix?: string;
  tableTestId?: string;
  size?: 'small' | 'middle' | 'large';
  sticky?: boolean;
}

interface Editing<D> {
  key: number;
  draft: D;
  error?: string;
}

/**
 * A list of rows in a table where each row is edited in place and deleted.
 * Enter in a field saves the row, Escape cancels the edit (the row shows its saved value again),
 * a refused save shows its reason on the row itself; after a save or a cancel the focus goes back
 * to the row's edit button.
 */
export function EditableList<T, D>({
  rows,
  loading,
  rowKey,
  fields,
  draftOf,
  onSave,
  errorText,
  onDelete,
  labels,
  empty,
  testIdPrefix = 'category',
  tableTestId = 'categories-table',
  size,
  sticky,
}: EditableListProps<T, D>) {
  const [editing, setEditing] = useState<Editing<D> | null>(null);
  const [saving, setSaving] = useState(false);
  const editButtons = useRef(new Map<number, HTMLElement | null>());
  const [returnTo, setReturnTo] = useState<number | null>(null);
  const errorId = useId();

  useEffect(() => {
    if (returnTo === null || editing) return;
    editButtons.current.get(returnTo)?.focus();
    setReturnTo(null);
  }, [returnTo, editing]);

  const close = (key: number) => {
    setEditing(null);
    setReturnTo(key);
  };

  const save = (row: T) => {
    if (!editing || saving) return;
    const { key, draft } = editing;
    setSaving(true);
    onSave(row, draft).then(
      () => {
        setSaving(false);
        close(key);
      },
      (e: unknown) => {
        setSaving(false);
        const text = errorText(e);
        setEditing((cur) => (cur && cur.key === key ? { ...cur, error: text ?? undefined } : cur));
      },
    );
  };

  const keys = (row: T) => (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      save(row);
    } else if (e.key === 'Escape') {
      // The dialog around the list would close on this Escape otherwise.
      e.stopPropagation();
      close(rowKey(row));
    }
  };

  const isEdited = (row: T) => editing?.key === rowKey(row);

  const columns: ColumnType<T>[] = fields.map((f, i) => ({
    key: f.key,
    title: f.title,
    align: f.align,
    width: f.width,
    className: f.className,
    render: (_: unknown, row: T) => {
      if (!editing || !isEdited(row)) return f.view(row);
      const error = editing.error;
      const input = f.edit(
        editing.draft,
        (patch) => setEditing((cur) => (cur ? { key: cur.key, draft: { ...cur.draft, ...patch } } : cur)),
        {
          onKeyDown: keys(row),
          autoFocus: i === 0,
          status: error ? 'error' : undefined,
          'aria-label': f.label,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? errorId : undefined,
        },
      );
      if (i !== 0 || !error) return input;
      return (
        <div>
          {input}
          <div id={errorId} role="alert" className={styles.rowError} data-testid={`${testIdPrefix}-row-error`}>
            {error}
          </div>
        </div>
      );
    },
  }));

  columns.push({
    key: 'actions',
    title: <span className={ui.srOnly}>{labels.actions}</span>,
    align: 'right',
    width: 100,
    render: (_: unknown, row: T) => {
      const key = rowKey(row);
      return isEdited(row) ? (
        <div className={styles.rowActions}>
          <Tooltip title={labels.save}>
            <Button type="primary" icon={<CheckOutlined />} onClick={() => save(row)} loading={saving} aria-label={labels.save} data-testid={`${testIdPrefix}-save`} />
          </Tooltip>
          <Tooltip title={labels.cancel}>
            <Button icon={<CloseOutlined />} onClick={() => close(key)} aria-label={labels.cancel} data-testid={`${testIdPrefix}-cancel`} />
          </Tooltip>
        </div>
      ) : (
        <div className={styles.rowActions}>
          <Tooltip title={labels.edit}>
            <Button
              ref={(el) => {
                editButtons.current.set(key, el);
              }}
              icon={<EditOutlined />}
              onClick={() => setEditing({ key, draft: draftOf(row) })}
              aria-label={labels.editOf(row)}
              data-testid={`${testIdPrefix}-edit-${key}`}
            />
          </Tooltip>
          <Popconfirm
            title={labels.deleteConfirm(row)}
            description={labels.deleteHelp}
            okText={labels.deleteOk}
            okButtonProps={{ danger: true, 'data-testid': `${testIdPrefix}-delete-ok` }}
            cancelText={labels.deleteCancel}
            onConfirm={() => onDelete(row)}
          >
            <Button danger icon={<DeleteOutlined />} aria-label={labels.deleteOf(row)} data-testid={`${testIdPrefix}-delete-${key}`} />
          </Popconfirm>
        </div>
      );
    },
  });

  if (loading) return <Skeleton active paragraph={{ rows: 4 }} title={false} />;

  return (
    <div className={layout.tableCard} data-testid={tableTestId}>
      <Table<T>
        rowKey={(row) => rowKey(row)}
        dataSource={rows}
        pagination={false}
        size={size}
        sticky={sticky}
        onRow={(row) => ({ 'data-testid': `${testIdPrefix}-row-${rowKey(row)}` }) as HTMLAttributes<HTMLElement>}
        locale={{ emptyText: empty }}
        columns={columns}
      />
    </div>
  );
}
