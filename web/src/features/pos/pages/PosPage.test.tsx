import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/Providers';
import '../../../shared/i18n';
import { ClubIdProvider } from '../../../shared/session/clubId';
import { KEYS } from '../../../shared/session/storage';
import es from '../locales/es.json';
import { resetTabsCache } from '../model';
import PosPage from './PosPage';

// The counter against a small fake of its API: members, products and the orders it saves.

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const person = (nid: number, number: number, nombre: string, surname: string, keychain = '') => ({
  nid, number, nombre, surname, keychain, dni: '', monedero: 0, end_date: 4102444800, foto: null, category_member: null,
});
const carla = person(50, 50, 'Carla', 'Mostrador', 'FOB50');
const lucia = person(7, 7, 'Lucía', 'Martínez');
const luis = person(8, 8, 'Luis', 'Lucas');
// her fee ran out on 12/10/2025 (noon in Madrid)
const elena = { ...person(9, 9, 'Elena', 'Caducada'), end_date: Date.UTC(2025, 9, 12, 10) / 1000 };
const members = [carla, lucia, luis, elena];

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
/** Every word of the filter starts a word of the field, as the server matches. */
const starts = (field: string, filter: string) => fold(filter).split(/\s+/).every((w) => fold(field).split(/\s+/).some((f) => f.startsWith(w)));
/** `name`: every word starts a word of the name or of the surnames. */
const isPerson = (m: { nombre: string; surname: string }, filter: string) =>
  fold(filter).split(/\s+/).every((w) => starts(m.nombre, w) || starts(m.surname, w));

const product = (pid: number, titulo: string, type: 'peso' | 'unidad', precio: number, code: string) => ({
  pid, titulo, type, precio, code, stock: 100, unlimited_stock: false, categorias: '', thumb: '',
});
const lemon = product(1, 'Lemon', 'peso', 8, 'LEM01');
const soda = product(2, 'Soda', 'unidad', 2, '8499912345');
// two products that share a code: the code names neither
const products = [lemon, soda, product(3, 'Twin A', 'unidad', 1, 'DUP01'), product(4, 'Twin B', 'unidad', 1, 'DUP01')];

let saved: { membership_id: number; products: { pid?: number; quantity: number }[] }[] = [];
let paid: number[] = [];
/** The open orders the fake keeps, newest first; `failOpen` makes reading them fail. */
let orders: unknown[] = [];
let failOpen = false;
/** The pages of open orders asked for. */
let openPages: { page: number; limit: number }[] = [];
/** The club's flags; a club that grows has `cultivo`. */
let flags: Record<string, boolean> = {};
/** The club's rules ask for the information slip with every dispensation. */
let slipRequired = false;
/** The slips asked for (their address), and the products whose batches were asked for. */
let slips: string[] = [];
let batchAsks: number[] = [];
/** Lemon's batches, as the server lists them (oldest best-before first). */
const lemonBatches = [
  { batch: 12, strain: 'Amnesia Haze', grams: 1.5, thc_percent: 18.5, cbd_percent: 0.4, harvested_at: 1767225600, best_before: 1798761600 },
  { batch: 14, strain: 'Critical', grams: 30, thc_percent: 21, cbd_percent: null, harvested_at: 1767225600, best_before: 1801440000 },
];

/** An open order of a member with one line of soda. */
const openOrder = (oid: number, m: { nid: number; number: number; nombre: string; surname: string }, quantity = 1) => ({
  oid, membership_id: m.nid, membership_card: { number: m.number, nombre: m.nombre, surname: m.surname },
  products: [{ id: oid, fee_id: 0, product: { pid: soda.pid, title: soda.titulo, type: soda.type }, quantity, real_quantity: quantity, unit_price: soda.precio, total: soda.precio * quantity, total_discount: 0 }],
  order_total: soda.precio * quantity, order_base_price: soda.precio * quantity, order_discount: 0, manual_discount_order: 0, discount_coupon_order: [], order_created: oid,
});

