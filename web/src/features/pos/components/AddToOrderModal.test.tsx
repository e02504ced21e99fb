import { act, fireEvent, render, screen } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../shared/i18n';
import type { Product } from '../api';
import { AddToOrderModal } from './AddToOrderModal';

const kush = { pid: 7, titulo: 'Kush', type: 'peso', precio: 10, stock: 100, unlimited_stock: false } as unknown as Product;

describe('AddToOrderModal', () => {
  afterEach(() => vi.useRealTimers());

  it('focuses the price of a weight product on opening, but never takes the focus from the grams being typed', () => {
    vi.useFakeTimers();
    render(
      <ConfigProvider>
        <App>
          <AddToOrderModal product={kush} inCart={0} hasMember onAdd={vi.fn()} onClose={vi.fn()} />
        </App>
      </ConfigProvider>,
    );
    const grams = screen.getByTestId('add-quantity') as HTMLInputElement;
    const price = screen.getByTestId('add-price') as HTMLInputElement;
    // the person is quicker than the dialog's own focus
    act(() => grams.focus());
    fireEvent.change(grams, { target: { value: '3' } });
    act(() => vi.advanceTimersByTime(100));
    expect(document.activeElement).toBe(grams);
    expect(grams.value).toBe('3');
    expect(price.value).toBe('30.00');
  });

  it('focuses the price when nobody has started typing', () => {
    vi.useFakeTimers();
    render(
      <ConfigProvider>
        <App>
          <AddToOrderModal product={kush} inCart={0} hasMember onAdd={vi.fn()} onClose={vi.fn()} />
        </App>
      </ConfigProvider>,
    );
    act(() => vi.advanceTimersByTime(100));
    expect(document.activeElement).toBe(screen.getByTestId('add-price'));
  });
});
