import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../shared/i18n';
import '../i18n';
import type { Consumption } from '../api';
import es from '../locales/es.json';
import { LimitBars } from './LimitBars';

const base: Consumption = {
  grams_day: 20,
  grams_month: 20,
  grams_year: 20,
  consum_forecast: 60,
  month_start: 0,
  day_limit_g: null,
  month_limit_g: null,
  year_limit_g: null,
  thc_max: null,
  left_today_g: null,
  left_month_g: null,
  slip_required: false,
};

describe('LimitBars', () => {
  it("shows each limit the club's rules set, and what may still be given today", () => {
    render(<LimitBars c={{ ...base, day_limit_g: 25, month_limit_g: 30, left_today_g: 5, left_month_g: 10, thc_max: 10 }} />);
    expect(screen.getByTestId('limit-day')).toHaveTextContent('Límite diario: 20 g de 25 g');
    expect(screen.getByTestId('limit-month')).toHaveTextContent('Límite mensual: 20 g de 30 g');
    expect(screen.queryByTestId('limit-year')).toBeNull();
    expect(screen.getByTestId('limit-left')).toHaveTextContent(`${es.pos.limits.leftToday.replace('{{grams}}', '5')} · THC hasta 10 %`);
  });

  it('shows nothing when the rules set no gram limit', () => {
    const { container } = render(<LimitBars c={base} />);
    expect(container).toBeEmptyDOMElement();
  });
});
