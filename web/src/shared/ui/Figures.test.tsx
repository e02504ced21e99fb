import { render, screen } from '@testing-library/react';
import { Table } from 'antd';
import { describe, expect, it } from 'vitest';
import { formatMoney, formatNumber } from '../format';
import { Money, moneyColumn, Num, numColumn } from './Figures';

describe('Money', () => {
  it('writes the amount as formatMoney does, red below zero', () => {
    render(<Money value={-2.5} testId="m" />);
    const cell = screen.getByTestId('m');
    expect(cell.textContent).toBe(formatMoney(-2.5));
    expect(cell.className).toMatch(/negative/);
    expect(cell.tagName).toBe('SPAN');
  });

  it('greys zero only when muted, and greens above zero only when signed', () => {
    render(
      <>
        <Money value={0} muted testId="zero-muted" />
        <Money value={0} testId="zero" />
        <Money value={3} signed testId="up" />
        <Money value={3} testId="plain" />
      </>,
    );
    expect(screen.getByTestId('zero-muted').className).toMatch(/muted/);
    expect(screen.getByTestId('zero').className).not.toMatch(/muted|negative|positive/);
    expect(screen.getByTestId('up').className).toMatch(/positive/);
    expect(screen.getByTestId('plain').className).not.toMatch(/positive/);
  });

  it('is bold when strong and counts a missing value as zero', () => {
    render(<Money value={undefined} strong testId="m" />);
    expect(screen.getByTestId('m').tagName).toBe('STRONG');
    expect(screen.getByTestId('m').textContent).toBe(formatMoney(0));
  });
});

describe('Num', () => {
  it('keeps the decimals asked for and writes the unit after', () => {
    render(
      <>
        <Num value={1.23456} testId="default" />
        <Num value={1.23456} decimals={1} unit=" g" testId="one" />
        <Num value={-4} testId="neg" />
      </>,
    );
    expect(screen.getByTestId('default').textContent).toBe(formatNumber(1.23456));
    expect(screen.getByTestId('one').textContent).toBe(`${formatNumber(1.2)} g`);
    expect(screen.getByTestId('neg').className).toMatch(/negative/);
  });
});

describe('moneyColumn / numColumn', () => {
  it('renders right-aligned cells with a test id per row', () => {
    type Row = { id: number; total: number; qty: number };
    render(
      <Table<Row>
        rowKey="id"
        pagination={false}
        dataSource={[{ id: 1, total: -1, qty: 2.5 }]}
        columns={[moneyColumn<Row>('total', 'Total', (r) => r.total, { testId: (r) => `total-${r.id}` }), numColumn<Row>('qty', 'Qty', (r) => r.qty, { unit: ' g' })]}
      />,
    );
    const cell = screen.getByTestId('total-1');
    expect(cell.textContent).toBe(formatMoney(-1));
    expect(cell.className).toMatch(/negative/);
    expect(cell.closest('td')?.getAttribute('style') ?? '').toMatch(/text-align: right/);
    expect(cell.closest('tr')?.textContent).toContain(`${formatNumber(2.5)} g`);
    // an antd Table's first render is slow on a busy machine
  }, 20_000);
});
