import type { ThemeConfig } from 'antd';

/**
 * Brand colours: the club purple of the spec's TV screens (#A463BF, `brand`) and a deep aubergine
 * for the menu. Text and white-on-colour use shades of it that pass WCAG 2.1 AA (4.5:1):
 * `primary` #8E4BAE is 5.6:1 with white and 5.1:1 on the page background (the brand purple is
 * 4.1:1 and 3.7:1); the greys are 4.8:1 or more on every background of the app.
 *
 * The CSS modules take these colours as variables, never as literals: each entry is
 * `--socius-<kebab-name>` on :root (themeVariables.ts), beside antd's own `--ant-*` tokens.
 */
export const palette = {
  brand: '#A463BF',
  brandLight: '#C08BD6',
  brandGlow: '#B77BD0',
  primary: '#8E4BAE',
  primaryDark: '#7E3FA0',
  purpleStrong: '#6B2F8A',
  purpleInk: '#5B3A6E',
  purpleDeep: '#5B2D75',
  lilac: '#A77FBD',
  sider: '#1E1726',
  siderDeep: '#171120',
  // text on the sider and other aubergine panels
  siderText: '#C9B3D6',
  siderTextMuted: '#B9A6C6',
  siderAccent: '#E3BDF2',
  layout: '#F5F3F8',
  // light tints of the brand for panels, selections and lines, lightest first
  surface: '#FAF8FC',
  hover: '#F7F0FA',
  tint: '#F4ECF8',
  tintMuted: '#F1ECF5',
  tintStrong: '#F0E6F6',
  tintDeep: '#E9DFF0',
  tintNeutral: '#ECEBEF',
  tintAccent: '#EAD9F2',
  selected: '#E2CFEE',
  selectedStrong: '#DFC6EA',
  focusRing: '#E2C6EE',
  line: '#ECE6F0',
  lineStrong: '#E4D7EC',
  fieldBorderLight: '#E0D8E6',
  text: '#2A1F33',
  textDeep: '#3A3040',
  textMedium: '#4A4150',
  textSecondary: '#5F5866',
  textTertiary: '#6A6370',
  // figures: money lost and gained, late and pending
  negative: '#A8322A',
  negativeStrong: '#C62828',
  positive: '#1E6B38',
  positiveTint: '#F3FAF5',
  warningText: '#B25C00',
  goldText: '#AD6800',
  // printed tickets
  ink: '#000000',
} as const;

/**
 * The text shade (7) of preset tag colours, darkened where antd's is under 4.5:1 on the tag's light
 * background. antd keeps each shade under two names (`green7`, `green-7`): both are set.
 */
function presetText(colors: Record<string, string>) {
  return Object.fromEntries(Object.entries(colors).flatMap(([k, v]) => [[`${k}7`, v], [`${k}-7`, v]]));
}

const fontFamily =
  "'Inter', 'Segoe UI', -apple-system, BlinkMacSystemFont, Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

/**
 * The one theme of the app: primary #A463BF, a dark side menu, comfortable forms and compact tables.
 * Component styles that the theme can hold live here rather than in CSS.
 */
export const theme: ThemeConfig = {
  cssVar: { key: 'socius' },
  token: {
    colorPrimary: palette.primary,
    // hovered and pressed buttons keep white text readable (4.7:1 and 6.8:1)
    colorPrimaryHover: '#9A58B6',
    colorPrimaryActive: palette.primaryDark,
    colorInfo: palette.primary,
    colorLink: palette.primaryDark,
    colorTextBase: palette.text,
    colorBgLayout: palette.layout,
    // antd derives these greys as transparent text, too light on the tinted backgrounds
    colorTextSecondary: palette.textSecondary,
    colorTextTertiary: palette.textTertiary,
    colorTextDescription: palette.textTertiary,
    colorTextPlaceholder: palette.textTertiary,
    // Status and tag colours as text on their light backgrounds (tags, danger buttons): the darker
    // shade of each palette, 4.5:1 or more, the light backgrounds kept.
    colorSuccess: '#237804',
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorError: '#cf1322',
    colorErrorBg: '#fff2f0',
    colorErrorBorder: '#ffccc7',
    ...presetText({ green: '#237804', gold: '#874d00', orange: '#ad4e00', volcano: '#ad2102', cyan: '#006d75', lime: '#3f6600', yellow: '#876800' }),
    borderRadius: 8,
    borderRadiusLG: 12,
    fontFamily,
    fontSize: 14,
    controlHeight: 36,
    controlHeightLG: 44,
    wireframe: false,
  },
  components: {
    Layout: {
      siderBg: palette.sider,
      headerBg: '#FFFFFF',
      headerHeight: 64,
      headerPadding: '0 24px',
      bodyBg: palette.layout,
      triggerBg: palette.siderDeep,
    },
    Menu: {
      darkItemBg: palette.sider,
      darkSubMenuItemBg: palette.siderDeep,
      darkPopupBg: palette.sider,
      darkItemSelectedBg: palette.primary,
      darkItemSelectedColor: '#FFFFFF',
      darkItemColor: 'rgba(255, 255, 255, 0.72)',
      darkItemHoverColor: '#FFFFFF',
      darkGroupTitleColor: 'rgba(255, 255, 255, 0.6)',
      itemBorderRadius: 8,
      itemMarginInline: 8,
      iconSize: 16,
    },
    Form: {
      itemMarginBottom: 20,
      verticalLabelPadding: '0 0 6px',
      labelFontSize: 14,
    },
    Table: {
      cellPaddingBlock: 8,
      cellPaddingInline: 12,
      cellPaddingBlockSM: 6,
      cellPaddingInlineSM: 8,
      cellFontSize: 13,
      headerBg: palette.surface,
      headerColor: 'rgba(42, 31, 51, 0.75)',
      rowHoverBg: palette.hover,
    },
    Card: {
      headerFontSize: 16,
    },
    Alert: {
      withDescriptionPadding: '16px 20px',
    },
    Button: {
      fontWeight: 500,
      primaryShadow: '0 2px 0 rgba(126, 63, 160, 0.12)',
    },
    Modal: {
      titleFontSize: 18,
    },
  },
};

export default theme;