function serve(open: unknown[] = []) {
  saved = [];
  paid = [];
  orders = open;
  failOpen = false;
  openPages = [];
  flags = {};
  slipRequired = false;
  slips = [];
  batchAsks = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(String(input), init);
      const url = new URL(req.url);
      const q = url.searchParams;
      switch (url.pathname) {
        case '/services/session/token':
          return new Response('tok');
        case '/api/association/retrieve':
          return json({ nid: 1, title: 'Club', roles: ['Administrador'], functionalities: flags, cashPermission: true });
        case '/api/association_category/':
          return json([]);
        case '/api/order/consumption':
          return json({ grams_month: 0, consum_forecast: 0, slip_required: slipRequired });
        case '/api/product_batches':
          batchAsks.push(Number(q.get('pid')));
          return json(Number(q.get('pid')) === lemon.pid ? lemonBatches : []);
        case '/api/order/900/slip':
          slips.push(`${url.pathname}${url.search}`);
          return new Response('%PDF-1.4 slip', { headers: { 'Content-Type': 'application/pdf' } });
        case '/api/order/': {
          if (failOpen) return json({ code: 'internal', message: 'database unavailable' }, 500);
          // the server's paging: at most 1000 a page
          const limit = Math.min(Number(q.get('limit') || 24), 1000);
          const page = Number(q.get('page') || 0);
          openPages.push({ page, limit });
          return json({ data: orders.slice(page * limit, page * limit + limit), total: orders.length });
        }
        case '/api/order': {
          const body = (await req.json()) as (typeof saved)[number];
          saved.push(body);
          const m = members.find((x) => x.nid === body.membership_id)!;
          const lines = body.products.map((l, i) => {
            const p = products.find((x) => x.pid === l.pid)!;
            const grams = p.type === 'peso' ? l.quantity : 0;
            return { id: i + 1, fee_id: 0, product: { pid: p.pid, title: p.titulo, type: p.type }, quantity: l.quantity, real_quantity: l.quantity, grams, unit_price: p.precio, total: p.precio * l.quantity, total_discount: 0 };
          });
          const total = lines.reduce((a, l) => a + l.total, 0);
          const order = {
            oid: 900, membership_id: m.nid, membership_card: { number: m.number, nombre: m.nombre, surname: m.surname }, products: lines,
            order_total: total, order_base_price: total, order_discount: 0, manual_discount_order: 0, discount_coupon_order: [], order_created: 0,
          };
          orders = [order];
          return json({ cancelled: false, order });
        }
        case '/api/order/pay': {
          const body = (await req.json()) as { oid: number; tendered?: number };
          const order = { ...(orders[0] as { order_total: number }), pay_type: 'cash', order_paid: 1 };
          orders = [];
          paid.push(body.oid);
          return json({ order, change: (body.tendered ?? 0) - order.order_total, replayed: false });
        }
        case '/api/dispensario': {
          const found = products.filter((p) => (q.get('code') ? p.code === q.get('code') : !q.get('search') || fold(p.titulo).includes(fold(q.get('search')!))));
          return json({ data: found.slice(0, Number(q.get('limit') || 24)), total: found.length });
        }
        case '/api/ficha_socio': {
          const found = members.filter(
            (m) =>
              (!q.get('nid') || m.nid === Number(q.get('nid'))) &&
              (!q.get('number') || m.number === Number(q.get('number'))) &&
              (!q.get('keychain') || m.keychain === q.get('keychain')) &&
              (!q.get('dni') || m.dni === q.get('dni')) &&
              (!q.get('nombre') || starts(m.nombre, q.get('nombre')!)) &&
              (!q.get('surname') || starts(m.surname, q.get('surname')!)) &&
              (!q.get('name') || isPerson(m, q.get('name')!)),
          );
          const limit = Number(q.get('limit') || 14);
          const page = Number(q.get('page') || 0);
          return json({ data: found.slice(page * limit, page * limit + limit), total_fichas: found.length });
        }
      }
      return json({ code: 'not_found', message: 'not found' }, 404);
    }),
  );
}

