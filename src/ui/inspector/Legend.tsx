/** What the marks and bands mean (shown while nothing is selected). Swatches are CSS boxes in the theme's colours. */
export function Legend() {
  return (
    <section className="inspector-section legend" aria-label="Legend">
      <h3>Legend</h3>
      <ul>
        <li><span className="swatch mark sev-0" /> event (info) · <span className="swatch mark sev-1" /> warning · <span className="swatch mark sev-2" /> error · <span className="swatch mark unknown-msg" /> message not in the catalog</li>
        <li><span className="swatch band ok" /> running / ready / syncing · <span className="swatch band busy" /> terminating / killing · <span className="swatch band ended" /> ended · <span className="swatch band bad" /> failed / not ready</li>
        <li><span className="swatch band unknown" /> unknown: the logs cannot show the state ("not in the log": lines were left out there, and the lanes behind are shaded)</li>
        <li><span className="swatch band inferred" /> inferred: implied by the log, not printed</li>
        <li><span className="swatch band open" /> still in that state when the log ends</li>
        <li><span className="swatch kubelet-start" /> kubelet start (a new process) · <span className="swatch kubelet-down" /> from the last line of the kubelet before it to that start: no kubelet on the node</li>
        <li><span className="swatch lod" /> many events too close to tell apart at this zoom (zoom in)</li>
        <li><span className="swatch arrow">→</span> causal link between events (select an event)</li>
      </ul>
    </section>
  );
}
