/**
 * Colours and fonts for the canvases, one palette per theme. Canvas cannot read CSS variables cheaply per frame, so
 * the palettes live here and the CSS uses the same values (ui/styles.css); both themes are tuned for contrast on
 * their own background.
 */
export interface Theme {
  name: 'light' | 'dark';
  background: string;
  groupBackground: string;
  laneStripe: string;
  separator: string;
  grid: string;
  text: string;
  textMuted: string;
  /** Text drawn on top of a state band. */
  bandText: string;
  axisBackground: string;
  severity: readonly [info: string, warning: string, error: string, fatal: string];
  /** Marks for messages the catalog does not know. */
  unknownMark: string;
  lodBlock: string;
  unknownBand: string;
  /** Behind every lane of a node where its log has a gap (lines left out). */
  gapShade: string;
  /** Behind every row of a node from a kubelet process's last line to the next one's start (draw-restarts.ts). */
  kubeletDown: string;
  /** The line at each kubelet start, and its label. */
  kubeletStart: string;
  unknownHatch: string;
  selection: string;
  hover: string;
  link: string;
  linkChain: string;
  rangeFill: string;
  minimapDensity: string;
  minimapWindow: string;
  font: string;
  smallFont: string;
}

const FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

export const LIGHT_THEME: Theme = {
  name: 'light',
  background: '#ffffff',
  groupBackground: '#eef1f5',
  laneStripe: '#f7f8fa',
  separator: '#dde2e8',
  grid: 'rgba(30, 40, 60, 0.07)',
  text: '#1d2430',
  textMuted: '#5d6776',
  bandText: '#10151c',
  axisBackground: '#f4f6f9',
  severity: ['#4a6fa5', '#c7811a', '#d0342c', '#8e1b9c'],
  unknownMark: '#98a2b3',
  lodBlock: 'rgba(74, 111, 165, 0.45)',
  unknownBand: '#e3e6eb',
  gapShade: 'rgba(120, 128, 140, 0.16)',
  kubeletDown: 'rgba(208, 52, 44, 0.09)',
  kubeletStart: '#0b7a75',
  unknownHatch: '#b7bec9',
  selection: '#1f6feb',
  hover: 'rgba(31, 111, 235, 0.35)',
  link: '#7b3fe4',
  linkChain: 'rgba(123, 63, 228, 0.55)',
  rangeFill: 'rgba(31, 111, 235, 0.10)',
  minimapDensity: '#7b93b8',
  minimapWindow: 'rgba(31, 111, 235, 0.18)',
  font: `11px ${FONT_FAMILY}`,
  smallFont: `10px ${FONT_FAMILY}`,
};

export const DARK_THEME: Theme = {
  name: 'dark',
  background: '#15181d',
  groupBackground: '#1f242c',
  laneStripe: '#191c22',
  separator: '#2c323c',
  grid: 'rgba(220, 230, 245, 0.07)',
  text: '#dfe5ee',
  textMuted: '#98a3b3',
  bandText: '#0d1015',
  axisBackground: '#1b1f26',
  severity: ['#7ea6e0', '#f0a63a', '#ff6b61', '#d77be6'],
  unknownMark: '#6d7684',
  lodBlock: 'rgba(126, 166, 224, 0.45)',
  unknownBand: '#2a2f38',
  gapShade: 'rgba(160, 170, 185, 0.12)',
  kubeletDown: 'rgba(255, 107, 97, 0.10)',
  kubeletStart: '#3cc6bd',
  unknownHatch: '#4a515d',
  selection: '#58a6ff',
  hover: 'rgba(88, 166, 255, 0.4)',
  link: '#b48cff',
  linkChain: 'rgba(180, 140, 255, 0.55)',
  rangeFill: 'rgba(88, 166, 255, 0.12)',
  minimapDensity: '#5e7aa3',
  minimapWindow: 'rgba(88, 166, 255, 0.22)',
  font: `11px ${FONT_FAMILY}`,
  smallFont: `10px ${FONT_FAMILY}`,
};