/** The counter of club 1, with `current` already selected as a tab when given. */
function renderPos(current?: { nid: number; number: number; nombre: string; surname: string }) {
  localStorage.setItem(KEYS.session, JSON.stringify({ uid: 1, name: 'ana', mail: 'a@b.c', firstName: 'Ana', surname: '', phone: '' }));
  localStorage.setItem(KEYS.club, '1');
  if (current) {
    const tab = { nid: current.nid, number: current.number, nombre: current.nombre, surname: current.surname };
    localStorage.setItem('socius.pos.1.members', JSON.stringify({ members: [tab], current: current.nid }));
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient = client;
  return render(
    <Providers queryClient={client}>
      <MemoryRouter initialEntries={['/pos']}>
        <ClubIdProvider id={1}>
          <PosPage />
        </ClubIdProvider>
      </MemoryRouter>
    </Providers>,
  );
}

type User = ReturnType<typeof userEvent.setup>;

/** Clicks `product` on the counter and types `keys` in its quantity dialog; waits for the order's save. */
async function addProduct(user: User, product: { pid: number }, keys: string) {
  await user.click(await screen.findByTestId(`product-${product.pid}`));
  await user.keyboard(keys);
  await waitFor(() => expect(saved).toHaveLength(1));
}

/** Opens the counter on `member` and adds `product` as addProduct does. */
async function sellOne(member: Parameters<typeof renderPos>[0], product: { pid: number }, keys: string) {
  const user = userEvent.setup();
  renderPos(member);
  await screen.findByTestId('member-name');
  await addProduct(user, product, keys);
  return user;
}

/** Pays the exact amount in cash in the open payment dialog; waits for order 900's payment. */
async function payExact(user: User) {
  await user.click(screen.getByTestId('tender-exact'));
  await user.keyboard('{Enter}');
  await waitFor(() => expect(paid).toEqual([900]));
}

const pos = es.pos;
let queryClient: QueryClient;
const fill = (text: string, vars: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k]));

/** The "Socios activos" dialog (its opening motion never ends in jsdom, so it is found by its field). */
async function picker() {
  const dialog = (await screen.findByTestId('members-search')).closest<HTMLElement>('[role="dialog"]')!;
  expect(dialog).toHaveTextContent(pos.members.title);
  return dialog;
}
const noDialog = () => expect(document.querySelector('[role="dialog"]')).toBeNull();

