import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/Providers';
import '../../../shared/i18n';
import { ClubIdProvider } from '../../../shared/session/clubId';
import { KEYS } from '../../../shared/session/storage';
import '../i18n';
import type { Order } from '../api';
import es from '../locales/es.json';
import { signatureMissingKey } from '../model';
import { PayModal } from './PayModal';

// The signature pad draws on a canvas jsdom does not have; what is tested here is what a missing
// signature says, so the pad stays empty.
vi.mock('../../../shared/ui/SignatureField', () => ({ SignatureField: () => <div data-testid="signature-canvas" /> }));

const order = { oid: 31, membership_id: 5, order_total: 12, products: [], discount_coupon_order: [] } as unknown as Order;
let paid = 0;

function serve(flags: Record<string, boolean>, payAnswer?: { status: number; body: unknown }) {
  paid = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(String(input), init);
      const url = new URL(req.url);
      if (url.pathname === '/api/association/retrieve')
        return new Response(JSON.stringify({ nid: 1, title: 'Club', roles: ['Budtender'], functionalities: flags, cardPermission: true }), {
          headers: { 'Content-Type': 'application/json' },
        });
      if (url.pathname === '/api/association_category/') return new Response('[]', { headers: { 'Content-Type': 'application/json' } });
      if (url.pathname === '/api/order/pay') {
        paid++;
        if (payAnswer) return new Response(JSON.stringify(payAnswer.body), { status: payAnswer.status, headers: { 'Content-Type': 'application/json' } });
      }
      return new Response('{}', { headers: { 'Content-Type': 'application/json' } });
    }),
  );
}

function openPay({ signature = true, canOverride = false } = {}) {
  localStorage.setItem(KEYS.session, JSON.stringify({ uid: 1, name: 'ana', mail: 'a@b.c', firstName: 'Ana', surname: '', phone: '' }));
  localStorage.setItem(KEYS.club, '1');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <Providers queryClient={client}>
      <ClubIdProvider id={1}>
        <PayModal order={order} wallet={0} methods={['tpv']} signature={signature} canOverride={canOverride} onPaid={vi.fn()} onClose={vi.fn()} />
      </ClubIdProvider>
    </Providers>,
  );
  return client;
}

describe('a missing signature (spec part 1 §5)', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  it('says which: the signature pad of the screen, or the signature tablet', () => {
    expect(signatureMissingKey({ functionalities: { firma_pedido: true } })).toBe('pos.pay.signFirst');
    expect(signatureMissingKey({ functionalities: { firma_digital: true } })).toBe('pos.pay.signTablet');
    expect(signatureMissingKey({ functionalities: { firma_pedido: true, firma_digital: true } })).toBe('pos.pay.signTablet');
    expect(es.pos.pay.signFirst).toMatch(/^No has completado la firma\. El socio debe firmar la retirada para poder completar el pedido/);
    expect(es.pos.pay.signTablet).toBe('No has ingresado ninguna firma');
  });

  it("on the pay dialog's pad: 'No has completado la firma', and nothing is charged", async () => {
    serve({ firma_pedido: true });
    const client = openPay();
    await waitFor(() => expect(client.getQueryData(['association', 'retrieve', 1])).toBeTruthy());
    await userEvent.click(await screen.findByTestId('pay-confirm'));
    expect(await screen.findByTestId('pay-error')).toHaveTextContent(es.pos.pay.signFirst);
    expect(paid).toBe(0);
  }, 15_000); // the first render of the providers and the dialog is slow on a loaded machine

  it("with the club's signature tablet: 'No has ingresado ninguna firma', and nothing is charged", async () => {
    serve({ firma_digital: true });
    const client = openPay();
    await waitFor(() => expect(client.getQueryData(['association', 'retrieve', 1])).toBeTruthy());
    await userEvent.click(await screen.findByTestId('pay-confirm'));
    expect(await screen.findByTestId('pay-error')).toHaveTextContent('No has ingresado ninguna firma');
    expect(paid).toBe(0);
  }, 15_000); // the first render of the providers and the dialog is slow on a loaded machine
});

describe("a limit of the club's rules", () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());
  const dayLimit = (override: string) => ({
    status: 400,
    body: {
      code: 'rules.day_limit',
      field: 'override_reason',
      message: 'Con este pedido…',
      params: { limit: '25', taken: '20', left: '5', grams: '6', since: '2026-06-10', override },
    },
  });

  it('the law allows no override: the refusal in the reader\'s words, and no reason is asked', async () => {
    serve({}, dayLimit('refused'));
    const client = openPay({ signature: false, canOverride: true });
    await waitFor(() => expect(client.getQueryData(['association', 'retrieve', 1])).toBeTruthy());
    await userEvent.click(await screen.findByTestId('pay-confirm'));
    expect(await screen.findByTestId('pay-error')).toHaveTextContent(
      'Con este pedido el socio pasaría del límite diario de 25 g: hoy lleva 20 g y le quedan 5 g; el pedido son 6 g',
    );
    expect(screen.queryByTestId('pay-reason')).toBeNull();
  }, 15_000);

  it("the club's own limit: a Manager is asked for a reason", async () => {
    serve({}, dayLimit('allowed'));
    const client = openPay({ signature: false, canOverride: true });
    await waitFor(() => expect(client.getQueryData(['association', 'retrieve', 1])).toBeTruthy());
    await userEvent.click(await screen.findByTestId('pay-confirm'));
    expect(await screen.findByTestId('pay-reason')).toBeInTheDocument();
  }, 15_000);
});
