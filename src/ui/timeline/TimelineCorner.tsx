/** Above the lane headers: what the axis shows (absolute or relative time) and collapse/expand all pods. */
import { useAppStore, useStoreApi } from '../app/StoreContext.tsx';
import { selectLaneGroups } from '../../store/selectors.ts';
import { formatEpochUs } from '../../util/time.ts';

/** `2023-09-19` for the day the window starts in (the axis shows times of day only). */
const dayOf = (us: number) => (Number.isFinite(us) ? formatEpochUs(us).slice(0, 10) : '');

export function TimelineCorner({ width }: { width: number }) {
  const store = useStoreApi();
  const originUs = useAppStore((s) => s.viewport.originUs);
  const day = useAppStore((s) => dayOf(s.viewport.startUs));
  const relative = Number.isFinite(originUs);
  const podGroupIds = () => selectLaneGroups(store.getState())?.pods.map((g) => g.id) ?? [];
  return (
    <div className="timeline-corner" style={{ width }}>
      <div className="corner-row">
        <button type="button" className="small" title="Collapse every pod (C)" onClick={() => store.getState().setAllCollapsed(podGroupIds(), true)}>Collapse pods</button>
        <button type="button" className="small" title="Expand every pod (Shift+C)" onClick={() => store.getState().setAllCollapsed(podGroupIds(), false)}>Expand</button>
      </div>
      <div className="corner-row muted">
        {relative ? (
          <>
            <span title={`origin ${formatEpochUs(originUs)}`}>time relative to origin</span>
            <button type="button" className="link-button" onClick={() => store.getState().setOrigin(NaN)}>absolute</button>
          </>
        ) : (
          <span title="Double-click the axis, or press O on a selection, to measure from there">{day} · wall-clock time as logged</span>
        )}
      </div>
    </div>
  );
}