// A whole page in jsdom, typed key by key: slow on a busy machine, not a hang.
describe('the counter', { timeout: 20_000 }, () => {
  beforeEach(() => {
    resetTabsCache();
    serve();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    resetTabsCache();
  });

  it('deselects the current member when a lookup finds nobody, and says so', async () => {
    const user = userEvent.setup();
    renderPos(carla);
    expect(await screen.findByTestId('member-name')).toHaveTextContent('Carla Mostrador');
    await user.type(screen.getByTestId('member-scan'), 'Zacarías{Enter}');
    expect(await screen.findByText(pos.member.notFound)).toBeInTheDocument();
    expect(screen.queryByTestId('member-card')).toBeNull();
    expect(screen.getByTestId(`tab-${carla.nid}`)).toHaveAttribute('aria-pressed', 'false');
    // a product tapped now is refused for want of a member, not added to Carla
    await user.click(await screen.findByTestId(`product-${soda.pid}`));
    await user.click(await screen.findByTestId('add-confirm'));
    expect(await screen.findByTestId('add-error')).toHaveTextContent(pos.add.noMember);
    expect(saved).toEqual([]);
  });

  it('opens the "Socios activos" picker filtered by a name, a surname or part of one; the arrows and Enter choose', async () => {
    const user = userEvent.setup();
    renderPos(carla);
    await screen.findByTestId('member-name');
    await user.type(screen.getByTestId('member-scan'), 'Lu{Enter}');
    const dialog = await picker();
    // the previous member is no longer current while the picker is open
    expect(screen.queryByTestId('member-card')).toBeNull();
    const search = within(dialog).getByTestId('members-search');
    expect(search).toHaveValue('Lu');
    expect(search).toHaveFocus();
    await within(dialog).findByTestId(`members-row-${luis.nid}`);
    expect(within(dialog).getByTestId(`members-row-${lucia.nid}`)).toHaveAttribute('aria-current', 'true');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(noDialog);
    expect(screen.getByTestId('member-name')).toHaveTextContent('8 · Luis Lucas');

    // a surname, and a name with its surname, find her too
    for (const text of ['Martínez', 'Lucía Martínez']) {
      await user.type(screen.getByTestId('member-scan'), `${text}{Enter}`);
      const d = await picker();
      await within(d).findByTestId(`members-row-${lucia.nid}`);
      expect(within(d).queryByTestId(`members-row-${luis.nid}`)).toBeNull();
      await user.keyboard('{Enter}');
      await waitFor(noDialog);
      expect(screen.getByTestId('member-name')).toHaveTextContent('7 · Lucía Martínez');
    }
  });

  it('selects the one member a key fob or number names, and shows them at once', async () => {
    const user = userEvent.setup();
    renderPos(lucia);
    await screen.findByTestId('member-name');
    await user.type(screen.getByTestId('member-scan'), 'FOB50{Enter}');
    expect(await screen.findByText(pos.member.found)).toBeInTheDocument();
    expect(screen.getByTestId('member-name')).toHaveTextContent('50 · Carla Mostrador');
    expect(screen.getByTestId('member-scan')).toHaveValue('');
    noDialog();
  });

  it('sells the grams typed as the dialog opens, then puts the cursor in the product search, where Enter goes on to the payment, never to the product again', async () => {
    const user = await sellOne(carla, lemon, '2{Enter}');
    expect(saved[0]).toMatchObject({ membership_id: carla.nid, products: [{ pid: lemon.pid, quantity: 2 }] });
    await waitFor(noDialog);
    await waitFor(() => expect(screen.getByTestId('product-search')).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('pay-total')).toHaveTextContent('16,00 €');
    expect(screen.queryByTestId('add-quantity')).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(noDialog);
    expect(saved).toHaveLength(1);
    expect(paid).toEqual([]);
    // Escape closes the dialog without adding, and the cursor goes back to the search too
    await user.click(screen.getByTestId(`product-${soda.pid}`));
    expect(screen.getByTestId('add-quantity')).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(noDialog);
    await waitFor(() => expect(screen.getByTestId('product-search')).toHaveFocus());
    expect(saved).toHaveLength(1);
  });

  it('has the cursor in the member field from the start, so a key fob swipe selects the member; then it moves to the product search', async () => {
    const user = userEvent.setup();
    renderPos(lucia);
    await screen.findByTestId('member-name');
    expect(screen.getByTestId('member-scan')).toHaveFocus();
    // a reader types fast and ends with Enter, into whatever has the focus
    await user.keyboard('FOB50{Enter}');
    await waitFor(() => expect(screen.getByTestId('member-name')).toHaveTextContent('50 · Carla Mostrador'));
    await waitFor(() => expect(screen.getByTestId('product-search')).toHaveFocus());
  });

  it('keeps the cursor in the member field after a sale while the ticket stays in view; the next member starts the next sale', async () => {
    const user = await sellOne(carla, soda, '{Enter}');
    await user.click(await screen.findByTestId('order-pay'));
    await waitFor(() => expect(screen.getByTestId('pay-tendered')).toHaveFocus());
    await user.keyboard('5{Enter}');
    await waitFor(() => expect(paid).toEqual([900]));
    // no dialog to close: the ticket is a panel, the cursor waits for the next member
    await waitFor(noDialog);
    expect(screen.getByTestId('receipt')).toHaveTextContent('Carla Mostrador');
    expect(screen.getByTestId('receipt-change')).toHaveTextContent('3,00 €');
    await waitFor(() => expect(screen.getByTestId('member-scan')).toHaveFocus());
    await user.keyboard('FOB50{Enter}');
    await waitFor(() => expect(screen.getByTestId('member-name')).toHaveTextContent('50 · Carla Mostrador'));
    // the ticket folds to one line, still there to print
    expect(screen.queryByTestId('receipt')).toBeNull();
    expect(screen.getByTestId('receipt-compact')).toHaveTextContent('#900');
    await user.click(screen.getByTestId('receipt-close'));
    expect(screen.queryByTestId('receipt-compact')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('member-scan')).toHaveFocus());
  });

  it('pays by keyboard: Enter in the empty product search opens the payment, one tap gives the cash, Enter pays once it is enough', async () => {
    const user = await sellOne(carla, lemon, '2{Enter}');
    await waitFor(() => expect(screen.getByTestId('product-search')).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('pay-tendered')).toHaveFocus());
    // 16 € due: the exact amount, and the notes that pay it alone
    const tenders = within(screen.getByTestId('pay-tenders')).getAllByRole('button').map((b) => b.textContent?.replace(/\s/g, ' '));
    expect(tenders).toEqual([fill(pos.pay.exact, { amount: '16,00 €' }), '20,00 €', '50,00 €']);
    // short: Enter does not pay
    await user.keyboard('10{Enter}');
    expect(screen.getByTestId('pay-change')).toHaveTextContent(fill(pos.pay.missing, { amount: '6,00 €' }));
    expect(paid).toEqual([]);
    await user.click(screen.getByTestId('tender-20'));
    expect(screen.getByTestId('pay-change')).toHaveTextContent(fill(pos.pay.change, { amount: '4,00 €' }));
    // the tap gives the cursor back to the field, so Enter pays rather than pressing the tap again
    expect(screen.getByTestId('pay-tendered')).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(paid).toEqual([900]));
    expect(screen.getByTestId('receipt-change')).toHaveTextContent('4,00 €');
  });

  describe('in a club that grows, under rules that ask for the information slip', () => {
    beforeEach(() => {
      vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:slip'), revokeObjectURL: vi.fn() }));
    });

    it('shows the batch the grams come from as the dialog opens, without taking the cursor, and prints the slip with the sale', async () => {
      flags = { software_gestion_club: true, cultivo: true };
      slipRequired = true;
      const user = userEvent.setup();
      renderPos(carla);
      await screen.findByTestId('member-name');
      // the grams are typed the moment the dialog opens; the batch comes in beside them
      await user.click(await screen.findByTestId(`product-${lemon.pid}`));
      await user.keyboard('2');
      expect(await screen.findByTestId('add-batch-first')).toHaveTextContent(`${fill(pos.batch.from, { id: 12 })}Amnesia Haze`);
      expect(screen.getByTestId('add-batch-then')).toHaveTextContent(fill(pos.batch.then, { id: 14 }));
      expect(screen.getByTestId('add-quantity')).toHaveFocus();
      expect(screen.getByTestId('add-quantity')).toHaveValue('2');
      expect(batchAsks).toEqual([lemon.pid]);
      await user.keyboard('{Enter}');
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0].products).toEqual([{ pid: lemon.pid, quantity: 2 }]);
      await waitFor(() => expect(screen.getByTestId('product-search')).toHaveFocus());
      // a unit product asks for no batches
      await user.click(screen.getByTestId(`product-${soda.pid}`));
      expect(screen.queryByTestId('add-batch')).toBeNull();
      await user.keyboard('{Escape}');
      expect(batchAsks).toEqual([lemon.pid]);

      await user.keyboard('{Enter}');
      await waitFor(() => expect(screen.getByTestId('pay-tendered')).toHaveFocus());
      await user.click(screen.getByTestId('tender-exact'));
      await user.keyboard('{Enter}');
      await waitFor(() => expect(paid).toEqual([900]));
      // printed at once, on the roll, and said; the cursor waits for the next member
      await waitFor(() => expect(slips).toEqual(['/api/order/900/slip?asocid=1&size=80mm']));
      await waitFor(() => expect(screen.getByTestId('slip-auto')).toHaveAttribute('data-state', 'sent'));
      expect(screen.getByTestId('slip-auto')).toHaveTextContent(pos.slip.auto.sent);
      expect(document.querySelector('iframe[data-testid="slip-frame"]')).not.toBeNull();
      await waitFor(() => expect(screen.getByTestId('member-scan')).toHaveFocus());
      // and again from its button, on an A6 sheet
      await user.click(screen.getByTestId('slip-size'));
      await user.click(await screen.findByText(pos.slip.sizes.a6));
      await waitFor(() => expect(slips).toHaveLength(2));
      expect(slips[1]).toBe('/api/order/900/slip?asocid=1&size=a6');
    });

    it('only offers the slip when the rules do not ask for it', async () => {
      flags = { software_gestion_club: true, cultivo: true };
      const user = await sellOne(carla, lemon, '2{Enter}');
      await waitFor(() => expect(screen.getByTestId('product-search')).toHaveFocus());
      await user.keyboard('{Enter}');
      await waitFor(() => expect(screen.getByTestId('pay-tendered')).toHaveFocus());
      await user.click(screen.getByTestId('tender-exact'));
      await user.keyboard('{Enter}');
      await waitFor(() => expect(paid).toEqual([900]));
      expect(await screen.findByTestId('slip-print')).toHaveTextContent(pos.slip.button);
      expect(screen.queryByTestId('slip-auto')).toBeNull();
      expect(slips).toEqual([]);
      await user.click(screen.getByTestId('slip-print'));
      await waitFor(() => expect(slips).toEqual(['/api/order/900/slip?asocid=1&size=80mm']));
    });
  });

  it('pays with F9 from anywhere on the counter, and says so when there is nothing to pay', async () => {
    const user = userEvent.setup();
    renderPos(carla);
    await screen.findByTestId('member-name');
    await user.keyboard('{F9}');
    expect(await screen.findByText(pos.keys.nothingToPay)).toBeInTheDocument();
    noDialog();
    await addProduct(user, soda, '{Enter}');
    // F9 with the cursor in the member field, where Enter would look a member up
    screen.getByTestId('member-scan').focus();
    await user.keyboard('{F9}');
    expect(await screen.findByTestId('pay-total')).toHaveTextContent('2,00 €');
    await payExact(user);
  });

  it('opens the list of shortcuts with "?", but not while typing in a field; F2, F3 and F4 move to the member, the products and the picker', async () => {
    const user = userEvent.setup();
    renderPos(carla);
    await screen.findByTestId('member-name');
    // in the member field "?" is a character
    await user.keyboard('?');
    expect(screen.getByTestId('member-scan')).toHaveValue('?');
    noDialog();
    await user.clear(screen.getByTestId('member-scan'));
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('?');
    const list = await screen.findByTestId('shortcuts');
    expect(list).toHaveTextContent(pos.keys.long.pay);
    expect(list).toHaveTextContent('F9');
    await user.keyboard('{Escape}');
    await waitFor(noDialog);
    await user.keyboard('{F3}');
    expect(screen.getByTestId('product-search')).toHaveFocus();
    await user.keyboard('{F2}');
    expect(screen.getByTestId('member-scan')).toHaveFocus();
    await user.keyboard('{F4}');
    expect(await picker()).toBeInTheDocument();
    // the legend on the counter names every key too
    const legend = screen.getByTestId('shortcut-legend');
    for (const k of ['F2', 'F3', 'F4', 'F8', 'F9', '?']) expect(legend).toHaveTextContent(k);
  });

  it('warns of an expired fee on the member card and asks at pay, naming the date, without blocking', async () => {
    const user = userEvent.setup();
    renderPos(elena);
    expect(await screen.findByTestId('fee-warning')).toHaveTextContent(fill(pos.fee.expiredOn, { date: '12/10/2025' }));
    await addProduct(user, soda, '{Enter}');
    await user.click(await screen.findByTestId('order-pay'));
    expect(await screen.findByText(fill(pos.fee.confirm, { date: '12/10/2025' }), { selector: '.ant-modal-confirm-title' })).toBeInTheDocument();
    expect(screen.queryByTestId('pay-total')).toBeNull();
    await user.click(screen.getByTestId('fee-confirm-ok'));
    expect(await screen.findByTestId('pay-total')).toHaveTextContent('2,00 €');
    // it does not block: the sale is paid as any other (a member whose fee runs is never asked: the tests above)
    await payExact(user);
  });

  it('empties the cart when the open orders cannot be read, and saves nothing until they are read again', async () => {
    const user = userEvent.setup();
    serve([openOrder(900, carla, 3)]);
    renderPos(carla);
    expect(await screen.findByTestId(`line-total-${soda.pid}`)).toHaveTextContent('6,00 €');
    failOpen = true;
    await queryClient.invalidateQueries();
    expect(await screen.findByTestId('orders-error')).toHaveTextContent(pos.order.unknown);
    expect(screen.queryByTestId(`line-total-${soda.pid}`)).toBeNull();
    expect(screen.queryByTestId('order-pay')).toBeNull();
    // a product added now would replace the lines the counter cannot see: refused, nothing saved
    await user.click(await screen.findByTestId(`product-${lemon.pid}`));
    await user.keyboard('1{Enter}');
    expect(await screen.findByText(pos.order.unknown, { selector: '.ant-message *' })).toBeInTheDocument();
    expect(saved).toEqual([]);
    failOpen = false;
    await user.click(screen.getByTestId('orders-retry'));
    expect(await screen.findByTestId(`line-total-${soda.pid}`)).toHaveTextContent('6,00 €');
    expect(screen.queryByTestId('orders-error')).toBeNull();
  });

  it('reads every open order, not only the first page: the cart of a member past the first thousand is found', async () => {
    const others = Array.from({ length: 1200 }, (_, i) => openOrder(5000 - i, { nid: 1000 + i, number: 1000 + i, nombre: `Socio${i}`, surname: 'Relleno' }));
    serve([...others, openOrder(100, carla, 4)]);
    renderPos(carla);
    expect(await screen.findByTestId(`line-total-${soda.pid}`)).toHaveTextContent('8,00 €');
    expect(openPages).toEqual([
      { page: 0, limit: 1000 },
      { page: 1, limit: 1000 },
    ]);
    expect(screen.getByText(fill(pos.openOrders, { count: 1201 }))).toBeInTheDocument();
  });

  it('opens the product a code or barcode names when Enter follows it, with the quantity ready; other text stays a search', async () => {
    const user = userEvent.setup();
    renderPos(carla);
    await screen.findByTestId('member-name');
    const search = screen.getByTestId('product-search');
    await user.type(search, `${soda.code}{Enter}`);
    expect(await screen.findByTestId('add-quantity')).toHaveFocus();
    expect(search).toHaveValue('');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].products).toEqual([{ pid: soda.pid, quantity: 1 }]);
    await waitFor(() => expect(search).toHaveFocus());

    // a weight product's code opens on its grams
    await user.keyboard(`${lemon.code}{Enter}`);
    expect(await screen.findByText(pos.add.grams)).toBeInTheDocument();
    expect(screen.getByTestId('add-quantity')).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(noDialog);

    // a name is a search of the grid, even when it finds one product
    await user.keyboard('Lemon{Enter}');
    await new Promise((r) => setTimeout(r, 300));
    noDialog();
    await user.clear(search);
    // a code shared by two products, and one nobody has, say so
    await user.type(search, 'DUP01{Enter}');
    expect(await screen.findByText(pos.product.severalCodes.replace('{{code}}', 'DUP01'))).toBeInTheDocument();
    // nor does the scanner's 2 s auto-add take the first of them once Enter has answered
    await new Promise((r) => setTimeout(r, 2500));
    noDialog();
    await user.clear(search);
    await user.type(search, '12345678{Enter}');
    expect(await screen.findByText(pos.product.noCode.replace('{{code}}', '12345678'))).toBeInTheDocument();
    noDialog();
    expect(saved).toHaveLength(1);
  });
});
