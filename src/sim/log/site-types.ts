/** The shape of a call-site table row (sites.ts explains the tables) and the helpers that build rows. */

export type Sev = 'I' | 'W' | 'E';

export interface SiteVariant {
  era: 'printf' | 'structured';
  entry: string;
  /** The printf template or structured message, verbatim from the catalog entry. */
  text: string;
  keys?: readonly string[];
  v: number;
  sev?: Sev | ((minor: number) => Sev);
  file: string;
  /** Build id ('1.12', '1.12-custom', '1.23', '1.28'…) → source line. */
  lines: Record<string, number>;
  /** Minor versions where this variant exists (inclusive). */
  from: number;
  to: number;
}

export type Opt = Partial<Pick<SiteVariant, 'sev' | 'from' | 'to'>>;

export const P = (entry: string, text: string, v: number, file: string, lines: Record<string, number>, opt: Opt = {}): SiteVariant =>
  ({ era: 'printf', entry, text, v, file, lines, from: 0, to: 20, ...opt });
export const S = (entry: string, text: string, keys: readonly string[], v: number, file: string, lines: Record<string, number>, opt: Opt = {}): SiteVariant =>
  ({ era: 'structured', entry, text, keys, v, file, lines, from: 21, to: 99, ...opt });

export const REF = ['pod', 'podUID'] as const;

