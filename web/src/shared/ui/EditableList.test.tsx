import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Input, InputNumber } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { EditableList, type EditableListProps } from './EditableList';

interface Row {
  nid: number;
  title: string;
  descuento: number;
}
type Draft = { title: string; descuento: number | null };

const ROWS: Row[] = [
  { nid: 1, title: 'Socio', descuento: 0 },
  { nid: 2, title: 'Fundador', descuento: 10 },
];

function renderList(props: Partial<EditableListProps<Row, Draft>> = {}) {
  const onSave = vi.fn<(row: Row, draft: Draft) => Promise<unknown>>().mockResolvedValue(undefined);
  const onDelete = vi.fn<(row: Row) => Promise<unknown>>().mockResolvedValue(undefined);
  render(
    <EditableList<Row, Draft>
      rows={ROWS}
      rowKey={(r) => r.nid}
      draftOf={(r) => ({ title: r.title, descuento: r.descuento })}
      onSave={onSave}
      onDelete={onDelete}
      errorText={(e) => (e instanceof Error ? e.message : null)}
      empty="Nothing"
      labels={{
        actions: 'Actions',
        edit: 'Edit',
        editOf: (r) => `Edit ${r.title}`,
        save: 'Save',
        cancel: 'Cancel',
        deleteOf: (r) => `Delete ${r.title}`,
        deleteConfirm: (r) => `Delete ${r.title}?`,
        deleteHelp: 'Cannot be undone',
        deleteOk: 'Delete',
        deleteCancel: 'Keep',
      }}
      fields={[
        {
          key: 'title',
          title: 'Name',
          label: 'Name',
          view: (r) => r.title,
          edit: (d, change, field) => <Input value={d.title} onChange={(e) => change({ title: e.target.value })} {...field} />,
        },
        {
          key: 'descuento',
          title: 'Discount',
          label: 'Discount',
          view: (r) => `${r.descuento} %`,
          edit: (d, change, field) => <InputNumber value={d.descuento} onChange={(v) => change({ descuento: v })} {...field} />,
        },
      ]}
      {...props}
    />,
  );
  return { onSave, onDelete };
}

describe('EditableList', () => {
  it('saves the edited row on Enter and gives the focus back to its edit button', async () => {
    const user = userEvent.setup();
    const { onSave } = renderList();
    await user.click(screen.getByRole('button', { name: 'Edit Fundador' }));
    const title = screen.getByRole('textbox', { name: 'Name' });
    expect(title).toHaveFocus();
    await user.clear(title);
    await user.type(title, 'Socio fundador');
    const discount = screen.getByRole('spinbutton', { name: 'Discount' });
    await user.clear(discount);
    await user.type(discount, '15{Enter}');
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledWith(ROWS[1], { title: 'Socio fundador', descuento: 15 });
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Fundador' })).toHaveFocus());
  });

  it('cancels the edit on Escape and shows the saved value again', async () => {
    const user = userEvent.setup();
    const { onSave } = renderList();
    await user.click(screen.getByRole('button', { name: 'Edit Socio' }));
    const title = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(title);
    await user.type(title, 'Otra cosa{Escape}');
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
    expect(screen.getByText('Socio')).toBeInTheDocument();
    expect(screen.queryByText('Otra cosa')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Socio' })).toHaveFocus());
  });

  it('shows a refused save on the row, keeps it open, and clears the error once the value changes', async () => {
    const user = userEvent.setup();
    const { onSave } = renderList();
    onSave.mockRejectedValueOnce(new Error('The discount goes from 0 to 100'));
    await user.click(screen.getByRole('button', { name: 'Edit Fundador' }));
    const discount = screen.getByRole('spinbutton', { name: 'Discount' });
    await user.clear(discount);
    await user.type(discount, '150{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The discount goes from 0 to 100');
    // The error is in the edited row, and its fields point at it.
    const row = screen.getByTestId('category-row-2');
    expect(row).toContainElement(alert);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-describedby', alert.id);
    expect(discount).toHaveAttribute('aria-invalid', 'true');
    await user.type(discount, '{Backspace}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the row open without a message when the error was reported elsewhere', async () => {
    const user = userEvent.setup();
    const { onSave } = renderList();
    onSave.mockRejectedValueOnce('offline');
    await user.click(screen.getByRole('button', { name: 'Edit Socio' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), '{Enter}');
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
