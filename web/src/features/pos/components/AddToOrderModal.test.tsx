import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, ConfigProvider } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../shared/i18n';
import '../i18n';
import type { Product, ProductBatch } from '../api';
import es from '../locales/es.json';
import { AddToOrderModal } from './AddToOrderModal';

const kush = { pid: 7, titulo: 'Kush', type: 'peso', precio: 10, stock: 100, unlimited_stock: false } as unknown as Product;
const soda = { pid: 8, titulo: 'Soda', type: 'unidad', precio: 2, stock: 20, unlimited_stock: false } as unknown as Product;

function open(
  product: Product | null,
  props: Partial<{ hasMember: boolean; leftToday: number | null; inCart: number; batches: ProductBatch[]; onAdd: (q: number) => void; onClose: () => void }> = {},
) {
  const onAdd = props.onAdd ?? vi.fn();
  const onClose = props.onClose ?? vi.fn();
  const view = render(
    <ConfigProvider>
      <App>
        <AddToOrderModal
          product={product}
          inCart={props.inCart ?? 0}
          hasMember={props.hasMember ?? true}
          leftToday={props.leftToday}
          batches={props.batches}
          onAdd={onAdd}
          onClose={onClose}
        />
      </App>
    </ConfigProvider>,
  );
  return { ...view, onAdd, onClose };
}

describe('AddToOrderModal', () => {
  afterEach(() => vi.useRealTimers());

  it("says how much more the club's rules let the member receive today, before anything is typed", () => {
    open(kush, { leftToday: 5, inCart: 2 });
    expect(screen.getByTestId('add-left')).toHaveTextContent(es.pos.limits.mayStillGive.replace('{{grams}}', '3'));
  });

  it('says nothing when the rules set no limit', () => {
    open(kush, { leftToday: null });
    expect(screen.queryByTestId('add-left')).toBeNull();
  });

  it('has the cursor in the grams of a weight product as it opens, and nothing moves it later', () => {
    vi.useFakeTimers();
    open(kush);
    // focused within the render itself: no timer has run
    const grams = screen.getByTestId('add-quantity');
    expect(document.activeElement).toBe(grams);
    act(() => vi.advanceTimersByTime(2000));
    expect(document.activeElement).toBe(grams);
  });

  it('puts the grams typed straight after opening in the grams, and Enter adds them once', async () => {
    const user = userEvent.setup();
    const { onAdd } = open(kush);
    await user.keyboard('2{Enter}');
    expect(screen.getByTestId('add-quantity')).toHaveValue('2');
    expect(screen.getByTestId('add-price')).toHaveValue('20,00');
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(onAdd).toHaveBeenCalledWith(2);
  });

  it('still sells by price when the price is typed', async () => {
    const user = userEvent.setup();
    const { onAdd } = open(kush);
    await user.click(screen.getByTestId('add-price'));
    await user.keyboard('15{Enter}');
    expect(screen.getByTestId('add-quantity')).toHaveValue('1,500');
    expect(onAdd).toHaveBeenCalledWith(1.5);
  });

  it("shows the stock and the fields' numbers in the user's format", async () => {
    const user = userEvent.setup();
    open({ ...kush, stock: 420.5 } as Product);
    expect(screen.getByTestId('add-unit-price')).toHaveTextContent(/10,00\s€ por gramo · Stock 420,5 g/);
    await user.keyboard('2,25');
    expect(screen.getByTestId('add-price')).toHaveValue('22,50');
  });

  it('opens a unit product on one unit, selected, so a typed number replaces it', async () => {
    const user = userEvent.setup();
    const { onAdd } = open(soda);
    const units = screen.getByTestId('add-quantity') as HTMLInputElement;
    expect(document.activeElement).toBe(units);
    expect(units.value).toBe('1');
    expect([units.selectionStart, units.selectionEnd]).toEqual([0, 1]);
    await user.keyboard('3{Enter}');
    expect(onAdd).toHaveBeenCalledWith(3);
  });

  it('closes on Escape without adding', async () => {
    const user = userEvent.setup();
    const { onAdd, onClose } = open(kush);
    await user.keyboard('2{Escape}');
    expect(onClose).toHaveBeenCalled();
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('refuses without a member', async () => {
    const user = userEvent.setup();
    const { onAdd } = open(soda, { hasMember: false });
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('add-error')).toHaveTextContent(es.pos.add.noMember);
    expect(onAdd).not.toHaveBeenCalled();
  });

  describe('in a club that grows', () => {
    const batches: ProductBatch[] = [
      { batch: 12, strain: 'Amnesia Haze', grams: 3, thc_percent: 18.5, cbd_percent: 0.4, harvested_at: 1, best_before: 100 },
      { batch: 7, strain: 'Critical', grams: 10, thc_percent: 21, cbd_percent: null, harvested_at: 2, best_before: 200 },
    ];
    const from = (id: number) => es.pos.batch.from.replace('{{id}}', String(id));
    const then = (id: number) => es.pos.batch.then.replace('{{id}}', String(id));

    it('names the batch the grams come from, with its strain and THC, before anything is typed', () => {
      open(kush, { batches });
      const note = screen.getByTestId('add-batch');
      expect(screen.getByTestId('add-batch-first')).toHaveTextContent(`${from(12)}Amnesia HazeTHC 18,5 %`);
      expect(note).not.toHaveTextContent(then(7));
    });

    it('adds "then #7" as the typed grams pass the first batch, and keeps the cursor in the grams', async () => {
      const user = userEvent.setup();
      const { onAdd } = open(kush, { batches });
      await user.keyboard('2');
      expect(screen.queryByTestId('add-batch-then')).toBeNull();
      await user.keyboard('{Backspace}5');
      expect(screen.getByTestId('add-batch-then')).toHaveTextContent(`${then(7)}CriticalTHC 21 %`);
      // the grams each batch gives, once there are two
      expect(screen.getByTestId('add-batch-first')).toHaveTextContent('3 g');
      expect(screen.getByTestId('add-batch-then')).toHaveTextContent('2 g');
      expect(document.activeElement).toBe(screen.getByTestId('add-quantity'));
      await user.keyboard('{Backspace}4{Enter}');
      expect(onAdd).toHaveBeenCalledWith(4);
    });

    it('counts the grams already in the cart, and says when grams pass every batch', async () => {
      const user = userEvent.setup();
      open(kush, { batches, inCart: 3 });
      expect(screen.getByTestId('add-batch-first')).toHaveTextContent(from(7));
      await user.keyboard('12');
      expect(screen.getByTestId('add-batch-rest')).toHaveTextContent(es.pos.batch.rest.replace('{{grams}}', '2'));
    });

    it('says nothing of batches for a product without any, or a unit product', () => {
      open(kush, { batches: [] });
      expect(screen.queryByTestId('add-batch')).toBeNull();
    });

    it('opens with the cursor in the grams while the batches are still being read, and they do not move it', () => {
      vi.useFakeTimers();
      const view = open(kush);
      const grams = screen.getByTestId('add-quantity');
      expect(document.activeElement).toBe(grams);
      view.rerender(
        <ConfigProvider>
          <App>
            <AddToOrderModal product={kush} inCart={0} hasMember leftToday={null} batches={batches} onAdd={vi.fn()} onClose={vi.fn()} />
          </App>
        </ConfigProvider>,
      );
      expect(screen.getByTestId('add-batch')).toBeInTheDocument();
      expect(document.activeElement).toBe(grams);
    });
  });

  it('shows no dialog without a product', () => {
    open(null);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });
});
