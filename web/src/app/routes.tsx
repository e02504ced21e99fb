/**
 * The route registry: every route of spec part 1 §2 and part 2 §2 and every side-menu dialog,
 * with its gate (a key of src/shared/access/gates.json), its place in the side menu and its page.
 * The router, the side menu and the route guard all read this one list.
 */
import {
  ApartmentOutlined,
  SafetyCertificateOutlined,
  AppstoreAddOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BranchesOutlined,
  CalendarOutlined,
  CloudServerOutlined,
  CommentOutlined,
  CreditCardOutlined,
  CrownOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DesktopOutlined,
  EuroCircleOutlined,
  EuroOutlined,
  ExportOutlined,
  FieldTimeOutlined,
  FileDoneOutlined,
  FileTextOutlined,
  GlobalOutlined,
  HistoryOutlined,
  IdcardOutlined,
  ImportOutlined,
  InboxOutlined,
  LayoutOutlined,
  LineChartOutlined,
  LockOutlined,
  LoginOutlined,
  MenuOutlined,
  MessageOutlined,
  NotificationOutlined,
  ProjectOutlined,
  QrcodeOutlined,
  ReadOutlined,
  ReconciliationOutlined,
  RiseOutlined,
  ScanOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  SolutionOutlined,
  StockOutlined,
  SunOutlined,
  SwapOutlined,
  TagsOutlined,
  TeamOutlined,
  UserAddOutlined,
  UserSwitchOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';

export type MenuGroupKey = 'members' | 'pos' | 'cash' | 'cultivation' | 'admin' | 'reports' | 'social';

export interface MenuGroup {
  key: MenuGroupKey;
  /** Key of gates.json `menuGroups`. */
  gate: MenuGroupKey;
  order: number;
  icon: ReactNode;
  labelKey: string;
}

export interface MenuPlacement {
  group: MenuGroupKey;
  order: number;
  icon: ReactNode;
  labelKey: string;
}

export interface RouteEntry {
  /** Route path under /app/, spelled as the product spells it. */
  name: string;
  /** The router's path: the name, then its parameters when it has any ("batch/:id"). */
  path: string;
  /** The menu entry shown as current while this route is open (a batch shows under the batches). */
  within?: string;
  /**
   * Whose screen it is: the current club's staff ('club': its gate decides, and a suspended club
   * refuses it), the logged-in person whatever club is chosen or suspended ('account': the profile,
   * the novelties), or the provider's administrators ('provider': /api/user/me's provider_admin,
   * no club at all).
   */
  audience: 'club' | 'account' | 'provider';
  /** Key of gates.json `screens`; null for the provider's screens, which no club gate covers (the server's Provider gate does). */
  gate: string | null;
  /** A screen, or a side-menu dialog (opened as a page for now). */
  kind: 'screen' | 'dialog';
  /** 'bare' screens (TV shows, product detail) hide the navigation. */
  layout: 'shell' | 'bare';
  menu?: MenuPlacement;
  page: LazyExoticComponent<ComponentType>;
}

/** Menu groups under the heading "Gestión Club", in order. */
export const menuGroups: MenuGroup[] = [
  { key: 'members', gate: 'members', order: 10, icon: <TeamOutlined />, labelKey: 'menu.groups.members' },
  { key: 'pos', gate: 'pos', order: 20, icon: <ShoppingCartOutlined />, labelKey: 'menu.groups.pos' },
  { key: 'cash', gate: 'cash', order: 30, icon: <DatabaseOutlined />, labelKey: 'menu.groups.cash' },
  { key: 'cultivation', gate: 'cultivation', order: 35, icon: <SunOutlined />, labelKey: 'menu.groups.cultivation' },
  { key: 'admin', gate: 'admin', order: 40, icon: <SettingOutlined />, labelKey: 'menu.groups.admin' },
  { key: 'reports', gate: 'reports', order: 50, icon: <BarChartOutlined />, labelKey: 'menu.groups.reports' },
  { key: 'social', gate: 'social', order: 60, icon: <GlobalOutlined />, labelKey: 'menu.groups.social' },
];

const ClubPage = lazy(() => import('../features/club/ClubPage'));
const TodayPage = lazy(() => import('../features/club/TodayPage'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'));
const ProviderPage = lazy(() => import('../features/provider/ProviderPage'));
const NoveltiesPage = lazy(() => import('../features/novelties/NoveltiesPage'));
/** Honest "being prepared" page for every screen not built yet. */
const PlannedPage = lazy(() => import('../features/placeholder/PlannedPage'));

type EntryOptions = {
  gate?: string | null;
  audience?: RouteEntry['audience'];
  layout?: RouteEntry['layout'];
  page?: RouteEntry['page'];
  menu?: [MenuGroupKey, number, ReactNode];
  /** Path parameters after the name, e.g. ':id' (the route opens as /app/<name>/<id>). */
  params?: string;
  within?: string;
};

function screen(name: string, o: EntryOptions = {}): RouteEntry {
  return entry('screen', name, o);
}

function dialog(name: string, o: EntryOptions = {}): RouteEntry {
  return entry('dialog', name, o);
}

function entry(kind: RouteEntry['kind'], name: string, o: EntryOptions): RouteEntry {
  return {
    name,
    path: o.params ? `${name}/${o.params}` : name,
    within: o.within,
    audience: o.audience ?? 'club',
    gate: o.gate === undefined ? name : o.gate,
    kind,
    layout: o.layout ?? 'shell',
    page: o.page ?? PlannedPage,
    menu: o.menu && { group: o.menu[0], order: o.menu[1], icon: o.menu[2], labelKey: `menu.items.${name}` },
  };
}

export const routes: RouteEntry[] = [
  // Today (the landing screen), club, profile, novelties (reachable by every staff member of the club;
  // the profile and the novelties are the person's, whatever the club)
  screen('today', { page: TodayPage }),
  screen('club', { page: ClubPage }),
  screen('userprofile', { page: ProfilePage, audience: 'account' }),
  screen('novelties', { page: NoveltiesPage, audience: 'account' }),
  screen('descarga', { page: lazy(() => import('../features/social/pages/DownloadPage')) }),

  // Members
  screen('patientcreate', { page: lazy(() => import('../features/members/pages/PatientCreatePage')), menu: ['members', 10, <UserAddOutlined />] }),
  screen('patientmanager', { page: lazy(() => import('../features/members/pages/PatientManagerPage')), menu: ['members', 20, <TeamOutlined />] }),
  screen('userinvite', { page: lazy(() => import('../features/memberTools/pages/UserInvitePage')), menu: ['members', 30, <SolutionOutlined />] }),
  screen('uservalidation', { page: lazy(() => import('../features/memberTools/pages/UserValidationPage')), menu: ['members', 40, <QrcodeOutlined />] }),
  screen('dniread', { page: lazy(() => import('../features/memberTools/pages/DniReadPage')), menu: ['members', 50, <ScanOutlined />] }),
  screen('usersmanager', { page: lazy(() => import('../features/memberTools/pages/UsersManagerPage')), menu: ['members', 60, <UserSwitchOutlined />] }),
  screen('accesscontrol', { page: lazy(() => import('../features/members/pages/AccessControlPage')), menu: ['members', 70, <LoginOutlined />] }),

  // Point of sale
  screen('pos', { page: lazy(() => import('../features/pos/pages/PosPage')), menu: ['pos', 10, <ShopOutlined />] }),
  screen('ordersInProcess', { page: lazy(() => import('../features/pos/pages/OrdersInProcessPage')), menu: ['pos', 20, <FieldTimeOutlined />] }),

  // Cash and inventory
  screen('dispensarymanagerpro', { page: lazy(() => import('../features/catalog/pages/ProductManagerPage')), menu: ['cash', 10, <AppstoreOutlined />] }),
  screen('dispensarymanagerbasic', { page: lazy(() => import('../features/dispensary/pages/BasicManagerPage')), menu: ['cash', 20, <AppstoreAddOutlined />] }),
  screen('stockmanager', { page: lazy(() => import('../features/stock/pages/StockManagerPage')), menu: ['cash', 30, <StockOutlined />] }),
  screen('inventorymanager', { page: lazy(() => import('../features/stock/pages/InventoryManagerPage')), menu: ['cash', 40, <InboxOutlined />] }),
  dialog('closeregister', { page: lazy(() => import('../features/cash/pages/CloseRegisterPage')), menu: ['cash', 50, <LockOutlined />] }),
  dialog('cashmovement', { page: lazy(() => import('../features/cash/pages/CashMovementPage')), menu: ['cash', 60, <SwapOutlined />] }),
  screen('closeregisterhistory', { page: lazy(() => import('../features/cash/pages/CloseHistoryPage')), menu: ['cash', 70, <HistoryOutlined />] }),
  screen('dispensaryproductcreatepro', { page: lazy(() => import('../features/catalog/pages/ProductCreatePage')) }),
  screen('dispensaryproductcreatebasic', { page: lazy(() => import('../features/dispensary/pages/BasicProductFormPage')) }),
  screen('dispensary', { page: lazy(() => import('../features/dispensary/pages/DispensaryListPage')), menu: ['cash', 25, <MenuOutlined />] }),
  screen('dispensary_item', { gate: 'dispensary', layout: 'bare', page: lazy(() => import('./DispensaryItemPage')) }),
  screen('productHistoryReport', { page: lazy(() => import('../features/stock/pages/ProductHistoryReportPage')) }),

  // Cultivation: strains, seeds and cuttings taken in, batches from seed to product, the authorities' report
  screen('strains', { page: lazy(() => import('../features/cultivation/pages/StrainsPage')), menu: ['cultivation', 10, <BranchesOutlined />] }),
  screen('growintake', { page: lazy(() => import('../features/cultivation/pages/GrowIntakePage')), menu: ['cultivation', 20, <ImportOutlined />] }),
  screen('batches', { page: lazy(() => import('../features/cultivation/pages/BatchesPage')), menu: ['cultivation', 30, <ProjectOutlined />] }),
  screen('batch', { params: ':id', within: 'batches', page: lazy(() => import('../features/cultivation/pages/BatchPage')) }),
  screen('annualreport', { page: lazy(() => import('../features/cultivation/pages/AnnualReportPage')), menu: ['cultivation', 40, <ReconciliationOutlined />] }),

  // Administration
  screen('staffmanager', { page: lazy(() => import('../features/members/pages/StaffManagerPage')), menu: ['admin', 10, <IdcardOutlined />] }),
  screen('cupons', { page: lazy(() => import('../features/coupons/pages/CouponsPage')), menu: ['admin', 20, <TagsOutlined />] }),
  screen('cuponcreate', { page: lazy(() => import('../features/coupons/pages/CouponCreatePage')) }),
  screen('cuponUsesList', { page: lazy(() => import('../features/coupons/pages/CouponUsesPage')) }),
  dialog('walletamounts', { page: lazy(() => import('../features/pos/pages/AmountPresetsPage').then((m) => ({ default: m.WalletAmountsPage }))), menu: ['admin', 30, <WalletOutlined />] }),
  dialog('feetypes', { page: lazy(() => import('../features/pos/pages/FeeTypesPage')), menu: ['admin', 40, <CreditCardOutlined />] }),
  dialog('membercategories', { page: lazy(() => import('../features/members/pages/MemberCategoriesPage')), menu: ['admin', 50, <CrownOutlined />] }),
  dialog('productcategories', { page: lazy(() => import('../features/stock/pages/ProductCategoriesPage')), menu: ['admin', 60, <ApartmentOutlined />] }),
  dialog('cashamounts', { page: lazy(() => import('../features/pos/pages/AmountPresetsPage').then((m) => ({ default: m.CashAmountsPage }))), menu: ['admin', 70, <EuroCircleOutlined />] }),
  dialog('weightdiscrepancy', { page: lazy(() => import('../features/stock/pages/WeightDiscrepancyPage')), menu: ['admin', 80, <DashboardOutlined />] }),
  dialog('paymentmethods', { page: lazy(() => import('../features/pos/pages/PaymentMethodsPage')), menu: ['admin', 90, <BankOutlined />] }),
  dialog('consumptionforecast', { page: lazy(() => import('../features/stock/pages/ConsumptionForecastPage')), menu: ['admin', 100, <LineChartOutlined />] }),
  screen('clubrules', { page: lazy(() => import('../features/rules/ClubRulesPage')), menu: ['admin', 110, <SafetyCertificateOutlined />] }),

  // Reports
  screen('ordersReport', { page: lazy(() => import('../features/pos/pages/OrdersReportPage')), menu: ['reports', 10, <FileTextOutlined />] }),
  screen('dispensationReport', { page: lazy(() => import('../features/reports/pages/WithdrawalsReportPage')), menu: ['reports', 20, <ExportOutlined />] }),
  screen('dispensationregister', { page: lazy(() => import('../features/reports/pages/DispensationRegisterPage')), menu: ['reports', 25, <SolutionOutlined />] }),
  screen('efficiencyReport', { page: lazy(() => import('../features/reports/pages/PerformanceReportPage')), menu: ['reports', 30, <RiseOutlined />] }),
  screen('walletReport', { page: lazy(() => import('../features/reports/pages/WalletReportPage')), menu: ['reports', 40, <WalletOutlined />] }),
  screen('accesscontrolreport', { page: lazy(() => import('../features/reports/pages/AccessReportPage')), menu: ['reports', 50, <AuditOutlined />] }),
  screen('movementsreport', { page: lazy(() => import('../features/cash/pages/MovementsReportPage')), menu: ['reports', 60, <EuroOutlined />] }),
  screen('closingregisterreport', { page: lazy(() => import('../features/cash/pages/ClosingRegisterReportPage')), menu: ['reports', 70, <FileDoneOutlined />] }),
  screen('closingreport', { page: lazy(() => import('../features/cash/pages/ClosingReportPage')), menu: ['reports', 80, <CalendarOutlined />] }),

  // Social
  screen('clubmanager', { page: lazy(() => import('../features/club/pages/ClubManagerPage')), menu: ['social', 10, <LayoutOutlined />] }),
  screen('htmleditor', { page: lazy(() => import('../features/club/pages/HtmlEditorPage')) }),
  screen('news', { page: lazy(() => import('../features/social/pages/NewsPage')), menu: ['social', 20, <ReadOutlined />] }),
  screen('newscreate', { page: lazy(() => import('../features/social/pages/NewsCreatePage')) }),
  screen('events', { page: lazy(() => import('../features/social/pages/EventsPage')), menu: ['social', 30, <ScheduleOutlined />] }),
  screen('eventcreate', { page: lazy(() => import('../features/social/pages/EventCreatePage')) }),
  screen('consults', { page: lazy(() => import('../features/social/pages/ConsultsPage')), menu: ['social', 40, <CommentOutlined />] }),
  screen('pushnotificationsmanager', { page: lazy(() => import('../features/memberTools/pages/PushManagerPage')), menu: ['social', 50, <NotificationOutlined />] }),
  screen('smsmanager', { page: lazy(() => import('../features/memberTools/pages/SmsManagerPage')), menu: ['social', 60, <MessageOutlined />] }),
  screen('tvshows', { page: lazy(() => import('../features/social/tv/TvShowsPage')), menu: ['social', 70, <DesktopOutlined />] }),
  screen('tvshow1', { layout: 'bare', page: lazy(() => import('../features/social/tv/TvShow1Page')) }),
  screen('tvshow2', { layout: 'bare', page: lazy(() => import('../features/social/tv/TvShow2Page')) }),
  screen('tvshow3', { layout: 'bare', page: lazy(() => import('../features/social/tv/TvShow3Page')) }),
  screen('tvshowsettings', { page: lazy(() => import('../features/social/tv/TvSettingsPage')) }),

  // The provider's console: every club it hosts, new clubs, flags, suspension, its audit log
  screen('provider', { page: ProviderPage, audience: 'provider', gate: null }),
];

/** Old paths that lead to a route of the registry. */
export const redirects: { from: string; to: string }[] = [{ from: 'carta', to: 'tvshows' }];

/** The route the app opens after login and whenever access is refused ("the root"): the club's day. */
export const HOME_ROUTE = 'today';

/** The club's page, one click away from the root in the menu. */
export const CLUB_ROUTE = 'club';

/** The provider's console: at the top of the menu for provider administrators, their landing when they staff no club. */
export const PROVIDER_ROUTE = 'provider';

/** The side-menu entry of the provider's console. */
export const providerMenu = { icon: <CloudServerOutlined />, labelKey: 'menu.items.provider' };

export function findRoute(name: string): RouteEntry | undefined {
  return routes.find((r) => r.name === name);
}
