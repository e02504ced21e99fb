import type { ThemeConfig } from 'antd';

/** Brand colours: the club purple of the spec's TV screens and a deep aubergine for the menu. */
export const palette = {
  primary: '#A463BF',
  primaryDark: '#7E3FA0',
  sider: '#1E1726',
  siderDeep: '#171120',
  layout: '#F5F3F8',
  text: '#2A1F33',
} as const;

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
    colorInfo: palette.primary,
    colorLink: palette.primaryDark,
    colorTextBase: palette.text,
    colorBgLayout: palette.layout,
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
      darkGroupTitleColor: 'rgba(255, 255, 255, 0.42)',
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
      headerBg: '#FAF8FC',
      headerColor: 'rgba(42, 31, 51, 0.75)',
      rowHoverBg: '#F7F0FA',
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
