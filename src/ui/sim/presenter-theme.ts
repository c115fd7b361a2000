/**
 * Presenter mode's canvas palette: the dark theme pushed to high contrast (near-black background, white text,
 * brighter separators) with larger type, for projectors and screen shares.
 */
import { DARK_THEME, type Theme } from '../../render/theme.ts';

const FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

export const PRESENTER_THEME: Theme = {
  ...DARK_THEME,
  background: '#000000',
  groupBackground: '#1a1d22',
  laneStripe: '#0b0c0e',
  separator: '#4a5260',
  grid: 'rgba(255, 255, 255, 0.12)',
  text: '#ffffff',
  textMuted: '#d0d6df',
  axisBackground: '#0b0c0e',
  selection: '#6cb6ff',
  font: `bold 13px ${FONT_FAMILY}`,
  smallFont: `12px ${FONT_FAMILY}`,
};
