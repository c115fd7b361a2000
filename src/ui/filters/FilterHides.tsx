/** The "−n" next to an active filter: how many events that filter hides on its own. */
import { formatCount } from '../shared/format.ts';

export function FilterHides({ count, testId }: { count: number; testId: string }) {
  return <span className="filter-hides muted" data-testid={testId} title="events this filter hides on its own">−{formatCount(count)}</span>;
}
