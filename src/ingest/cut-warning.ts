/** The warning a record cut short gets (a terminal's width, a pager, an excerpt's end), and how a reader knows it again. */

export const CUT_WARNING_PREFIX = 'the record is cut ';

/** `where`: how the cut shows, e.g. `inside the value of pod= (its quote is not closed)`. */
export function cutWarning(where: string): string {
  return `${CUT_WARNING_PREFIX}${where}; read as far as it goes`;
}
