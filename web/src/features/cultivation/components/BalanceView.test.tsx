import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../shared/i18n';
import '../i18n';
import { BalanceView } from './BalanceView';

const balance = {
  harvested_g: 420.5,
  released_g: 120,
  destroyed_batch_g: 5,
  held_g: 283,
  batch_difference_g: 12.5,
  sold_g: 30,
  refunded_g: 2,
  destroyed_stock_g: 0,
  in_stock_g: 92,
  stock_difference_g: 0,
};

describe('the mass balance of a batch', () => {
  it('writes both equations, and says in red how many grams are missing where one fails', () => {
    render(<BalanceView balance={balance} testId="bal" />);
    const batch = screen.getByTestId('bal-batch');
    expect(batch).toHaveTextContent('Cosechado420,5 g');
    expect(batch).toHaveTextContent('=Liberado120 g');
    expect(batch).toHaveTextContent('+Destruido en el lote5 g');
    expect(screen.getByTestId('bal-batch-sentence')).toHaveTextContent(
      'Faltan 12,5 g: se cosecharon más gramos de los que se liberaron, destruyeron o quedan en el lote.',
    );
    expect(screen.getByTestId('bal-stock')).toHaveTextContent('−Devuelto2 g');
    expect(screen.getByTestId('bal-stock-sentence')).toHaveTextContent('Cuadra: cada gramo liberado está dispensado, destruido o en stock.');
    expect(screen.getByTestId('bal-batch-sentence').className).not.toBe(screen.getByTestId('bal-stock-sentence').className);
  });

  it('says how many grams too many when the terms add up to more than came in', () => {
    render(<BalanceView balance={{ ...balance, batch_difference_g: 0, stock_difference_g: -3.25 }} testId="bal" />);
    expect(screen.getByTestId('bal-stock-sentence')).toHaveTextContent('Sobran 3,25 g: entre lo dispensado, destruido y el stock hay más de lo liberado.');
  });
});
