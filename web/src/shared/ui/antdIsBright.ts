/**
 * antd's isBright (color-picker/components/ColorPresets), which antd's Button and Tag styles use
 * to pick a readable text colour. The original module also holds the colour picker's preset
 * panel, which imports Collapse; because the Button needs it, every page (the login page too)
 * loaded Collapse and the colour picker. vite.config.ts points the two style modules here instead,
 * so only the helper is loaded; the same code, kept in step with antd's.
 */
import { Color as RcColor } from '@rc-component/color-picker/es/color';

interface RgbColour {
  toRgb(): { r: number; g: number; b: number; a: number };
  toRgbString(): string;
}

export const isBright = (value: RgbColour, bgColorToken: string): boolean => {
  const { r, g, b, a } = value.toRgb();
  const hsv = new RcColor(value.toRgbString()).onBackground(bgColorToken).toHsv();
  if (a <= 0.5) {
    // Adapted to dark mode
    return hsv.v > 0.5;
  }
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
};
