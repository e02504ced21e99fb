import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, ConfigProvider, Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../shared/i18n';
import '../i18n';
import { CountryField } from './CountryField';

function form(onValues: (v: { country?: string }) => void) {
  render(
    <ConfigProvider>
      <App>
        <Form onValuesChange={(_, all) => onValues(all)}>
          <Form.Item name="country" label="País">
            <CountryField />
          </Form.Item>
        </Form>
      </App>
    </ConfigProvider>,
  );
}

describe('the address country (spec part 1 §9)', () => {
  it("offers Spain, Italy, France, USA, Chile, Costa Rica, and the rule packs' Germany and Malta, in the reader's language", async () => {
    await setLanguage('es');
    form(vi.fn());
    await userEvent.click(screen.getByTestId('f-country'));
    await screen.findByTitle('España');
    const names = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'));
    expect(names).toEqual(['España', 'Italia', 'Francia', 'Estados Unidos', 'Chile', 'Costa Rica', 'Alemania', 'Malta']);
  }, 30_000);

  it('keeps the chosen one, and any other country typed as it is written', async () => {
    await setLanguage('es');
    const values = vi.fn();
    form(values);
    const input = screen.getByTestId('f-country');
    await userEvent.type(input, 'cost');
    await userEvent.click(await screen.findByTitle('Costa Rica'));
    expect(values).toHaveBeenLastCalledWith({ country: 'Costa Rica' });
    await userEvent.clear(input);
    await userEvent.type(input, 'Uruguay');
    expect(values).toHaveBeenLastCalledWith({ country: 'Uruguay' });
  }, 30_000);

  it('speaks English to an English reader', async () => {
    await setLanguage('en');
    form(vi.fn());
    await userEvent.click(screen.getByTestId('f-country'));
    expect(await screen.findByTitle('United States')).toBeInTheDocument();
    await setLanguage('es');
  }, 30_000);
});
