import '../i18n';
import {
  BellOutlined,
  CloseOutlined,
  CreditCardOutlined,
  DeleteOutlined,
  EuroOutlined,
  HistoryOutlined,
  MinusOutlined,
  PlusOutlined,
  QuestionCircleOutlined,
  SearchOutlined,
  ShoppingCartOutlined,
  TagsOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Avatar, Button, Empty, Input, InputNumber, Pagination, Popconfirm, Progress, Select, Tag, Tooltip, type InputRef } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { canAccess, gates } from '../../../shared/access/gates';
import { isApiError, reportApiError, shownLocally, useClubCategories } from '../../../shared/api';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../../shared/format';
import { useClub, useClubId, useSession, displayName } from '../../../shared/session';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { useDebounced } from '../../../shared/ui/useDebounced';
import layout from '../../../shared/ui/layout.module.css';
import { canTopUp } from '../../../shared/wallet/model';
import { WalletTopUpModal } from '../../../shared/wallet/WalletTopUpModal';
import {
  findMembers,
  memberByScan,
  posKeys,
  productByCode,
  productsByCode,
  useCancelOrder,
  useConsumption,
  useCounterOrders,
  usePosMember,
  useNotifyOrder,
  usePosProducts,
  useProductBatches,
  useSaveOrder,
  PRODUCTS_PAGE,
  type Consumption,
  type Member,
  type Order,
  type Product,
  type SaveLine,
} from '../api';
import { LimitBars } from '../components/LimitBars';
import { AddToOrderModal } from '../components/AddToOrderModal';
import { CouponModal } from '../components/CouponModal';
import { FeeRenewalModal } from '../components/FeeRenewalModal';
import { MembersModal } from '../components/MembersModal';
import { OrderHistoryModal } from '../components/OrderHistoryModal';
import { PayModal } from '../components/PayModal';
import { Receipt, type SlipOffer } from '../components/Receipt';
import { Kbd, ShortcutsModal } from '../components/ShortcutsModal';
import { posErrorText, removedReason } from '../errors';
import {
  allowedMethods,
  counterKey,
  feeExpiredOn,
  SHORTCUTS,
  keyTarget,
  linesOf,
  looksLikeCode,
  lookupMember,
  realOutOfRange,
  signatureRequired,
  stepReal,
  useTabs,
  type CounterAction,
  type TabMember,
} from '../model';
import { hasSlip, printSlip } from '../slip';
import styles from '../pos.module.css';
import { useApp } from '../../../shared/ui/useApp';

/** Spec part 1 §2: a scanned product code is added after 2 s without typing. */
const SCAN_WAIT = 2000;

const tabOf = (m: { nid: number; number: number; nombre: string; surname: string }): TabMember => ({
  nid: m.nid,
  number: m.number,
  nombre: m.nombre,
  surname: m.surname,
});

/**
 * Route "pos": products on the left, the selected members and the current order on the right.
 * `?oid=` opens that order with its member; `?nid=` selects a member.
 */
