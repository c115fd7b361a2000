/**
 * The part of papaparse the pure core uses, typed without Node or DOM types. tsconfig.core.json maps the `papaparse`
 * import here (its own types reference Node's, which would leak Node globals into the core's type check); at run
 * time the import is the real package. Bundles and tsx resolve the package as usual.
 */
export interface ParseError {
  type: string;
  code: string;
  message: string;
  row?: number;
}

export interface Parser {
  abort(): void;
}

export interface ParseStepResult {
  data: string[];
  errors: ParseError[];
}

export interface ParseConfig {
  header?: false;
  delimiter?: string;
  newline?: string;
  skipEmptyLines?: boolean | 'greedy';
  step?: (results: ParseStepResult, parser: Parser) => void;
}

export interface UnparseConfig {
  quotes?: boolean;
  newline?: string;
  header?: boolean;
  escapeFormulae?: boolean | RegExp;
}

export function parse(input: string, config: ParseConfig): unknown;
export function unparse(data: { fields: string[]; data: unknown[][] }, config?: UnparseConfig): string;

declare const Papa: { parse: typeof parse; unparse: typeof unparse };
export default Papa;