export default function PosPage() {
  const { t, i18n } = useTranslation();
  const { message, modal } = useApp();
  const [params, setParams] = useSearchParams();
  const club = useClubId();
  const clubInfo = useClub(club).data;
  const session = useSession();
  const categories = useClubCategories('dispensary');
  const qc = useQueryClient();
  const { tabs, select: selectTab, close, setCurrent: setCurrentTab, deselect } = useTabs();
  const current = tabs.current;

  const [searchText, setSearchText] = useState('');
  const [category, setCategory] = useState<number | undefined>();
  const [page, setPage] = useState(0);
  const [adding, setAdding] = useState<Product | null>(null);
  const [paying, setPaying] = useState<Order | null>(null);
  // the last ticket; `full` until the next member is chosen, then folded to one line
  const [receipt, setReceipt] = useState<{ order: Order; change: number; full: boolean; slip: SlipOffer | null } | null>(null);
  const foldReceipt = () => setReceipt((r) => (r?.full ? { ...r, full: false } : r));
  const select = (m: TabMember) => {
    foldReceipt();
    selectTab(m);
  };
  const setCurrent = (nid: number) => {
    foldReceipt();
    setCurrentTab(nid);
  };
  // the ticket taken away: the cursor goes back to where the next member is typed
  const dropReceipt = () => {
    setReceipt(null);
    setFocusNext('member');
  };
  const [helpOpen, setHelpOpen] = useState(false);
  // the expired-fee question is open (a dialog of its own, outside the state below)
  const [confirming, setConfirming] = useState(false);
  // the "Socios activos" picker, open with this search ('' from its button)
  const [picking, setPicking] = useState<string | null>(null);
  const lookups = useRef(0);
  // where the cursor goes once no dialog is open
  const [focusNext, setFocusNext] = useState<'search' | 'member' | null>(null);
  const scanRef = useRef<InputRef>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [scan, setScan] = useState('');
  const [discount, setDiscount] = useState<number | null>(null);
  const [topUpOpen, setTopUpOpen] = useState(false);
  const [renewOpen, setRenewOpen] = useState(false);
  const [couponsOpen, setCouponsOpen] = useState(false);
  const searchRef = useRef<InputRef>(null);
  const sideRef = useRef<HTMLElement>(null);
  // The order column is as tall as the window below where it starts (under the page header until
  // the page scrolls, under the app header after), so the summary with "Cobrar" at its foot is in
  // view however the page is scrolled: the column's top, read on scroll and resize, sets its height.
  useEffect(() => {
    const el = sideRef.current;
    if (!el) return;
    let frame = 0;
    const fit = () => {
      frame = 0;
      el.style.setProperty('--side-top', `${Math.max(0, Math.round(el.getBoundingClientRect().top))}px`);
    };
    const later = () => {
      if (!frame) frame = requestAnimationFrame(fit);
    };
    fit();
    window.addEventListener('scroll', later, { passive: true });
    window.addEventListener('resize', later);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', later);
      window.removeEventListener('resize', later);
    };
  }, []);
  // the search text Enter was pressed on: the 2 s auto-add leaves it alone
  const entered = useRef('');
  // The search applies 300 ms after the last keystroke, from the first page; a code typed or
  // scanned alone adds its product after 2 s.
  const search = useDebounced(searchText.trim());
  useEffect(() => setPage(0), [search]);

  const products = usePosProducts(search, category, page);
  const open = useCounterOrders();
  // Spec part 1 §4: a failed open-order fetch empties the cart. Nothing stale stands in for it, and
  // nothing is saved until the orders are read again: a save without the order would replace its lines.
  const openOrders = useMemo(() => (open.isError ? [] : (open.data?.data ?? [])), [open.isError, open.data]);
  const ordersKnown = open.isSuccess;
  const member = usePosMember(current);
  const consumption = useConsumption(current);
  const save = useSaveOrder();
  const cancel = useCancelOrder();
  const notify = useNotifyOrder();

  const order = useMemo(() => openOrders.find((o) => o.membership_id === current) ?? null, [openOrders, current]);
  const methods = allowedMethods(clubInfo);
  const roles = clubInfo?.roles ?? [];
  const canOverride = roles.includes('Administrador') || roles.includes('Manager');
  const topUpAllowed = canTopUp(clubInfo);
  const canNotify = canAccess(gates.screens.order_notify, clubInfo);
  const canCoupon = canAccess(gates.screens.coupon_apply, clubInfo);
  const canSlip = canAccess(gates.screens.order_slip, clubInfo);
  // Clubs that grow: the batches of the weight product being added, read as its dialog opens (and
  // kept a while), never waited for: the dialog shows which batch the grams come from once they are here.
  const canBatches = canAccess(gates.screens.product_batches, clubInfo);
  const batchesOf = adding && canBatches && adding.type === 'peso' && !adding.unlimited_stock ? adding.pid : null;
  const addingBatches = useProductBatches(batchesOf);
  const coupons = order?.discount_coupon_order ?? [];
  const discrepancy = Number(useClubCategories('weight_discrepancy').data?.[0]?.title ?? 0) || 0;

  useEffect(() => {
    const code = searchText.trim();
    if (!club || !looksLikeCode(code)) return;
    const id = setTimeout(() => {
      if (entered.current === code) return; // Enter has answered for this code already
      void productByCode(club, code).then((p) => {
        if (p) {
          setSearchText('');
          setAdding(p);
        }
      });
    }, SCAN_WAIT);
    return () => clearTimeout(id);
  }, [searchText, club]);

  // A code or barcode and Enter (a scanner that sends Enter, or typed) opens its product as a tap
  // does, when the code names one product; other text stays a search of the grid.
  const searchNow = useRef(searchText);
  searchNow.current = searchText;
  const addByCode = async () => {
    const code = searchText.trim();
    if (!code) return;
    entered.current = code;
    try {
      const found = await productsByCode(club, code, 2);
      if (searchNow.current.trim() !== code) return; // typed on since: the newer text decides
      if (found.length === 1) {
        setSearchText('');
        setAdding(found[0]);
      } else if (found.length > 1) message.warning(t('pos.product.severalCodes', { code }), 4);
      else if (looksLikeCode(code)) message.warning(t('pos.product.noCode', { code }), 4);
    } catch (e) {
      message.error(posErrorText(e, t, i18n), 5);
    }
  };

  // ?oid= opens an order with its member; ?nid= selects a member (and ?renew=1 opens its fee renewal).
  useEffect(() => {
    const oid = Number(params.get('oid'));
    const nid = Number(params.get('nid'));
    if (oid && ordersKnown) {
      const o = openOrders.find((x) => x.oid === oid);
      if (o) select(tabOf({ nid: o.membership_id, ...o.membership_card }));
      setParams({}, { replace: true });
    } else if (nid && club) {
      if (params.get('renew')) setRenewOpen(true);
      setParams({}, { replace: true });
      // the tab opens by id and learns the member's name once it is read
      select({ nid, number: 0, nombre: '', surname: '' });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params, ordersKnown, openOrders, club]);

  // A tab opened by id learns its name once the member is read.
  useEffect(() => {
    const m = member.data;
    if (m && tabs.members.some((x) => x.nid === m.nid && !x.nombre)) selectTab(tabOf(m));
    // the tab may be opened after the member was read (the link waits for the open orders): both wake it
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [member.data, tabs.members]);

  useEffect(() => setDiscount(order?.manual_discount_order ?? null), [order?.oid, order?.manual_discount_order]);

  const dialogOpen = adding !== null || paying !== null || picking !== null || topUpOpen || renewOpen || couponsOpen || historyOpen || helpOpen || confirming;
  useEffect(() => {
    if (focusNext === null || dialogOpen) return;
    // the product search is below the member's card on a phone: scrolling to it would hide who is current
    if (focusNext === 'member') scanRef.current?.focus();
    else searchRef.current?.focus({ preventScroll: true });
    setFocusNext(null);
  }, [focusNext, dialogOpen]);

  const saveLines = (lines: SaveLine[], extra: { manual_discount_order?: number; discount_coupon_order?: number[] } = {}) => {
    if (current === null) {
      message.error(t('pos.add.noMember'), 3);
      return;
    }
    if (!ordersKnown) {
      message.error(t('pos.order.unknown'), 5);
      return;
    }
    save.mutate(
      { membership_id: current, ...(order ? { oid: order.oid } : {}), products: lines, ...extra },
      {
        // a change of lines may leave a coupon without its conditions: the server takes it off and says why
        onSuccess: (r) =>
          r.order?.removed_coupons?.forEach((c) =>
            message.warning({ content: t('pos.coupon.removed', { code: c.code, reason: removedReason(c, t, i18n) }), key: `removed-${c.id}`, duration: 6 }),
          ),
        onError: (e) => message.error(posErrorText(e, t, i18n), 5),
      },
    );
  };

  // The cursor goes back to the product search once the add dialog has gone (focused while it is
  // still open, the dialog would keep it; left to the dialog, it went back to the product tile,
  // where a stray Enter opened the product again).
  const closeAdding = () => {
    setAdding(null);
    setFocusNext('search');
  };

  const addToCart = (quantity: number) => {
    if (!adding) return;
    const lines = linesOf(order);
    const i = lines.findIndex((l) => l.pid === adding.pid);
    if (i >= 0) lines[i] = { pid: adding.pid, quantity: Number(((lines[i].quantity ?? 0) + quantity).toFixed(3)) };
    else lines.push({ pid: adding.pid, quantity });
    saveLines(lines);
    closeAdding();
  };

  const setLine = (pid: number, patch: Partial<SaveLine>) => {
    saveLines(linesOf(order).map((l) => (l.pid === pid ? { ...l, ...patch } : l)));
  };

  /**
   * A member becomes current with their card already known, so it shows before anything is added;
   * the cursor moves on to the product search, where a scanned product code goes next.
   */
  const chooseMember = (x: Member) => {
    qc.setQueryData(posKeys.member(club, x.nid), x);
    select(tabOf(x));
    setFocusNext('search');
  };

  // The member field: a number, key fob or ID number that names one member selects them; other
  // text that finds members opens the picker filtered by it; nothing found says so. Whatever the
  // answer, the previous member stops being current at once, so no sale goes to them by mistake.
  const scanMember = async () => {
    const text = scan.trim();
    if (!text) return;
    const seq = ++lookups.current;
    setScan('');
    deselect();
    try {
      const r = await lookupMember(text, {
        scan: (q) => memberByScan(club, q),
        count: async (q) => (await qc.fetchQuery({ queryKey: posKeys.members(club, q, 0), queryFn: () => findMembers(club, q, 0) })).total,
      });
      if (seq !== lookups.current) return; // a newer lookup answers instead
      if (r.kind === 'one') {
        message.success(t('pos.member.found'), 2);
        chooseMember(r.member);
      } else if (r.kind === 'pick') setPicking(text);
      else message.error(t('pos.member.notFound'), 3);
    } catch (e) {
      if (seq === lookups.current) message.error(posErrorText(e, t, i18n), 5);
    }
  };

  const inCart = (pid: number) => order?.products.find((l) => l.product.pid === pid)?.quantity ?? 0;
  const m = member.data;
  // adding waits until the card of the current member is on screen
  const ready = current !== null && m?.nid === current;
  const expired = m ? m.end_date < Date.now() / 1000 : false;
  const expiredOn = m ? feeExpiredOn(m.end_date) : null;
  const month = consumption.data?.grams_month ?? 0;
  const forecast = consumption.data?.consum_forecast ?? 0;
  const pct = forecast > 0 ? Math.min(100, Math.round((month / forecast) * 100)) : 0;
  const realBad = (l: Order['products'][number]) => l.product.type === 'peso' && realOutOfRange(l.real_quantity, l.quantity, discrepancy);
  // a step of the real weight is offered only while it stays within the club's discrepancy
  const realStep = (l: Order['products'][number], dir: 1 | -1) => stepReal(l.real_quantity, dir);
  const canStep = (l: Order['products'][number], dir: 1 | -1) =>
    realStep(l, dir) !== l.real_quantity && !realOutOfRange(realStep(l, dir), l.quantity, discrepancy);
  const blocked = !order || order.products.some(realBad);

  const sendReady = (oid: number) =>
    notify.mutate(oid, {
      onSuccess: (r) => {
        if (r.success) message.success(t('pos.notify.sent'), 3);
        else message.warning(t('pos.notify.kept'), 6);
      },
      onError: (e) => message.error(isApiError(e) && e.code === 'order.no_user' ? t('pos.notify.noUser') : posErrorText(e, t, i18n), 6),
    });

  // The information slip printed with the sale (the club's rules ask for it): fetched and sent to the
  // printer at once; the ticket's panel says how it went and keeps the button to print it again.
  const autoSlip = (oid: number) => {
    const mark = (slip: SlipOffer) => setReceipt((r) => (r?.order.oid === oid ? { ...r, slip } : r));
    printSlip(club, oid, '80mm').then(
      () => mark({ kind: 'auto', state: 'sent' }),
      (e: unknown) => {
        mark({ kind: 'auto', state: 'failed', reason: posErrorText(e, t, i18n) });
        if (!shownLocally(e)) reportApiError(e);
      },
    );
  };

  const paid = (o: Order, change: number) => {
    setPaying(null);
    // ready for the next member at once: the ticket stays beside, the cursor is in the member field
    setFocusNext('member');
    message.success(t('pos.pay.done'), 4);
    // the member's rules, read with their consumption when they were chosen
    const rules = qc.getQueryData<Consumption>(posKeys.consumption(club, o.membership_id)) ?? consumption.data;
    const slip: SlipOffer | null = canSlip && hasSlip(o) ? (rules?.slip_required ? { kind: 'auto', state: 'printing' } : { kind: 'offer' }) : null;
    setReceipt({ order: o, change, full: true, slip });
    if (slip?.kind === 'auto') autoSlip(o.oid);
    close(o.membership_id);
    void products.refetch();
  };

  /**
   * Cobrar (the button, F9, or Enter in the empty product search). A member whose fee has run out
   * is asked about once, naming the date; it does not block (an order that renews the fee is not asked).
   */
  const startPay = () => {
    if (!order) {
      message.info(t('pos.keys.nothingToPay'), 2);
      return;
    }
    if (blocked) {
      message.error(t('pos.order.realTooHigh', { percent: discrepancy }), 3);
      return;
    }
    const on = m?.nid === order.membership_id ? expiredOn : null;
    if (on !== null && !order.products.some((l) => l.fee_id)) {
      setConfirming(true);
      modal.confirm({
        title: t('pos.fee.confirm', { date: formatDate(on) }),
        content: `${order.membership_card.number} · ${order.membership_card.nombre} ${order.membership_card.surname}`,
        okText: t('pos.fee.payAnyway'),
        cancelText: t('common.back'),
        okButtonProps: { 'data-testid': 'fee-confirm-ok' } as Record<string, string>,
        onOk: () => setPaying(order),
        afterClose: () => setConfirming(false),
      });
      return;
    }
    setPaying(order);
  };

  // The counter's keys (model.ts: counterKey), while no dialog is open.
  const onKey = useRef<(e: KeyboardEvent) => void>(() => {});
  onKey.current = (e) => {
    if (dialogOpen || e.defaultPrevented || e.isComposing) return;
    const action: CounterAction | null = counterKey(e, keyTarget(e.target, searchRef.current?.input));
    if (!action) return;
    e.preventDefault();
    if (action === 'member') scanRef.current?.focus({ cursor: 'all' });
    else if (action === 'search') searchRef.current?.focus({ cursor: 'all', preventScroll: true });
    else if (action === 'picker') setPicking('');
    else if (action === 'pay') startPay();
    else if (action === 'print') {
      if (receipt) window.print();
    } else setHelpOpen(true);
  };
  useEffect(() => {
    const h = (e: KeyboardEvent) => onKey.current(e);
    window.addEventListener('keydown', h);
    return () => window.removeEventListener('keydown', h);
  }, []);

  return (
    <div className={`${layout.page} ${styles.page} ${order ? styles.pageWithBar : ''}`}>
      <PageHeader
        title={t('pos.title')}
        subtitle={t('pos.subtitle')}
        actions={
          <>
            <Select
              className={styles.openOrders}
              placeholder={t('pos.openOrders', { count: openOrders.length })}
              aria-label={t('pos.openOrdersLabel')}
              value={null}
              onChange={(oid: number) => {
                const o = openOrders.find((x) => x.oid === oid);
                if (o) select(tabOf({ nid: o.membership_id, ...o.membership_card }));
              }}
              options={[...openOrders]
                .sort((a, b) => a.order_created - b.order_created)
                .map((o) => ({
                  value: o.oid,
                  label: `${formatDateTime(o.order_created)} · ${o.membership_card.number} ${o.membership_card.nombre} · ${formatMoney(o.order_total)}`,
                }))}
              data-testid="open-orders"
            />
            <Button icon={<TeamOutlined />} onClick={() => setPicking('')} aria-keyshortcuts="F4" data-testid="members-open">
              {t('pos.members.open')} <Kbd>F4</Kbd>
            </Button>
          </>
        }
      />
      <div className={styles.layout}>
        <section className={styles.catalog} aria-label={t('pos.products')}>
          <div className={styles.filters}>
            <Input
              ref={searchRef}
              allowClear
              prefix={<SearchOutlined />}
              suffix={<Kbd>F3</Kbd>}
              aria-keyshortcuts="F3"
              placeholder={t('pos.search')}
              aria-label={t('pos.search')}
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
              onPressEnter={() => void addByCode()}
              data-testid="product-search"
            />
            <Select
              allowClear
              className={styles.category}
              placeholder={t('pos.category')}
              aria-label={t('pos.category')}
              value={category}
              onChange={(v) => {
                setCategory(v);
                setPage(0);
              }}
              options={(categories.data ?? []).map((c) => ({ value: c.nid, label: c.title }))}
              data-testid="product-category"
            />
          </div>
          {products.data && products.data.data.length === 0 ? (
            <Empty description={t('pos.noProducts')} />
          ) : (
            <div className={styles.grid} data-testid="product-grid">
              {(products.data?.data ?? []).map((p) => (
                <button key={p.pid} type="button" className={styles.productCard} onClick={() => setAdding(p)} data-testid={`product-${p.pid}`}>
                  {p.thumb ? <img src={p.thumb} alt="" className={styles.productImg} /> : <span className={styles.productImg} aria-hidden="true" />}
                  <span className={styles.productTitle}>{p.titulo}</span>
                  <span className={styles.productMeta}>{p.categorias}</span>
                  <span className={styles.productPrice}>
                    {formatMoney(p.precio)}
                    {p.type === 'peso' ? '/g' : ''}
                  </span>
                  <span className={styles.productStock}>
                    {p.unlimited_stock ? t('pos.product.unlimited') : t('pos.product.stock', { stock: formatNumber(p.stock), unit: p.type === 'peso' ? 'g' : '' })}
                  </span>
                </button>
              ))}
            </div>
          )}
          <Pagination
            className={styles.pager}
            size="small"
            current={page + 1}
            pageSize={PRODUCTS_PAGE}
            total={products.data?.total ?? 0}
            onChange={(p) => setPage(p - 1)}
            showSizeChanger={false}
            hideOnSinglePage
          />
        </section>

        <section ref={sideRef} className={styles.side} aria-label={t('pos.orderPanel')}>
          <div className={styles.scanRow}>
            <Input
              ref={scanRef}
              // a key fob or QR reader types into whatever has the focus: here from the start
              autoFocus
              prefix={<UserOutlined />}
              suffix={<Kbd>F2</Kbd>}
              aria-keyshortcuts="F2"
              placeholder={t('pos.member.scan')}
              aria-label={t('pos.member.scan')}
              value={scan}
              onChange={(e) => setScan(e.target.value)}
              onPressEnter={() => void scanMember()}
              data-testid="member-scan"
            />
          </div>
          {tabs.members.length > 0 && (
            <div className={styles.tabs} role="group" aria-label={t('pos.member.selected')}>
              {tabs.members.map((x) => (
                <span key={x.nid} className={`${styles.tab} ${x.nid === current ? styles.tabCurrent : ''}`}>
                  <button type="button" className={styles.tabName} aria-pressed={x.nid === current} onClick={() => setCurrent(x.nid)} data-testid={`tab-${x.nid}`}>
                    {x.number ? `${x.number} · ${x.nombre}` : '…'}
                  </button>
                  <button
                    type="button"
                    className={styles.tabClose}
                    aria-label={t('pos.member.close', { name: x.nombre })}
                    onClick={() => close(x.nid)}
                    data-testid={`tab-close-${x.nid}`}
                  >
                    <CloseOutlined />
                  </button>
                </span>
              ))}
            </div>
          )}
          {receipt && (!receipt.full || m) && (
            <Receipt
              order={receipt.order}
              change={receipt.change}
              clubName={clubInfo?.title ?? ''}
              staffName={displayName(session)}
              compact
              slip={receipt.slip}
              onClose={dropReceipt}
            />
          )}
          {!m ? (
            receipt?.full ? (
              <Receipt
                order={receipt.order}
                change={receipt.change}
                clubName={clubInfo?.title ?? ''}
                staffName={displayName(session)}
                compact={false}
                slip={receipt.slip}
                onClose={dropReceipt}
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pos.member.none')} />
            )
          ) : (
            <div className={styles.memberCard} data-testid="member-card">
              {expiredOn !== null && (
                <Alert className={styles.feeAlert} type="warning" showIcon message={t('pos.fee.expiredOn', { date: formatDate(expiredOn) })} data-testid="fee-warning" />
              )}
              <Avatar size={56} src={m.foto?.url || undefined} icon={<UserOutlined />} />
              <div className={styles.memberInfo}>
                <strong data-testid="member-name">
                  {m.number} · {m.nombre} {m.surname}
                </strong>
                <span>
                  {m.category_member ? (
                    <Tag color="purple">
                      {m.category_member.title} · −{formatNumber(m.category_member.descuento, 2)} %
                    </Tag>
                  ) : null}
                  <Tag color={expired ? 'red' : 'green'} data-testid="member-expiry">
                    {expired ? t('pos.member.expired') : t('pos.member.until', { date: formatDate(m.end_date) })}
                  </Tag>
                </span>
                <span className={styles.walletLine}>
                  <span data-testid="member-wallet">{t('pos.member.wallet', { amount: formatMoney(m.monedero) })}</span>
                  {topUpAllowed && (
                    <Button size="small" type="link" icon={<WalletOutlined />} onClick={() => setTopUpOpen(true)} data-testid="member-topup">
                      {t('wallet.topUp.open')}
                    </Button>
                  )}
                </span>
                <div className={styles.consumption}>
                  <span data-testid="member-consumption">{t('pos.member.month', { month: formatNumber(month), forecast: formatNumber(forecast) })}</span>
                  <Progress percent={pct} size="small" status={month > forecast ? 'exception' : 'normal'} showInfo={false} aria-label={t('pos.member.monthLabel')} />
                </div>
                <LimitBars c={consumption.data} />
              </div>
              <Tooltip title={t('pos.history.open')}>
                <Button icon={<HistoryOutlined />} aria-label={t('pos.history.open')} onClick={() => setHistoryOpen(true)} data-testid="history-open" />
              </Tooltip>
              <Button className={styles.renew} icon={<CreditCardOutlined />} onClick={() => setRenewOpen(true)} data-testid="fee-renew">
                {t('pos.member.renew')}
              </Button>
            </div>
          )}

          <div className={styles.cart} data-testid="cart">
            <div className={styles.cartHead}>
              <h2 className={styles.cartTitle}>
                <ShoppingCartOutlined /> {order ? t('pos.order.title', { id: order.oid }) : t('pos.order.empty')}
              </h2>
              {order && canNotify && (
                <Tooltip title={t('pos.notify.help')}>
                  <Button icon={<BellOutlined />} onClick={() => sendReady(order.oid)} loading={notify.isPending} data-testid="order-notify">
                    {t('pos.notify.button')}
                  </Button>
                </Tooltip>
              )}
            </div>
            {order?.products.map((l) => (
              <div key={l.id} className={styles.line} data-testid={`line-${l.product.pid || `fee${l.fee_id}`}`}>
                <div className={styles.lineMain}>
                  <span className={styles.lineTitle}>{l.product.title}</span>
                  <span className={styles.muted}>
                    {l.product.type === 'peso' ? `${formatNumber(l.quantity)} g ×` : `${formatNumber(l.quantity)} ×`} {formatMoney(l.unit_price)}
                  </span>
                </div>
                {l.product.type === 'peso' && (
                  <div className={`${styles.real} ${realBad(l) ? styles.realBad : ''}`}>
                    <Button
                      size="small"
                      icon={<MinusOutlined />}
                      aria-label={t('pos.order.realMinus')}
                      disabled={!canStep(l, -1)}
                      onClick={() => setLine(l.product.pid, { real_quantity: realStep(l, -1) })}
                    />
                    <span data-testid={`real-${l.product.pid}`} title={t('pos.order.real')}>
                      {formatNumber(l.real_quantity)} g
                    </span>
                    <Button
                      size="small"
                      icon={<PlusOutlined />}
                      aria-label={t('pos.order.realPlus')}
                      disabled={!canStep(l, 1)}
                      onClick={() => setLine(l.product.pid, { real_quantity: realStep(l, 1) })}
                    />
                  </div>
                )}
                <span className={styles.lineTotal} data-testid={`line-total-${l.product.pid || `fee${l.fee_id}`}`}>
                  {formatMoney(l.total)}
                </span>
                <Button
                  size="small"
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('pos.order.remove', { title: l.product.title })}
                  onClick={() => saveLines(linesOf(order).map((x) => ((l.fee_id ? x.fee_id === l.fee_id : x.pid === l.product.pid) ? { ...x, quantity: 0 } : x)))}
                />
                {realBad(l) && <span className={styles.realError}>{t('pos.order.realTooHigh', { percent: discrepancy })}</span>}
              </div>
            ))}
            {order && (
              <>
                {(canCoupon || coupons.length > 0) && (
                  <div className={styles.couponRow} data-testid="order-coupons">
                    <span>{t('pos.coupon.label')}</span>
                    <span className={styles.couponTags}>
                      {coupons.map((c) => (
                        <Tag
                          key={c.id}
                          color="purple"
                          closable
                          closeIcon={<CloseOutlined aria-label={t('pos.coupon.remove', { code: c.code })} />}
                          onClose={(e) => {
                            e.preventDefault();
                            saveLines(linesOf(order), { discount_coupon_order: coupons.filter((x) => x.id !== c.id).map((x) => x.id) });
                          }}
                          data-testid={`coupon-tag-${c.code}`}
                        >
                          {c.code} · −{formatMoney(c.amount)}
                        </Tag>
                      ))}
                    </span>
                    {canCoupon && (
                      <Button icon={<TagsOutlined />} onClick={() => setCouponsOpen(true)} disabled={order.manual_discount_order > 0} data-testid="coupon-open">
                        {t('pos.coupon.open')}
                      </Button>
                    )}
                  </div>
                )}
                <div className={styles.discountRow}>
                  <label htmlFor="manual-discount">{t('pos.order.manualDiscount')}</label>
                  <InputNumber
                    id="manual-discount"
                    min={0}
                    precision={2}
                    decimalSeparator={i18n.language === 'en' ? '.' : ','}
                    value={discount}
                    onChange={(v) => setDiscount(typeof v === 'number' ? v : null)}
                    suffix="€"
                    disabled={coupons.length > 0}
                    data-testid="manual-discount"
                  />
                  <Button
                    onClick={() => saveLines(linesOf(order), { manual_discount_order: discount ?? 0 })}
                    disabled={coupons.length > 0}
                    title={coupons.length > 0 ? t('pos.coupon.noManual') : undefined}
                    data-testid="manual-discount-apply"
                  >
                    {t('pos.order.apply')}
                  </Button>
                </div>
              </>
            )}
            {open.isError && (
              <Alert
                type="error"
                showIcon
                message={t('pos.order.unknown')}
                action={
                  <Button size="small" onClick={() => void open.refetch()} loading={open.isFetching} data-testid="orders-retry">
                    {t('pos.order.retry')}
                  </Button>
                }
                data-testid="orders-error"
              />
            )}
          </div>
          <div className={`${styles.summary} ${order ? styles.summaryWithOrder : ''}`} data-testid="order-summary">
            {order && (
              <>
                <dl className={styles.totals}>
                  <dt>{t('pos.order.base')}</dt>
                  <dd data-testid="order-base">{formatMoney(order.order_base_price)}</dd>
                  <dt>{t('pos.order.discount')}</dt>
                  <dd data-testid="order-discount">{order.order_discount > 0 ? '−' : ''}{formatMoney(order.order_discount)}</dd>
                  <dt className={styles.grand}>{t('pos.order.total')}</dt>
                  <dd className={styles.grand} data-testid="order-total">
                    {formatMoney(order.order_total)}
                  </dd>
                </dl>
                <div className={styles.cartActions}>
                  <Popconfirm
                    title={t('pos.order.cancelConfirm')}
                    okText={t('pos.order.cancel')}
                    cancelText={t('common.back')}
                    onConfirm={() => cancel.mutate(order.oid)}
                  >
                    <Button danger data-testid="order-cancel">
                      {t('pos.order.cancel')}
                    </Button>
                  </Popconfirm>
                  <Button
                    type="primary"
                    size="large"
                    icon={<EuroOutlined />}
                    disabled={blocked}
                    onClick={startPay}
                    aria-keyshortcuts="F9"
                    className={styles.payButton}
                    data-testid="order-pay"
                  >
                    {t('pos.order.pay')} <Kbd>F9</Kbd>
                  </Button>
                </div>
              </>
            )}
            <div className={styles.legend} aria-label={t('pos.keys.legend')} role="group" data-testid="shortcut-legend">
              {SHORTCUTS.map((x) => (
                <span key={x.action} className={styles.legendItem}>
                  <Kbd>{x.keys[0]}</Kbd> {t(`pos.keys.${x.action}`)}
                </span>
              ))}
              <Button size="small" type="link" icon={<QuestionCircleOutlined />} onClick={() => setHelpOpen(true)} data-testid="shortcuts-open">
                {t('pos.keys.all')}
              </Button>
            </div>
          </div>
        </section>
      </div>

      <AddToOrderModal
        product={adding}
        inCart={adding ? inCart(adding.pid) : 0}
        hasMember={ready}
        leftToday={consumption.data?.left_today_g ?? null}
        batches={batchesOf !== null ? addingBatches.data : undefined}
        onAdd={addToCart}
        onClose={closeAdding}
      />
      {paying !== null && (
        <PayModal
          order={paying}
          wallet={m?.monedero ?? 0}
          methods={methods}
          signature={signatureRequired(clubInfo)}
          canOverride={canOverride}
          onPaid={paid}
          onClose={() => setPaying(null)}
        />
      )}
      {helpOpen && <ShortcutsModal onClose={() => setHelpOpen(false)} />}
      {picking !== null && (
        <MembersModal
          club={club}
          text={picking}
          onClose={() => {
            setPicking(null);
            setFocusNext('member');
          }}
          onPick={(x) => {
            chooseMember(x);
            setPicking(null);
          }}
        />
      )}
      <WalletTopUpModal
        member={topUpOpen && m ? { nid: m.nid, name: `${m.number} · ${m.nombre} ${m.surname}`, monedero: m.monedero } : null}
        onClose={() => setTopUpOpen(false)}
      />
      <FeeRenewalModal
        open={renewOpen && !!m}
        endDate={m?.end_date ?? 0}
        discounted={(order?.manual_discount_order ?? 0) > 0 || coupons.length > 0}
        onClose={() => setRenewOpen(false)}
        onRenew={(fee) => {
          setRenewOpen(false);
          saveLines([...linesOf(order).filter((l) => l.fee_id !== fee.pid), { fee_id: fee.pid, quantity: 1 }]);
        }}
      />
      <CouponModal order={couponsOpen ? order : null} onClose={() => setCouponsOpen(false)} />
      {current !== null && (
        <OrderHistoryModal member={current} open={historyOpen} onClose={() => setHistoryOpen(false)} methods={methods} />
      )}
    </div>
  );
}
